import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessVagueness, compileAllow, compileDetector, detectScript, parsePattern, VAGUE_LANGUAGES } from '../../src/markdown/vagueness.js';
import { loadPhraseData, vagueDetector } from '../../src/markdown/phrase-data.js';
import { PROJECT_ROOT } from '../helpers/paths.js';

interface Labelled {
  text: string;
  lang: string;
  vague: boolean;
}

const labelled = JSON.parse(readFileSync(path.join(PROJECT_ROOT, 'test', 'data', 'vague-labelled.json'), 'utf8')) as Labelled[];
const detector = vagueDetector();

describe('labelled set', () => {
  it('holds at least 300 statements, about half vague, in every language', () => {
    expect(labelled.length).toBeGreaterThanOrEqual(300);
    const vague = labelled.filter((s) => s.vague).length;
    expect(vague / labelled.length).toBeGreaterThan(0.45);
    expect(vague / labelled.length).toBeLessThan(0.55);
    const langs = new Set(labelled.map((s) => s.lang));
    for (const lang of [...VAGUE_LANGUAGES, 'zh-Hant']) expect(langs.has(lang), lang).toBe(true);
  });

  it('precision ≥ 0.9 and recall ≥ 0.8 overall', () => {
    let tp = 0;
    let fp = 0;
    let fn = 0;
    const misses: string[] = [];
    for (const s of labelled) {
      const a = assessVagueness(s.text, detector);
      if (a.vague && s.vague) tp++;
      else if (a.vague) {
        fp++;
        misses.push(`false positive [${s.lang}] ${s.text} (phrase "${a.phrase}", ${a.vagueness} vs ${a.concreteness})`);
      } else if (s.vague) {
        fn++;
        misses.push(`false negative [${s.lang}] ${s.text} (${a.vagueness} vs ${a.concreteness})`);
      }
    }
    const precision = tp / (tp + fp);
    const recall = tp / (tp + fn);
    console.log(`no-vague-rules on ${labelled.length} labelled statements: precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)} (tp ${tp}, fp ${fp}, fn ${fn})\n${misses.join('\n')}`);
    expect(precision).toBeGreaterThanOrEqual(0.9);
    expect(recall).toBeGreaterThanOrEqual(0.8);
  });

  it('reports the right language for the vague statements it finds', () => {
    const wrong = labelled
      .filter((s) => s.vague)
      .map((s) => ({ s, a: assessVagueness(s.text, detector) }))
      .filter(({ s, a }) => a.vague && a.language !== s.lang.replace('-Hant', ''))
      .map(({ s, a }) => `${s.text}: ${a.language}`);
    expect(wrong).toEqual([]);
  });

  it('keeps recall ≥ 0.6 in each language', () => {
    for (const lang of new Set(labelled.map((s) => s.lang))) {
      const vague = labelled.filter((s) => s.lang === lang && s.vague);
      const found = vague.filter((s) => assessVagueness(s.text, detector).vague).length;
      expect(found / vague.length, lang).toBeGreaterThanOrEqual(0.6);
    }
  });
});

describe('assessVagueness', () => {
  it('scores a vague phrase against no anchor and names its category and suggestion', () => {
    const a = assessVagueness('Follow best practices.', detector);
    expect(a).toMatchObject({ vague: true, language: 'en', phrase: 'best practices', category: 'practices', vagueness: 2, concreteness: 0 });
    expect(a.suggestion).toContain('style guide');
  });

  it('lets an anchor outweigh the phrase', () => {
    const a = assessVagueness('Follow best practices in `docs/STYLE.md`.', detector);
    expect(a.vague).toBe(false);
    expect(a.anchors.map((x) => x.kind)).toEqual(['code', 'path']);
    expect(a.concreteness).toBe(8);
  });

  it('counts weak words only outside phrases and needs two of them without a phrase', () => {
    expect(assessVagueness('Use clear, consistent names for things.', detector)).toMatchObject({ vague: true, phrase: 'clear, consistent' });
    expect(assessVagueness('Prefer clear error messages.', detector).vague).toBe(false);
  });

  it('a number or a cue is a medium anchor: it offsets one phrase, not two', () => {
    expect(assessVagueness('Keep changes small (under 300 lines).', detector).vague).toBe(false);
    expect(assessVagueness('Write clean code and follow best practices, for example.', detector)).toMatchObject({ vague: true, vagueness: 4, concreteness: 2 });
  });

  it('words quoted or in code are mentions, not uses; a definition after a colon anchors', () => {
    expect(assessVagueness('Do not use "simply", "easy", "obviously" or "of course": what is easy for you may not be.', detector).vague).toBe(false);
    expect(assessVagueness('Keep pull requests small: one page, or one topic across pages.', detector).anchors.map((a) => a.kind)).toEqual(['definition']);
    expect(assessVagueness('Keep pull requests small.', detector).vague).toBe(true);
  });

  it('programming-language names do not anchor, tool names do', () => {
    expect(assessVagueness('Write clean TypeScript code.', detector).vague).toBe(true);
    expect(assessVagueness('Write clean code; Prettier decides the format.', detector).vague).toBe(false);
  });

  it('detects CJK languages by script and Latin ones by phrase', () => {
    expect(detectScript('코드 품질')).toBe('hangul');
    expect(detectScript('適切に処理する')).toBe('kana');
    expect(detectScript('保证代码质量')).toBe('han');
    expect(detectScript('Sigue las buenas prácticas')).toBe('latin');
    expect(assessVagueness('適切に処理する。', detector).language).toBe('ja');
    expect(assessVagueness('保證程式碼品質。', detector).language).toBe('zh');
    expect(assessVagueness('sigue las buenas prácticas', detector).language).toBe('es');
    expect(assessVagueness('Siga as boas práticas.', detector).language).toBe('pt');
    expect(assessVagueness('Halte dich an Best Practices.', detector).language).toBe('de');
  });

  it('a Latin word in CJK prose is a name and anchors it', () => {
    expect(assessVagueness('注意代码规范。', detector).vague).toBe(true);
    expect(assessVagueness('注意 ESLint 的代码规范。', detector).vague).toBe(false);
  });

  it('matches Latin phrases on word boundaries, accents included', () => {
    expect(assessVagueness('Escreva código limpo.', detector).vague).toBe(true);
    // "bestpractices" is no phrase; "practicesx" neither.
    expect(assessVagueness('Read bestpractices.txt', detector).vague).toBe(false);
  });

  it('is NFC-insensitive', () => {
    const decomposed = 'Sigue las buenas pra\u0301cticas.';
    expect(assessVagueness(decomposed, detector).vague).toBe(true);
  });

  it('handles empty and odd input without throwing', () => {
    for (const text of ['', '   ', '`', '\u0000', '🙂🙂', 'a'.repeat(10_000)]) {
      expect(assessVagueness(text, detector).vague).toBe(false);
    }
  });
});

describe('extra phrases and allow-lists', () => {
  it('adds literal and /regex/ phrases per language under category custom', () => {
    const d = compileDetector(loadPhraseData(), { en: ['ship it', '/move fast\\b/'], ja: ['いい感じに'] });
    expect(assessVagueness('Ship it.', d)).toMatchObject({ vague: true, category: 'custom', phrase: 'Ship it' });
    expect(assessVagueness('Move fast and iterate.', d).vague).toBe(true);
    expect(assessVagueness('いい感じにしてください。', d)).toMatchObject({ vague: true, language: 'ja' });
    expect(assessVagueness('Ship it.', detector).vague).toBe(false);
  });

  it('allow entries are substrings or /regex/', () => {
    const allowed = compileAllow(['follow best practices', '/^be careful\\b/i']);
    expect(allowed('Always FOLLOW BEST PRACTICES.')).toBe(true);
    expect(allowed('Be careful.')).toBe(true);
    expect(allowed('Write clean code.')).toBe(false);
  });

  it('parsePattern treats invalid regexes as null and strips stateful flags', () => {
    expect(parsePattern('/(/')).toBeNull();
    expect(parsePattern('/x/g')?.flags).toBe('i');
    expect(parsePattern('a.b')?.test('a.b')).toBe(true);
    expect(parsePattern('a.b')?.test('axb')).toBe(false);
  });
});

describe('phrase data', () => {
  it('has one file per language whose patterns all compile and whose categories have suggestions', () => {
    const data = loadPhraseData();
    expect(data.languages.map((l) => l.language)).toEqual([...VAGUE_LANGUAGES]);
    for (const lang of data.languages) {
      for (const category of Object.keys(lang.phrases)) expect(data.suggestions[category], `${lang.language}: ${category}`).toBeTruthy();
    }
    // Patterns are compiled on first use: build every one.
    const compiled = compileDetector(data);
    for (const lang of compiled.languages) {
      for (const m of [...lang.phrases.map((p) => p.re), ...lang.weak, ...lang.anchors]) expect(() => m.re, `${lang.language}: ${m.source}`).not.toThrow();
    }
  });
});
