// What a page of fresh memory costs this machine: the first write to each 4 KiB page of a new
// 64 MiB buffer (a minor page fault each, plus the write) less a second write to the same pages (the
// write alone), per page. On a virtual machine a fault costs microseconds, and a run touches
// thousands of new pages (bench/RESULTS.md counts them per measurement): part of every wall time
// that depends on the host more than on the code.
import { performance } from 'node:perf_hooks';

const PAGE = 4096;
const BYTES = 64 * 2 ** 20;
const runs = [];
for (let r = 0; r < 5; r++) {
  // allocUnsafeSlow: memory of its own, not Node's pool, and not zero-filled by Node (fresh pages are the kernel's zeros).
  const buffer = Buffer.allocUnsafeSlow(BYTES);
  const first = performance.now();
  for (let i = 0; i < BYTES; i += PAGE) buffer[i] = 1;
  const second = performance.now();
  for (let i = 0; i < BYTES; i += PAGE) buffer[i] = 2;
  const end = performance.now();
  runs.push(((second - first) - (end - second)) * 1000 / (BYTES / PAGE));
}
runs.sort((a, b) => a - b);
// The median of the timings, in microseconds per page.
console.log(runs[Math.floor(runs.length / 2)].toFixed(2));
