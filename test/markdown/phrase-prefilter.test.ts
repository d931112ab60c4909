import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LiteralPrefilter } from '../../src/markdown/literal-prefilter.js';
import { loadPhraseData } from '../../src/markdown/phrase-data.js';
import { foldKey, requiredLiterals } from '../../src/markdown/regex-literals.js';
import { assessVagueness, compileDetector, mayBeVague } from '../../src/markdown/vagueness.js';
import { PROJECT_ROOT } from '../helpers/paths.js';

// The prefilter may only skip a pattern that cannot match: these tests prove it against V8's own
// case folding, against every phrase pattern, and end to end (same assessment with and without it).

const data = loadPhraseData();
const sources = [...new Set(data.languages.flatMap((l) => [...Object.values(l.phrases).flat(), ...l.weak]))];
/** Patterns the analysis must read like V8 does, beyond the phrase data's own. */
const EXTRA = [
  'a.b',
  'ship it',
  'move fast\\b',
  '(?:x|yz)+w',
  'ab{2,3}c',
  'colou?r',
  '[^a]bc',
  '[a-c]{2}d',
  '(?=ab)abc',
  '(?!q)rs',
  'x*y+z?',
  'a|b',
  'straße',
  'ſtark',
  'ıi',
  'Kelvin',
  '\\(e\\.g\\.\\)',
  '(the )?(best|worst) (way|path)s?',
];

const ALL_BMP = Array.from({ length: 0x10000 }, (_, c) => (c >= 0xd800 && c <= 0xdfff ? '' : String.fromCharCode(c))).join('');

function holds(sets: readonly (readonly string[])[], upper: string): boolean {
  return sets.every((set) => set.some((l) => upper.includes(l)));
}

/** Changes the case of letters and swaps in characters that fold to ASCII only in Unicode mode. */
const recase = (text: string) =>
  fc.array(fc.integer({ min: 0, max: 5 }), { minLength: text.length, maxLength: text.length }).map((choices) =>
    [...text]
      .map((ch, i) => {
        const k = choices[i] ?? 0;
        if (k === 1) return ch.toUpperCase();
        if (k === 2) return ch.toLowerCase();
        if (k === 3) return ({ i: 'ı', s: 'ſ', k: 'K', I: 'İ', ß: 'ẞ' } as Record<string, string>)[ch] ?? ch;
        return ch;
      })
      .join(''),
  );

describe('foldKey', () => {
  it('gives, for every character a text could match it with, that character upper-cased (V8 checked over the BMP)', () => {
    const chars = new Set<string>();
    for (const set of Object.values(data.literals ?? {}).flat()) for (const ch of (set ?? []).join('')) chars.add(ch);
    for (const s of [...sources, ...EXTRA]) for (const ch of s) chars.add(ch);
    for (const [from, to] of [[0, 0x52f], [0x1e00, 0x1fff], [0x2c00, 0x2dff], [0xa640, 0xa7ff], [0xff00, 0xffef]] as const) {
      for (let c = from; c <= to; c++) chars.add(String.fromCharCode(c));
    }
    let checked = 0;
    for (const ch of chars) {
      const key = foldKey(ch);
      if (key === null) continue;
      checked++;
      const re = new RegExp(ch.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&'), 'gi');
      for (const m of ALL_BMP.matchAll(re)) expect(m[0].toUpperCase(), `${ch} matches ${m[0]}`).toBe(key);
    }
    expect(checked).toBeGreaterThan(2000);
  });

  it('refuses characters whose matches upper-case differently', () => {
    expect(foldKey('ß')).toBeNull();
    expect(foldKey('\ud83d')).toBeNull();
    // "ı" only matches itself, but a text's toUpperCase() turns it into "I".
    expect(foldKey('ı')).toBeNull();
    expect(foldKey('k')).toBe('K');
  });
});

describe('requiredLiterals', () => {
  it('reads nearly every phrase pattern', () => {
    const read = sources.filter((s) => requiredLiterals(s) !== null);
    expect(read.length / sources.length).toBeGreaterThan(0.98);
  });

  it('gives null for what it cannot read', () => {
    for (const s of ['\\1', '(?<n>ab)', 'a{', '\\x41bc', 'ab]', '\\p{L}x']) expect(requiredLiterals(s), s).toBeNull();
  });

  it('needs "HANDLING" rather than every spelling around it', () => {
    expect(requiredLiterals('(proper|good) error[- ]handling')?.[0]).toEqual(['HANDLING']);
  });

  it('is held by every case-insensitive match of every pattern', () => {
    let generated = 0;
    for (const source of [...sources, ...EXTRA]) {
      const sets = requiredLiterals(source);
      if (!sets) continue;
      let arbitrary: fc.Arbitrary<string>;
      try {
        arbitrary = fc.stringMatching(new RegExp(source));
      } catch {
        continue;
      }
      generated++;
      const re = new RegExp(source, 'i');
      fc.assert(
        fc.property(
          arbitrary.chain((s) => recase(s)),
          (text) => !re.test(text) || holds(sets, text.toUpperCase()),
        ),
        { numRuns: 40 },
      );
    }
    expect(generated / sources.length).toBeGreaterThan(0.9);
  });
});

describe('LiteralPrefilter', () => {
  it('passes exactly the filters whose every set has a literal in the text', () => {
    const registered = [...sources, ...EXTRA].map((s) => requiredLiterals(s));
    const prefilter = new LiteralPrefilter();
    const ids = registered.map((sets) => prefilter.add(sets));
    const words = [...new Set(registered.flatMap((sets) => (sets ?? []).flat()))];
    const text = fc
      .array(fc.oneof(fc.constantFrom(...words), fc.string({ maxLength: 4 }), fc.constantFrom(' ', 'É', '適', '한')), { maxLength: 12 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(text, (t) => {
        const upper = t.toUpperCase();
        const hits = prefilter.scan(upper);
        registered.forEach((sets, i) => {
          const id = ids[i] ?? -1;
          if (id >= 0) expect(hits.has(id)).toBe(holds(sets ?? [], upper));
        });
      }),
      { numRuns: 300 },
    );
  });
});

function markdownFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) markdownFiles(file, out);
    else if (/\.(md|mdc|mdx)$/i.test(name) || name === 'CLAUDE.local.md') out.push(file);
  }
  return out;
}

describe('assessVagueness with and without the prefilter', () => {
  const extra = { en: ['ship it', '/move fast\\b/'], ja: ['いい感じに'], de: ['/(?<n>x)yz/'] };
  const withIt = compileDetector(data, extra);
  // Literals analysed at run time, not read from literals.json: what the checked-in file stands for.
  const analysed = compileDetector({ ...data, literals: {} }, extra);
  const without = compileDetector(data, extra, { prefilter: false });
  const same = (text: string) => {
    const expected = assessVagueness(text, without);
    expect(assessVagueness(text, withIt), text).toEqual(expected);
    expect(assessVagueness(text, analysed), text).toEqual(expected);
    // no-vague-rules assesses only what mayBeVague lets through: it must let every vague statement through.
    if (expected.vague) for (const d of [withIt, analysed, without]) expect(mayBeVague(text, d), text).toBe(true);
    // And it rules out exactly the statements no language scores 2 (the best language scores most).
    expect(mayBeVague(text, withIt), text).toBe(expected.vagueness >= 2);
  };

  it('agree on every line of the fixtures, the rule docs and the labelled set', () => {
    const files = [...markdownFiles(path.join(PROJECT_ROOT, 'fixtures')), ...markdownFiles(path.join(PROJECT_ROOT, 'rules'))];
    const labelled = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'test', 'data', 'vague-labelled.json'), 'utf8')) as Array<{ text: string }>;
    const lines = [...files.flatMap((f) => readFileSync(f, 'utf8').split('\n')), ...labelled.map((s) => s.text)];
    expect(lines.length).toBeGreaterThan(3000);
    for (const line of lines) same(line);
  });

  it('agree on generated statements built from the phrases', () => {
    const pieces = sources.flatMap((s) => {
      try {
        return [fc.stringMatching(new RegExp(s))];
      } catch {
        return [];
      }
    });
    const filler = fc.constantFrom(' ', ', ', ' `pnpm test` ', ' code ', ' e.g. ', ' 42 ', '。', ' the ', ' und ', ' les ', ' que ', 'して', '하세요');
    const statement = fc
      .array(fc.oneof(fc.oneof(...pieces).chain((s) => recase(s)), filler), { minLength: 1, maxLength: 6 })
      .map((parts) => parts.join(''));
    fc.assert(fc.property(statement, (text) => {
        same(text);
      }), { numRuns: 1500 });
  });
});
