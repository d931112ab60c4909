import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { absenceFromNames } from '../../src/repo/vfs.js';

/** The straightforward proof: a Set of the entries in lower case, each asked name tested on its own. */
function model(names: readonly string[], dirBytes: number): ((name: string) => boolean) | null {
  const ascii = (s: string) => !/[\u0080-\uffff]/.test(s);
  if (!names.every(ascii)) return null;
  const lower = new Set(names.map((n) => n.toLowerCase()));
  return (name) => name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0') && ascii(name) && dirBytes + 1 + name.length < 4000 && !lower.has(name.toLowerCase());
}

describe('absenceFromNames', () => {
  // Entry names as a directory lists them (no slash, no NUL, never empty); asked names of any shape.
  const piece = fc.constantFrom('a', 'A', 'md', 'MD', '.', 'AGENTS', 'agents', '.md', 'é', 'K', '\u212a', ' ');
  const entry = fc.array(piece, { minLength: 1, maxLength: 4 }).map((p) => p.join(''));
  const asked = fc.oneof(entry, fc.constantFrom('', '.', '..', 'a/b', 'a\0b', '/', 'x'.repeat(256)), fc.array(fc.constantFrom('a', '/', '.', 'A'), { maxLength: 4 }).map((p) => p.join('')));
  it('proves exactly what a set of lower-case entry names proves', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 6 }), fc.array(asked, { maxLength: 8 }), fc.constantFrom(10, 3990, 3740), (names, questions, dirBytes) => {
        const proof = absenceFromNames(names, dirBytes);
        const expected = model(names, dirBytes);
        expect(proof === null, JSON.stringify(names)).toBe(expected === null);
        if (!proof || !expected) return;
        for (const q of questions) expect(proof.missing(q), `${JSON.stringify(names)} ${JSON.stringify(q)}`).toBe(expected(q));
        // missingAll is every() of missing, for the whole list and for each of its prefixes (the empty one too).
        for (let n = 0; n <= questions.length; n++) {
          const asked = questions.slice(0, n);
          expect(proof.missingAll?.(asked), `${JSON.stringify(names)} all of ${JSON.stringify(asked)}`).toBe(asked.every(expected));
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('tells a name from the entries that contain it, start it or end it', () => {
    const proof = absenceFromNames(['xAGENTS.md', 'AGENTS.mdx', 'agents', '.md'], 10)!;
    expect(proof.missing('AGENTS.md')).toBe(true);
    expect(proof.missing('agents')).toBe(false);
    expect(proof.missing('AGENTS')).toBe(false);
    expect(proof.missing('.MD')).toBe(false);
    expect(absenceFromNames([], 10)!.missing('AGENTS.md')).toBe(true);
  });
});
