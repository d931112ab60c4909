import { describe, expect, it } from 'vitest';
import { heapGrowth, type HeapControls } from '../../src/engine/heap-growth.js';

const MB = 2 ** 20;

function controls(used: number[]): HeapControls & { flags: string[]; looks: number } {
  const c = {
    flags: [] as string[],
    looks: 0,
    usedHeapBytes: () => used[Math.min(c.looks++, used.length - 1)] as number,
    setFlags: (flags: string) => void c.flags.push(flags),
  };
  return c;
}

describe('heapGrowth', () => {
  it('never touches V8 when not asked (the library API)', () => {
    const c = controls([4096 * MB]);
    const policy = heapGrowth(false, 50_000, c);
    for (let i = 0; i < 100; i++) policy.tick();
    expect(c.flags).toEqual([]);
    expect(c.looks).toBe(0);
  });

  it('caps growth at once for a repository of 1,000 instruction files or more, and only once', () => {
    const c = controls([4096 * MB]);
    const policy = heapGrowth(true, 1000, c);
    expect(c.flags).toEqual(['--heap-growing-percent=20']);
    for (let i = 0; i < 100; i++) policy.tick();
    expect(c.flags).toHaveLength(1);
    expect(c.looks).toBe(0);
  });

  it('leaves a small run alone while its heap stays under 256 MB', () => {
    const c = controls([255 * MB]);
    const policy = heapGrowth(true, 999, c);
    for (let i = 0; i < 160; i++) policy.tick();
    expect(c.flags).toEqual([]);
    // One look every 16 files.
    expect(c.looks).toBe(10);
  });

  it('caps growth the first time it sees 256 MB in use, then stops looking', () => {
    const c = controls([10 * MB, 100 * MB, 256 * MB, 300 * MB]);
    const policy = heapGrowth(true, 10, c);
    for (let i = 0; i < 16 * 2; i++) policy.tick();
    expect(c.flags).toEqual([]);
    policy.tick();
    expect(c.flags).toEqual(['--heap-growing-percent=20']);
    for (let i = 0; i < 100; i++) policy.tick();
    expect(c.looks).toBe(3);
    expect(c.flags).toHaveLength(1);
  });
});
