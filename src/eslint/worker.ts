import { workerData, type MessagePort } from 'node:worker_threads';
import { Workspace } from './session.js';
import type { WorkerCall } from './engine-client.js';

/**
 * The plugin's worker thread: ESLint's rules are synchronous and the engine is not (secretlint's and
 * sh-syntax's APIs are async), so the engine runs here and the rules wait for its answer
 * (engine-client.ts). It lives as long as the ESLint process, and so does its Workspace: the
 * repository index built on the first lint serves every later one.
 */
const { port, flag } = workerData as { port: MessagePort; flag: Int32Array };
const workspace = new Workspace();
// A failure outside a lint (an unhandled rejection left by a library) ends this worker: the waiting
// rule is told at once (flag[1], engine-client.ts) rather than after its time-out.
const fail = () => {
  Atomics.store(flag, 1, 1);
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
  process.exit(1);
};
process.on('uncaughtException', fail);
process.on('unhandledRejection', fail);
// One request at a time: the client waits for each answer before it sends the next.
port.on('message', async ({ id, call }: { id: number; call: WorkerCall }) => {
  let reply: { id: number; ok?: unknown; error?: string };
  try {
    reply = { id, ok: call.method === 'lint' ? await workspace.lint(call.request) : await workspace.reached(call.file, call.known) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  // The answer is queued before the flag moves: the client reads it as soon as it wakes.
  port.postMessage(reply);
  Atomics.add(flag, 0, 1);
  Atomics.notify(flag, 0);
});
