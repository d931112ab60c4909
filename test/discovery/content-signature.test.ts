import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contentKey, contentSignature } from '../../src/discovery/host-view.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 300);

// Texts built from the pieces that matter to both functions: white space of every kind (JS \s),
// import lines, CR, and ordinary words.
const piece = fc.constantFrom('a', 'b', 'word', ' ', '  ', '\t', '\n', '\r\n', '\u00a0', '\u3000', '\ufeff', '\u2028', '@AGENTS.md', '@x', ' @y ', '@', '@ a', 'x@y');
const text = fc.array(piece, { maxLength: 30 }).map((parts) => parts.join(''));

describe('contentSignature (the cheap stand-in for contentKey in no-host-divergence)', () => {
  it('is equal whenever contentKey is equal, and empty exactly when contentKey is empty', () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(contentSignature(a) === '').toBe(contentKey(a) === '');
        if (contentKey(a) === contentKey(b)) expect(contentSignature(a)).toBe(contentSignature(b));
      }),
      { numRuns: RUNS },
    );
  });

  it('tells apart texts that differ in a non-space character, and ignores import lines and spacing', () => {
    expect(contentSignature('# Rules\n\nUse pnpm.\n')).not.toBe(contentSignature('# Rules\n\nUse npm.\n'));
    expect(contentSignature('# Rules\n@AGENTS.md\n\n  Use   pnpm.')).toBe(contentSignature('# Rules\nUse pnpm.\n'));
    expect(contentSignature('@AGENTS.md\n  \n')).toBe('');
    expect(contentSignature('@ AGENTS.md')).not.toBe('');
  });
});
