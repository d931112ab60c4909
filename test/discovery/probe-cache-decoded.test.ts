import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ProbeCache } from '../../src/discovery/simulate.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { decodeLossy } from '../../src/util/text.js';

describe('ProbeCache.decoded', () => {
  // Each path's bytes are fixed (a file as read); reads of it come at any length, in any order.
  const contents: Record<string, Uint8Array> = {
    '/a.md': Buffer.from('# a\n\né€ and more text\n', 'utf8'),
    '/b.md': Buffer.from([0x61, 0xe2, 0x82, 0xac, 0xff, 0x62]),
    '/c.md': new Uint8Array(),
  };
  const call = fc.record({ path: fc.constantFrom(...Object.keys(contents)), cut: fc.nat({ max: 40 }) });
  it('is decodeLossy of the bytes, whatever lengths of the path came before', () => {
    fc.assert(
      fc.property(fc.array(call, { maxLength: 30 }), (calls) => {
        const cache = new ProbeCache(new MemoryFileSystem({}));
        for (const { path, cut } of calls) {
          const all = contents[path]!;
          const bytes = all.subarray(0, Math.min(cut, all.length));
          const text = cache.decoded(path, bytes);
          expect(text).toBe(decodeLossy(bytes));
        }
      }),
      { numRuns: 500 },
    );
  });
});
