import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKey, contentFingerprint, contentHead, keyOfRange } from '../../src/discovery/host-view.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

// Texts built from the pieces that matter to both functions: white space of every kind (JS \s),
// import lines, CR, ordinary words, and long runs (so that texts go past the fingerprint's ends).
const piece = fc.constantFrom(
  'a', 'b', 'word', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\ufeff', '\u2028', '@AGENTS.md', '@x', ' @y ', '@', '@ a', 'x@y',
  'a long line of ordinary words that makes the key longer', '\n@docs/some-import.md\n', 'é€𝄞',
);
const text = fc.array(piece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('contentFingerprint (the cheap stand-in for contentKey in no-host-divergence)', () => {
  it('is equal whenever contentKey is equal, and "f" exactly when contentKey is empty', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(contentFingerprint(a) === 'f').toBe(contentKey(a) === '');
        if (contentKey(a) === contentKey(b)) expect(contentFingerprint(a)).toBe(contentFingerprint(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('is a function of contentKey: texts spaced differently around the same words agree', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(' ', '\t', '\n', '  \n\n', '\r\n', '\n@import.md\n'), (a, gap) => {
        const respaced = a.split(/\s+/).join(gap);
        if (contentKey(respaced) === contentKey(a)) expect(contentFingerprint(respaced)).toBe(contentFingerprint(a));
      }),
      { numRuns: RUNS },
    );
  });

  it('keyOfRange is contentKey of the range of whole lines', () => {
    fc.assert(
      fc.property(text, fc.nat(), fc.nat(), (a, i, j) => {
        // Whole lines: from a line start to a line end (or the text's ends).
        const starts = [0, ...[...a.matchAll(/\n/g)].map((m) => m.index + 1)];
        const ends = [...[...a.matchAll(/\n/g)].map((m) => m.index), a.length];
        const start = starts[i % starts.length]!;
        const end = Math.max(start, ends[j % ends.length]!);
        const wholeEnd = end === start ? (ends.find((e) => e >= start) ?? a.length) : end;
        expect(keyOfRange(a, start, wholeEnd)).toBe(contentKey(a.slice(start, wholeEnd)));
      }),
      { numRuns: RUNS },
    );
  });

  it('is the whole key for short texts, and the key\'s two ends for long ones', () => {
    // Headings carry no instruction of their own: two copies that differ only in one compare equal.
    expect(contentFingerprint('# Rules\n\nUse pnpm.\n')).toBe('fUse pnpm.');
    expect(contentFingerprint('# Rules\n\nUse pnpm.\n')).not.toBe(contentFingerprint('# Rules\n\nUse npm.\n'));
    expect(contentFingerprint('# Rules\n@AGENTS.md\n\n  Use   pnpm.')).toBe(contentFingerprint('# Rules\nUse pnpm.\n'));
    expect(contentFingerprint('@AGENTS.md\n  \n')).toBe('f');
    expect(contentFingerprint('@ AGENTS.md')).not.toBe('f');
    const long = Array.from({ length: 40 }, (_, i) => `- rule number ${i}`).join('\n');
    const key = contentKey(long);
    expect(contentFingerprint(long)).toBe(`p${key.slice(0, 64)}\u0000${key.slice(-64)}`);
    expect(contentFingerprint(`@a.md\n\n${long.replace(/\n/g, '\n\n@b.md\n')}\n@c.md\n`)).toBe(contentFingerprint(long));
  });

  it('contentHead is the whole key when it holds at most 16 non-space characters, else "h" and its first 16', () => {
    fc.assert(
      fc.property(text, (a) => {
        const key = contentKey(a);
        expect(contentHead(a)).toBe(key.replace(/ /g, '').length <= 16 ? `f${key}` : `h${key.slice(0, 16)}`);
      }),
      { numRuns: RUNS },
    );
    expect(contentHead('# Rules\n\nUse pnpm.\n')).toBe('fUse pnpm.');
    expect(contentHead('@AGENTS.md\n  \n')).toBe('f');
    expect(contentHead('@a.md\nRules for the whole repository\n')).toBe('hRules for the wh');
  });
});
