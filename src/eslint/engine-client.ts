import { MessageChannel, Worker, receiveMessageOnPort, type MessagePort } from 'node:worker_threads';
import type { LintRequest, LintResponse, ReachedResponse } from './session.js';

/**
 * How long a rule waits for the engine: the first lint of a big repository lists and indexes it
 * (seconds for tens of thousands of files); a wait this long means the worker is stuck or gone.
 */
const TIMEOUT_MS = 5 * 60_000;

interface Connection {
  worker: Worker;
  port: MessagePort;
  /** [0] counts the worker's answers (a rule waits for it to move: Atomics.wait); [1] is 1 once the worker failed. */
  flag: Int32Array;
  next: number;
}

let connection: Connection | undefined;

/**
 * Starts the worker (worker.ts) on first use. It is unref'd, like its port: an ESLint process ends
 * when ESLint is done, whatever the worker keeps. A worker that exits or fails is dropped (its
 * 'error' is handled here, or it would end the ESLint process), and the next lint starts another.
 */
function connect(): Connection {
  const flag = new Int32Array(new SharedArrayBuffer(8));
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { port: port2, flag }, transferList: [port2] });
  worker.unref();
  port1.unref();
  const c: Connection = { worker, port: port1, flag, next: 0 };
  const drop = () => {
    if (connection === c) connection = undefined;
  };
  worker.on('error', drop);
  worker.on('exit', drop);
  return c;
}

/** Ends a connection that failed: the next lint starts a new worker. */
function abandon(c: Connection): void {
  if (connection === c) connection = undefined;
  void c.worker.terminate();
}

/** What the worker does for the main thread (worker.ts): lint a file, or say which files a file's repository reaches. */
export type WorkerCall = { method: 'lint'; request: LintRequest } | { method: 'reached'; file: string; known: Record<string, number> };

/** Lints one file in the worker and waits for the answer (see call). */
export function lintInWorker(request: LintRequest): LintResponse {
  return call<LintResponse>({ method: 'lint', request }, request.file);
}

/** The files `file`'s repository lints or reaches (Workspace.reached), from the worker; `known`: the runs whose answers the caller has, by root. */
export function reachedInWorker(file: string, known: Record<string, number>): ReachedResponse {
  return call<ReachedResponse>({ method: 'reached', file, known }, file);
}

/**
 * Asks the worker and waits for the answer, synchronously, as ESLint's rules and config functions
 * must: the thread blocks on a shared counter the worker moves once its answer is queued (the
 * technique of synckit, which eslint-plugin-prettier uses for the same reason). A worker that failed
 * says so in the same counter's array (worker.ts), so the caller never waits on a dead one.
 */
function call<T>(message: WorkerCall, file: string): T {
  const c = (connection ??= connect());
  const id = ++c.next;
  c.port.postMessage({ id, call: message });
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    // The counter is read before the port: an answer queued after this read moves the counter, so
    // the wait below returns at once, and one queued before it is on the port already.
    const seen = Atomics.load(c.flag, 0);
    const received = receiveMessageOnPort(c.port);
    if (received) {
      const reply = received.message as { id: number; ok?: T; error?: string };
      if (reply.id !== id) continue;
      if (reply.error !== undefined) throw new Error(`agents-lint could not lint ${file}: ${reply.error}`);
      return reply.ok!;
    }
    if (Atomics.load(c.flag, 1) === 1) {
      abandon(c);
      throw new Error(`agents-lint's engine stopped while linting ${file}; the next lint starts it again.`);
    }
    if (Atomics.wait(c.flag, 0, seen, Math.max(0, deadline - Date.now())) === 'timed-out') {
      abandon(c);
      throw new Error(`agents-lint did not answer within ${TIMEOUT_MS / 1000} s while linting ${file}; the next lint starts it again.`);
    }
  }
}
