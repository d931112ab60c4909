/**
 * Vague-statement detection: a small, explainable score of vague phrases against concrete anchors.
 *
 * A statement scores 2 per vague phrase and 1 per weak word outside those phrases (its vagueness),
 * counting only words it uses, not ones it quotes or puts in code. Each kind of anchor it holds adds
 * its weight once (its concreteness): inline code, a path or a URL 4; a named tool or a code
 * identifier 3; a number, a quoted example, a definition after a colon, a Latin-script name in CJK
 * prose, or a language cue such as "e.g." or "before every commit" 2. It is vague when
 * vagueness ≥ 2 and vagueness > concreteness. The phrase data is per language
 * (src/phrases/<lang>.json); this module is pure and takes it as input.
 */

import { LiteralPrefilter } from './literal-prefilter.js';
import { requiredLiterals } from './regex-literals.js';
import { escapeRegExp } from '../util/text.js';
import { lazily } from '../util/lazily.js';

export const VAGUE_LANGUAGES = ['en', 'zh', 'ja', 'ko', 'es', 'fr', 'de', 'pt'] as const;
export type VagueLanguage = (typeof VAGUE_LANGUAGES)[number];
export type Script = 'latin' | 'han' | 'kana' | 'hangul';

/** One src/phrases/<lang>.json file. Patterns are regular-expression sources, matched case-insensitively. */
export interface PhraseFile {
  language: string;
  name: string;
  script: Script;
  /** Category → patterns; categories listed first win when several match (their suggestion is used). */
  phrases: Record<string, string[]>;
  weak: string[];
  anchors: string[];
  stopwords?: string[];
}

export interface PhraseData {
  languages: PhraseFile[];
  /** Category → how to make such a statement concrete (English, like every message). */
  suggestions: Record<string, string>;
  /** Tool, service and format names that anchor a statement in any language. */
  tools: string[];
  /** Words that never anchor (programming-language names: "clean TypeScript code" is still vague). */
  plainWords: string[];
  /**
   * requiredLiterals() of each phrase and weak-word pattern, computed ahead (src/phrases/literals.json):
   * at run time the analysis cost more than the regular expressions it spares. A pattern missing
   * here, such as a repository's extra phrase, is analysed when its script is first seen.
   */
  literals?: Readonly<Record<string, string[][] | null>>;
}

interface Pattern {
  category: string;
  re: Matcher;
}

interface CompiledLanguage {
  language: string;
  name: string;
  script: Script;
  phrases: Pattern[];
  weak: Matcher[];
  anchors: Matcher[];
  stopwords: Matcher | null;
  /** Phrases and weak words the prefilter cannot rule out: they run on every statement. */
  unfiltered: number;
}

export interface VagueDetector {
  languages: CompiledLanguage[];
  suggestions: Record<string, string>;
  tools: Matcher | null;
  plainWords: Matcher | null;
  /**
   * Rules out phrases and weak words whose required literals a statement lacks; one per script,
   * built on its first statement (a Latin-only repository never indexes the CJK phrases).
   */
  prefilters: Map<Script, LiteralPrefilter> | null;
  literals: Readonly<Record<string, string[][] | null>>;
}

export interface Signal {
  kind: 'phrase' | 'weak';
  text: string;
  category: string;
  weight: number;
}

export interface Anchor {
  kind: 'code' | 'url' | 'path' | 'tool' | 'identifier' | 'number' | 'quote' | 'definition' | 'cue' | 'foreign';
  text: string;
  weight: number;
}

export interface VagueAssessment {
  vague: boolean;
  /** Language code of the phrase data that matched (by script for CJK, by phrase match for Latin). */
  language: string;
  /** The first vague phrase (or the weak words) found, as written. */
  phrase: string;
  category: string;
  suggestion: string;
  vagueness: number;
  concreteness: number;
  signals: Signal[];
  anchors: Anchor[];
}

const WORD_CHAR = lazily(() => /[\p{L}\p{N}_]/u);

interface Matcher {
  /** Built on first use: most patterns never run (see the prefilter), and building ~800 cost milliseconds. */
  readonly re: RegExp;
  /** Latin-script patterns must start and end on word boundaries; CJK text has no spaces to mark them. */
  bounded: boolean;
  source: string;
  /** The pattern's id in its script's prefilter, or -1: run it on every text. */
  filter: number;
}

function wrap(source: string, script: Script): Matcher {
  // Boundaries are checked in code: a `\p{L}` lookaround in every one of ~1000 patterns made V8
  // compile each pattern with Unicode case folding, which cost seconds per run.
  let re: RegExp | undefined;
  return {
    get re() {
      return (re ??= new RegExp(source, 'gi'));
    },
    bounded: script === 'latin',
    source,
    filter: -1,
  };
}

function isWordChar(ch: string | undefined): boolean {
  return ch !== undefined && WORD_CHAR().test(ch);
}

/** `/source/flags` is a regular expression; anything else is a literal, case-insensitive phrase. */
export function parsePattern(entry: string): RegExp | null {
  const m = /^\/(.+)\/([a-z]*)$/s.exec(entry);
  try {
    // `g` and `y` make test() stateful; case-insensitivity is the default for phrases.
    if (m) return new RegExp(m[1] ?? '', `${(m[2] ?? '').replace(/[gyi]/g, '')}i`);
    return new RegExp(escapeRegExp(entry), 'i');
  } catch {
    return null;
  }
}


/**
 * Compiles the phrase data and a repository's extra phrases (literals or `/regex/`) once per run.
 * `prefilter: false` runs every pattern on every statement: the differential test's reference.
 */
export function compileDetector(
  data: PhraseData,
  extraPhrases: Partial<Record<string, string[]>> = {},
  options: { prefilter?: boolean } = {},
): VagueDetector {
  const languages = data.languages.map((file): CompiledLanguage => {
    const phrases: Pattern[] = [];
    for (const [category, sources] of Object.entries(file.phrases)) {
      for (const source of sources) phrases.push({ category, re: wrap(source, file.script) });
    }
    for (const entry of extraPhrases[file.language] ?? []) {
      const re = parsePattern(entry);
      if (re) phrases.push({ category: 'custom', re: wrap(re.source, file.script) });
    }
    const weak = file.weak.map((s) => wrap(s, file.script));
    return {
      language: file.language,
      name: file.name,
      script: file.script,
      phrases,
      weak,
      anchors: file.anchors.map((s) => wrap(s, file.script)),
      stopwords: wordList(file.stopwords ?? []),
      unfiltered: phrases.length + weak.length,
    };
  });
  return {
    languages,
    suggestions: data.suggestions,
    tools: wordList(data.tools),
    plainWords: wordList(data.plainWords),
    prefilters: options.prefilter === false ? null : new Map(),
    literals: data.literals ?? {},
  };
}

/** The script's prefilter, registering its languages' phrases and weak words on first use. */
function prefilterOf(detector: VagueDetector, script: Script, languages: readonly CompiledLanguage[]): LiteralPrefilter | undefined {
  if (!detector.prefilters) return undefined;
  let prefilter = detector.prefilters.get(script);
  if (prefilter) return prefilter;
  prefilter = new LiteralPrefilter();
  for (const lang of languages) {
    const matchers = [...lang.phrases.map((p) => p.re), ...lang.weak];
    for (const m of matchers) {
      const known = Object.hasOwn(detector.literals, m.source) ? detector.literals[m.source] : undefined;
      m.filter = prefilter.add(known === undefined ? requiredLiterals(m.source) : known);
    }
    lang.unfiltered = matchers.filter((m) => m.filter < 0).length;
  }
  detector.prefilters.set(script, prefilter);
  return prefilter;
}

/**
 * One bounded pattern for a list of literal words, longest first: a match that fails its word
 * boundary is not retried with a longer alternative ("e" must not hide "escreva").
 */
function wordList(list: readonly string[]): Matcher | null {
  if (list.length === 0) return null;
  return wrap([...list].sort((a, b) => b.length - a.length).map(escapeRegExp).join('|'), 'latin');
}

/** By script for CJK (Hangul, then Kana, then Han); everything else is Latin-script text. */
export function detectScript(text: string): Script {
  if (/\p{Script=Hangul}/u.test(text)) return 'hangul';
  if (/[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)) return 'kana';
  if (/\p{Script=Han}/u.test(text)) return 'han';
  return 'latin';
}

/** Non-empty matches, left to right; bounded ones only where they start and end a word. */
function allMatches(m: Matcher, text: string): RegExpExecArray[] {
  const out: RegExpExecArray[] = [];
  const re = m.re;
  re.lastIndex = 0;
  for (let hit = re.exec(text); hit; hit = re.exec(text)) {
    const end = hit.index + hit[0].length;
    if (hit[0].length === 0) {
      re.lastIndex = hit.index + 1;
      continue;
    }
    if (m.bounded && (isWordChar(text[hit.index - 1]) || isWordChar(text[end]))) {
      re.lastIndex = hit.index + 1;
      continue;
    }
    out.push(hit);
  }
  return out;
}

interface Scored {
  lang: CompiledLanguage;
  signals: Signal[];
  vagueness: number;
}

/**
 * score()'s answers by language and text: with code and quotes blanked out, template statements
 * copied into every package ("When changing `src/mod7.ts`, ...") read the same. Bounded, for
 * long-lived processes.
 */
const scores = new WeakMap<CompiledLanguage, Map<string, Scored>>();

function scoreOf(lang: CompiledLanguage, text: string, hits: () => ReadonlySet<number>): Scored {
  let memo = scores.get(lang);
  if (!memo || memo.size >= 20_000) scores.set(lang, (memo = new Map()));
  let known = memo.get(text);
  if (!known) memo.set(text, (known = score(lang, text, hits())));
  return known;
}

const NO_HITS: ReadonlySet<number> = new Set();

/** A pattern the prefilter has not ruled out for this text. */
function mayMatch(m: Matcher, hits: ReadonlySet<number>): boolean {
  return m.filter < 0 || hits.has(m.filter);
}

/**
 * Vague phrases (non-overlapping, first category wins), then weak words outside them. `hits` are
 * the prefilter's candidates: a pattern left out lacks a literal every match holds, so skipping it
 * changes nothing.
 */
function score(lang: CompiledLanguage, text: string, hits: ReadonlySet<number>): Scored {
  if (hits.size === 0 && lang.unfiltered === 0) return { lang, signals: [], vagueness: 0 };
  const taken: Array<[number, number]> = [];
  const free = (s: number, e: number) => taken.every(([a, b]) => e <= a || s >= b);
  const found: Array<Signal & { index: number }> = [];
  for (const p of lang.phrases) {
    if (!mayMatch(p.re, hits)) continue;
    for (const m of allMatches(p.re, text)) {
      if (!free(m.index, m.index + m[0].length)) continue;
      taken.push([m.index, m.index + m[0].length]);
      found.push({ kind: 'phrase', text: m[0], category: p.category, weight: 2, index: m.index });
    }
  }
  for (const re of lang.weak) {
    if (!mayMatch(re, hits)) continue;
    for (const m of allMatches(re, text)) {
      if (!free(m.index, m.index + m[0].length)) continue;
      taken.push([m.index, m.index + m[0].length]);
      found.push({ kind: 'weak', text: m[0], category: 'general', weight: 1, index: m.index });
    }
  }
  // Phrases stay in category order (the data file's order: the first is the most specific); weak
  // words follow in text order.
  const phrases = found.filter((s) => s.kind === 'phrase');
  const weak = found.filter((s) => s.kind === 'weak').sort((x, y) => x.index - y.index);
  const signals = [...phrases, ...weak].map(({ index: _index, ...s }) => s);
  return { lang, signals, vagueness: signals.reduce((n, s) => n + s.weight, 0) };
}

const UNIVERSAL_ANCHORS = lazily((): Array<{ kind: Anchor['kind']; weight: number; re: RegExp }> => [
  { kind: 'code', weight: 4, re: /`[^`\n]+`/u },
  { kind: 'url', weight: 4, re: /https?:\/\/\S+/u },
  {
    kind: 'path',
    weight: 4,
    re: /(?:(?<![\w@.*-])[\w@.*-]+\/[\w@.*-]*|(?<![\w.])\.(?:env|git\w*|editorconfig|npmrc|nvmrc|prettierrc|eslintrc|github)[\w.-]*|(?<![\w*-])[\w*-]+\.(?:mdx?|tsx?|jsx?|mjs|cjs|jsonc?|ya?ml|toml|lock|py|rs|go|rb|java|kt|swift|cs|php|sh|sql|txt|css|scss|html|vue|svelte|proto|gradle|xml|ini|cfg)(?![\w]))/iu,
  },
  { kind: 'identifier', weight: 3, re: /(?<![\p{L}\w])(?:[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*|[a-z]+_[a-z_]+|[A-Z]+_[A-Z_]+|\w+\(\))/u },
  { kind: 'number', weight: 2, re: /\p{Nd}/u },
  { kind: 'quote', weight: 2, re: /["“„«「『][^"“”„«»「」『』]{1,80}["”“»」』]/u },
  // "Keep pull requests small: one page or one topic" defines itself after the colon.
  { kind: 'definition', weight: 2, re: /[:：]\s*\S+(?:\s+\S+){2,}|：\S{6,}/u },
]);

const MENTIONS = /`[^`\n]+`|["“„«「『][^"“”„«»「」『』]{1,80}["”“»」』]/gu;

function findAnchors(text: string, lang: CompiledLanguage, detector: VagueDetector): Anchor[] {
  const out: Anchor[] = [];
  let plain = text;
  for (const m of detector.plainWords ? allMatches(detector.plainWords, text) : []) {
    plain = plain.slice(0, m.index) + ' '.repeat(m[0].length) + plain.slice(m.index + m[0].length);
  }
  for (const a of UNIVERSAL_ANCHORS()) {
    const m = a.re.exec(a.kind === 'identifier' ? plain : text);
    if (m) out.push({ kind: a.kind, text: m[0], weight: a.weight });
  }
  const tool = detector.tools ? allMatches(detector.tools, plain)[0] : undefined;
  if (tool) out.push({ kind: 'tool', text: tool[0], weight: 3 });
  // In CJK prose a Latin-script word with a lowercase letter is nearly always a name (Vitest, pnpm).
  if (lang.script !== 'latin') {
    const foreign = /[A-Za-z][\w.+#-]*[a-z][\w.+#-]*|[a-z][\w.+#-]+/u.exec(plain.replace(/`[^`]*`/gu, ''));
    if (foreign) out.push({ kind: 'foreign', text: foreign[0], weight: 2 });
  }
  for (const re of lang.anchors) {
    const m = allMatches(re, text)[0];
    if (m) {
      out.push({ kind: 'cue', text: m[0], weight: 2 });
      break;
    }
  }
  return out;
}

function stopwordCount(lang: CompiledLanguage, text: string): number {
  return lang.stopwords ? allMatches(lang.stopwords, text).length : 0;
}

/** What assessVagueness and mayBeVague read of a statement before they score it. */
interface Reading {
  text: string;
  candidates: CompiledLanguage[];
  /** The text with code and quotes blanked out (mentioned, not used). */
  used: string;
  hitsOf: () => ReadonlySet<number>;
}

function read(source: string, detector: VagueDetector): Reading {
  const text = source.normalize('NFC');
  const script = detectScript(text);
  const candidates = detector.languages.filter((l) => l.script === script);
  // Words in code or quotes are mentioned, not used: `Do not write "easy"` is no vague instruction.
  const used = text.replace(MENTIONS, (m) => ' '.repeat(m.length));
  // One scan of the text serves every candidate language; none when all their scores are memoized.
  let hits: ReadonlySet<number> | undefined;
  const hitsOf = () => (hits ??= prefilterOf(detector, script, candidates)?.scan(used.toUpperCase()) ?? NO_HITS);
  return { text, candidates, used, hitsOf };
}

/**
 * Whether assessVagueness can find the statement vague: only when some candidate language scores
 * it 2 or more (vague means vagueness ≥ 2 and above the anchors' weight, for the best-scoring
 * language). From the scores alone, which are memoised: most statements need no anchors and no
 * stop-word counts then.
 */
export function mayBeVague(source: string, detector: VagueDetector): boolean {
  const { candidates, used, hitsOf } = read(source, detector);
  for (const lang of candidates) if (scoreOf(lang, used, hitsOf).vagueness >= 2) return true;
  return false;
}

/** Scores one statement (its Markdown source, so inline code and links still show). */
export function assessVagueness(source: string, detector: VagueDetector): VagueAssessment {
  const { text, candidates, used, hitsOf } = read(source, detector);
  let best: Scored | undefined;
  let bestStop = -1;
  for (const lang of candidates) {
    const s = scoreOf(lang, used, hitsOf);
    const stop = stopwordCount(lang, text);
    // Latin-script languages are told apart by which phrase data matches, then by function words.
    if (!best || s.vagueness > best.vagueness || (s.vagueness === best.vagueness && stop > bestStop)) {
      best = s;
      bestStop = stop;
    }
  }
  if (!best) {
    return { vague: false, language: '', phrase: '', category: 'general', suggestion: '', vagueness: 0, concreteness: 0, signals: [], anchors: [] };
  }
  const anchors = findAnchors(text, best.lang, detector);
  const concreteness = anchors.reduce((n, a) => n + a.weight, 0);
  const phrase = best.signals.find((s) => s.kind === 'phrase');
  const category = phrase?.category ?? 'general';
  return {
    vague: best.vagueness >= 2 && best.vagueness > concreteness,
    language: best.lang.language,
    phrase: phrase ? phrase.text : [...new Set(best.signals.map((s) => s.text.toLowerCase()))].join(', '),
    category,
    suggestion: detector.suggestions[category] ?? detector.suggestions['general'] ?? '',
    vagueness: best.vagueness,
    concreteness,
    signals: best.signals,
    anchors,
  };
}

/** An allow-list: `/regex/flags` entries are regular expressions, others case-insensitive substrings. */
export function compileAllow(entries: readonly string[]): (text: string) => boolean {
  const res = entries.map((e) => (/^\/.+\/[a-z]*$/s.test(e) ? parsePattern(e) : null));
  const subs = entries.filter((_, i) => !res[i]).map((e) => e.toLowerCase());
  return (text) => subs.some((s) => text.toLowerCase().includes(s)) || res.some((re) => re !== null && re.test(text));
}
