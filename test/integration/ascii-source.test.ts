import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
// @ts-expect-error: a build script, plain JavaScript without declarations
import { asciiSource } from '../../scripts/ascii-source.mjs';
import { PROJECT } from './repo.js';

const rewrite = asciiSource as (code: string) => string;
/** What a script computes into `out`, as JSON. */
const run = (code: string): string => JSON.stringify(new Function(`${code}; return out;`)());
const nonAscii = /[^\0-\x7f]/;

describe('scripts/ascii-source.mjs', () => {
  it('makes a script ASCII and keeps what it computes', () => {
    const cases = [
      // Regular expression literals, with and without the u flag, BMP and astral characters.
      'const out = [/[“„«]x…/u.test("„x…"), /…|😀/.test("😀"), /[😀]/u.test("😀"), /^[😀]$/.test("😀"), /é+/i.exec("xÉÉy")[0]];',
      // String.raw keeps backslashes: the characters become substitutions, not escapes.
      'const out = [String.raw`é\\d${1}ü${`ä${2}`}`, String.raw`(?:ne|n[\'’])\\s+`, new RegExp(String.raw`n[\'’]est`).test("n’est")];',
      // Strings, untagged templates and nested substitutions.
      'const t = (x) => `ö${x}ß${`ñ${x}`}`; const out = [t(3), "ß\\u00df", \'日本\', { k: `a${{ b: "ç" }.b}` }.k];',
      // Comments lose their non-ASCII characters only.
      'const out = 1; // déjà vu\n/* 「quoted」 */',
    ];
    for (const code of cases) {
      const ascii = rewrite(code);
      expect(nonAscii.test(ascii), ascii).toBe(false);
      expect(run(ascii)).toBe(run(code));
    }
  });

  it('refuses what it cannot rewrite exactly', () => {
    expect(() => rewrite('const out = tag`é`;')).toThrow(/tag other than String.raw/);
    expect(() => rewrite('const é = 1; const out = é;')).toThrow(/cannot rewrite/);
  });

  it('left the built bundle ASCII (V8 then keeps it as a one-byte string)', () => {
    const bundle = fs.readFileSync(path.join(PROJECT, 'dist', 'bundle', 'agents-lint.cjs'), 'utf8');
    expect(bundle.length).toBeGreaterThan(100_000);
    expect(nonAscii.test(bundle)).toBe(false);
  });
});
