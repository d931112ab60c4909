import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SharedUnlessHidden } from '../../src/discovery/local-memo.js';

describe('SharedUnlessHidden', () => {
  // Paths over a few segments, so that hidden paths, their directories and their neighbours meet often.
  const abs = fc.array(fc.constantFrom('a', 'b', 'AGENTS.md', 'CLAUDE.md', '.claude'), { minLength: 1, maxLength: 3 }).map((s) => `/${s.join('/')}`);
  const model = (hidden: ReadonlySet<string>, by: 'path' | 'dir', key: string) =>
    by === 'path' ? hidden.has(key) : [...hidden].some((h) => (h.lastIndexOf('/') === 0 ? '/' : h.slice(0, h.lastIndexOf('/'))) === key);
  it('keeps exactly the keys a hidden path bears on to itself, and shares every other', () => {
    fc.assert(
      fc.property(fc.uniqueArray(abs, { maxLength: 3 }), fc.array(abs, { maxLength: 12 }), fc.constantFrom<'path' | 'dir'>('path', 'dir'), (hiddenList, keys, by) => {
        const hidden = new Set(hiddenList);
        const own = new Map<string, number>();
        const shared = new Map<string, number>();
        const table = new SharedUnlessHidden(own, shared, hidden, by);
        keys.forEach((key, i) => {
          table.set(key, i);
          const ownKey = model(hidden, by, key);
          expect((ownKey ? own : shared).get(key), `${by} ${key} hiding ${hiddenList.join(' ')}`).toBe(i);
          expect((ownKey ? shared : own).has(key)).toBe(false);
          expect(table.get(key)).toBe(i);
        });
        // What the wrapped cache derived is read through for shared keys only.
        for (const key of keys) shared.set(key, -1);
        for (const key of keys) expect(table.get(key) === -1).toBe(!model(hidden, by, key));
      }),
      { numRuns: 2000 },
    );
  });
});
