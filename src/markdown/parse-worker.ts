import { parentPort, workerData } from 'node:worker_threads';
import { parseMarkdown } from './parse.js';

/**
 * A parse worker (see parse-parallel.ts): claims the next unparsed text from the shared counter,
 * parses it exactly as the main thread would, and posts the tree (or why it could not be parsed).
 */
const { texts, counter } = workerData as { texts: string[]; counter: SharedArrayBuffer };
const next = new Int32Array(counter);
for (let i = Atomics.add(next, 0, 1); i < texts.length; i = Atomics.add(next, 0, 1)) {
  let outcome: unknown;
  try {
    outcome = parseMarkdown(texts[i]!);
  } catch (error) {
    outcome = { problem: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage({ index: i, outcome });
}
parentPort!.postMessage({ done: true });
