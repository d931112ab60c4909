/**
 * Which thread this is, and Node's worker_threads module, loaded only when a run needs it: loading it
 * costs about 1.4 ms (its internals are outside Node's start-up snapshot), and a run that starts no
 * lint worker (one staged file, discovery rules, explain) never does.
 */
import { createRequire } from 'node:module';
import type * as WorkerThreads from 'node:worker_threads';

const requireBuiltin = createRequire(import.meta.url);

export function workerThreads(): typeof WorkerThreads {
  return requireBuiltin('node:worker_threads') as typeof WorkerThreads;
}

/** The argument shards.ts starts each lint worker with (Worker's `argv`: it is on the worker's process.argv). */
export const SHARD_WORKER_ARG = '--agents-lint-shard-worker';

/**
 * Whether this thread is a lint worker the CLI started. The argument alone tells a main thread
 * apart without loading worker_threads; a main thread given it on the command line is still one.
 */
export function inShardWorker(): boolean {
  return process.argv.includes(SHARD_WORKER_ARG) && !workerThreads().isMainThread;
}
