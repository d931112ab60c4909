/**
 * File rules on more than one core. The file loop is most of a cold lint (parsing and the file
 * rules), and each file's findings depend only on that file and the repository, so worker threads
 * can take files off the same list as the main thread: one shared counter (Atomics) hands out the
 * next file to whichever thread is free, so a worker that starts late or a file that is slow
 * balances itself. A worker builds its own repository index from the main thread's listing (no
 * second `git ls-files`), lints the files it takes, and sends back their findings and, when repo
 * rules read them, their statements; the main thread merges them as if it had linted those files.
 *
 * Opt-in (LintOptions.workers, AGENTS_LINT_WORKERS): measured on the 2-core benchmark machine, a
 * worker costs more than it saves (full lint of 2,000 packages: 1.6 s in one thread, 2.1 s with one
 * worker). A second isolate repeats the set-up, the discovery index and the JIT's warm-up, and it
 * takes the core that the main thread's concurrent GC and compiler threads otherwise use: each
 * thread then lints a file 50% slower. Machines with more cores may gain; measure before enabling.
 */
import { SHARD_WORKER_ARG, workerThreads } from './shard-thread.js';
import type { WireFinding } from './report.js';
import type { Statement } from '../markdown/instruction-file.js';
import type { LintOptions } from './lint.js';

/** What a worker is asked to do: everything is plain data (structured clone). */
export interface ShardRequest {
  options: LintOptions;
  root: string;
  /** The main thread's listing (repo-relative paths), or null when it walked the tree itself. */
  listing: readonly string[] | null;
  /** The files of the run, in the main thread's order; the counter indexes this list. */
  files: readonly string[];
  counter: SharedArrayBuffer;
  /** Whether repo rules read statements: the worker then sends each file's. */
  keepStatements: boolean;
}

/** One file a worker linted. */
export interface ShardOutcome {
  index: number;
  findings: WireFinding[];
  parseProblem: string | null;
  statements?: Statement[];
}

/** Rules whose prepare hook threw in a worker, with the error: [rule id, message]. */
type Unprepared = [string, string][];

export type ShardMessage = { kind: 'files'; outcomes: ShardOutcome[] } | { kind: 'done'; unprepared: Unprepared } | { kind: 'failed'; message: string };

/** Where a worker starts: the launcher sets it to itself (the bundle), else the unbundled module. */
export const SHARD_WORKER_ENTRY = Symbol.for('agents-lint.shard-worker-entry');

export interface Shards {
  /** The next file index for the main thread, or an index ≥ the file count when none is left. */
  claim(): number;
  /** The workers' outcomes, once every worker has finished or failed (never rejects). */
  finish(): Promise<{ outcomes: ShardOutcome[]; unprepared: Unprepared }>;
}

/** Workers for a run, or null when none were asked for, there is nothing to share, or the options cannot cross threads. */
export function startShards(options: LintOptions, request: Omit<ShardRequest, 'counter' | 'options'>): Shards | null {
  const wanted = Math.min(options.workers ?? 0, request.files.length);
  // Custom rules and in-memory file systems live in this thread only.
  if (wanted < 1 || options.fs || options.rules) return null;
  const counter = new SharedArrayBuffer(4);
  const claims = new Int32Array(counter);
  const entry = ((globalThis as Record<symbol, unknown>)[SHARD_WORKER_ENTRY] as URL | string | undefined) ?? new URL('./shard-worker-entry.js', import.meta.url);
  const shareable: LintOptions = { ...options, workers: 0 };
  const results = Array.from({ length: wanted }, () => {
    const worker = new (workerThreads().Worker)(entry, { argv: [SHARD_WORKER_ARG], workerData: { agentsLintShard: { ...request, options: shareable, counter } satisfies ShardRequest } });
    // Settles with what the worker finished; a worker that fails leaves its unfinished files to
    // the main thread (the caller lints every file no outcome covers), so a run is always complete.
    return new Promise<{ outcomes: ShardOutcome[]; unprepared: Unprepared }>((resolve) => {
      const outcomes: ShardOutcome[] = [];
      const settle = (unprepared: Unprepared) => {
        resolve({ outcomes, unprepared });
        void worker.terminate();
      };
      worker.on('message', (message: ShardMessage) => {
        if (message.kind === 'files') outcomes.push(...message.outcomes);
        else settle(message.kind === 'done' ? message.unprepared : []);
      });
      worker.on('error', () => settle([]));
      worker.on('exit', () => settle([]));
    });
  });
  return {
    claim: () => Atomics.add(claims, 0, 1),
    async finish() {
      const all = await Promise.all(results);
      return { outcomes: all.flatMap((r) => r.outcomes), unprepared: all.flatMap((r) => r.unprepared) };
    },
  };
}
