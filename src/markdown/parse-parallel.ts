import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Root } from 'mdast';
import type { InstructionFile } from './instruction-file.js';
import { parseMarkdown } from './parse.js';

/**
 * Below this much text, starting a worker (a thread plus loading the parser, ~100 ms) costs more
 * than parsing on one thread saves: small repositories stay single-threaded.
 */
export const PARALLEL_MIN_CHARS = 384 * 1024;

type Outcome = Root | { problem: string };

/**
 * Parses every file's Markdown ahead of the rules, on the main thread and worker threads at once
 * (Markdown parsing is most of a large lint). Threads claim files from one shared counter, so the
 * load balances itself; each file's tree is a pure function of its text, so which thread parsed it
 * does not change a result. A worker that fails leaves its files to the main thread.
 */
export async function parseInParallel(files: readonly InstructionFile[], options: { minChars?: number; threads?: number } = {}): Promise<void> {
  const workerUrl = new URL('./parse-worker.js', import.meta.url);
  const texts = files.map((f) => f.text);
  const chars = texts.reduce((n, t) => n + t.length, 0);
  const threads = Math.min(options.threads ?? availableParallelism() - 1, 3);
  // Run from TypeScript sources (tests), the compiled worker does not exist: parse here instead.
  if (threads < 1 || chars < (options.minChars ?? PARALLEL_MIN_CHARS) || files.length < 2 || !existsSync(fileURLToPath(workerUrl))) return;
  const counter = new SharedArrayBuffer(4);
  const next = new Int32Array(counter);
  const outcomes: (Outcome | undefined)[] = new Array(files.length);
  const finished: Promise<void>[] = [];
  for (let w = 0; w < threads; w++) {
    const worker = new Worker(workerUrl, { workerData: { texts, counter } });
    finished.push(
      new Promise<void>((resolve) => {
        worker.on('message', (message: { index: number; outcome: Outcome } | { done: true }) => {
          if ('done' in message) {
            void worker.terminate();
            resolve();
          } else {
            outcomes[message.index] = message.outcome;
          }
        });
        worker.on('error', () => resolve());
        worker.on('exit', () => resolve());
      }),
    );
  }
  for (let i = Atomics.add(next, 0, 1); i < files.length; i = Atomics.add(next, 0, 1)) outcomes[i] = parseHere(texts[i]!);
  await Promise.all(finished);
  for (let i = 0; i < files.length; i++) files[i]!.adoptParse(outcomes[i] ?? parseHere(texts[i]!));
}

function parseHere(text: string): Outcome {
  try {
    return parseMarkdown(text);
  } catch (error) {
    return { problem: error instanceof Error ? error.message : String(error) };
  }
}
