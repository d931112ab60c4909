import { getHeapStatistics, setFlagsFromString } from 'node:v8';

/**
 * Between full collections V8 lets the old generation grow to up to about four times what the last
 * one left alive, when collecting is cheap next to allocating, which it is for a linter's
 * short-lived garbage. A 10,000-package repository with about 225 MB alive at the end so peaked
 * at about 800 MB. For a repository of LARGE_REPO instruction files or more, or once the heap in
 * use passes LARGE_HEAP, growth is capped at GROWTH_PERCENT: more full collections (marked mostly
 * on another thread) for a peak near what is alive. The cap is set before discovery: by the time
 * the heap is large, V8 has already allowed the next collection several hundred megabytes away.
 * Runs that never get that big, nearly all of them, keep V8's defaults and pay nothing.
 *
 * V8's flags belong to the whole process, so only the CLI asks for this (LintOptions.leanHeap):
 * a program that calls lint() keeps its own settings.
 */
const LARGE_REPO = 1000;
const LARGE_HEAP = 256 * 2 ** 20;
const GROWTH_PERCENT = 20;
/** Files between two looks at the heap: a look costs a few microseconds. */
const EVERY = 16;

export interface HeapGrowth {
  /** Called as work proceeds (once per file linted); caps growth the first time the heap is large. */
  tick(): void;
}

/** What the policy reads and sets: V8's, unless a test gives its own. */
export interface HeapControls {
  usedHeapBytes(): number;
  setFlags(flags: string): void;
}

const V8_CONTROLS: HeapControls = {
  usedHeapBytes: () => getHeapStatistics().used_heap_size,
  setFlags: setFlagsFromString,
};

export function heapGrowth(enabled: boolean, instructionFiles: number, controls: HeapControls = V8_CONTROLS): HeapGrowth {
  if (!enabled) return { tick: () => undefined };
  let capped = false;
  const cap = () => {
    controls.setFlags(`--heap-growing-percent=${GROWTH_PERCENT}`);
    capped = true;
  };
  if (instructionFiles >= LARGE_REPO) cap();
  let calls = 0;
  return {
    tick() {
      if (capped || calls++ % EVERY !== 0) return;
      if (controls.usedHeapBytes() >= LARGE_HEAP) cap();
    },
  };
}
