import { describe, expect, it } from 'vitest';
import { decodeUnicode, detectEncoding, invalidUtf8Runs, windows1252Guess } from '../../src/markdown/encoding.js';
import { decodeLossy } from '../../src/util/text.js';

const b = (...bytes: number[]) => Uint8Array.from(bytes);

describe('detectEncoding', () => {
  it.each<[string, Uint8Array, ReturnType<typeof detectEncoding>]>([
    ['plain ASCII', Buffer.from('# Rules\n'), { encoding: 'utf8', bomLength: 0 }],
    ['UTF-8 BOM', b(0xef, 0xbb, 0xbf, 0x23), { encoding: 'utf8', bomLength: 3 }],
    ['UTF-16LE BOM', b(0xff, 0xfe, 0x23, 0), { encoding: 'utf16le', bomLength: 2 }],
    ['UTF-16BE BOM', b(0xfe, 0xff, 0, 0x23), { encoding: 'utf16be', bomLength: 2 }],
    ['UTF-32LE BOM (not UTF-16LE)', b(0xff, 0xfe, 0, 0, 0x23, 0, 0, 0), { encoding: 'utf32le', bomLength: 4 }],
    ['UTF-32BE BOM', b(0, 0, 0xfe, 0xff, 0, 0, 0, 0x23), { encoding: 'utf32be', bomLength: 4 }],
    ['UTF-16LE without BOM', Buffer.from('# Rules\n', 'utf16le'), { encoding: 'utf16le', bomLength: 0 }],
    ['UTF-32LE without BOM', Buffer.from(Uint32Array.from([0x23, 0x20, 0x52, 0x0a]).buffer), { encoding: 'utf32le', bomLength: 0 }],
    // A UTF-8 file with a few NULs in it is still UTF-8 (Codex sends the NULs as they are).
    ['UTF-8 with scattered NULs', Buffer.from('# Rules\n\0\0\0 run tests\n'), { encoding: 'utf8', bomLength: 0 }],
  ])('%s', (_name, bytes, expected) => {
    expect(detectEncoding(bytes)).toEqual(expected);
  });
});

describe('decodeUnicode', () => {
  it('decodes UTF-16 and UTF-32 strictly, dropping the BOM', () => {
    const text = 'Hi \u00e9 \u{1f680}\r\n';
    expect(decodeUnicode(Buffer.concat([b(0xff, 0xfe), Buffer.from(text, 'utf16le')]), { encoding: 'utf16le', bomLength: 2 })).toBe(text);
    const cps = [...text].map((c) => c.codePointAt(0) ?? 0);
    const be = Buffer.alloc(cps.length * 4);
    cps.forEach((cp, i) => be.writeUInt32BE(cp, i * 4));
    expect(decodeUnicode(be, { encoding: 'utf32be', bomLength: 0 })).toBe(text);
  });
  it('returns null for a lone surrogate or an out-of-range code point', () => {
    expect(decodeUnicode(b(0x00, 0xd8, 0x41, 0x00), { encoding: 'utf16le', bomLength: 0 })).toBeNull();
    expect(decodeUnicode(b(0, 0, 0x11, 0), { encoding: 'utf32le', bomLength: 0 })).toBeNull();
  });
});

describe('invalidUtf8Runs', () => {
  it('groups adjacent maximal subparts; each is one U+FFFD of the lossy decoder', () => {
    // The observed Codex sample (docs/codex-discovery.md, Appendix), plus overlong and surrogate forms.
    const samples = [b(0x41, 0xff, 0x42, 0xc3, 0x28, 0x43, 0xe2, 0x82, 0x0a), b(0xc0, 0xaf, 0xed, 0xa0, 0x80, 0xf4, 0x90, 0x80, 0x80), b(0xf0, 0x9f, 0x9a)];
    for (const bytes of samples) {
      const { runs } = invalidUtf8Runs(bytes);
      const replacements = runs.reduce((n, r) => n + r.replacements, 0);
      expect(replacements).toBe([...decodeLossy(bytes)].filter((c) => c === '\uFFFD').length);
    }
    expect(invalidUtf8Runs(samples[0] ?? b()).runs).toEqual([
      { start: 1, end: 2, replacements: 1 },
      { start: 3, end: 4, replacements: 1 },
      { start: 6, end: 8, replacements: 1 },
    ]);
    expect(invalidUtf8Runs(samples[1] ?? b()).runs).toEqual([{ start: 0, end: 9, replacements: 9 }]);
  });
  it('keeps the first runs in full and counts the rest', () => {
    const bytes = Buffer.from('x\x80 x\x80 x\x80 x\x80', 'latin1');
    expect(invalidUtf8Runs(bytes, 2)).toEqual({ runs: [{ start: 1, end: 2, replacements: 1 }, { start: 4, end: 5, replacements: 1 }], total: 4 });
  });
  it('finds nothing in valid UTF-8', () => {
    expect(invalidUtf8Runs(Buffer.from('caf\u00e9 \u20ac \u{1f680}'))).toEqual({ runs: [], total: 0 });
  });
});

describe('windows1252Guess', () => {
  it('reads 0x80–0x9F the Windows-1252 way, and refuses undefined bytes', () => {
    expect(windows1252Guess(b(0x92, 0x93, 0x94, 0x80, 0xe9))).toBe('\u2019\u201c\u201d\u20ac\u00e9');
    expect(windows1252Guess(b(0x81))).toBeNull();
  });
});
