import type { InstructionFile } from '../instruction-file.js';
import { lazily } from '../../util/lazily.js';
import { cueMatches } from './cue-match.js';

// The sentence around a code span, code blanked out, as the cues read it.

/** The sentence around a reference, with every code span (the reference too) blanked out. */
export interface SentenceContext {
  /** From the sentence start to the reference (at most CUE_REACH characters: cues sit close by). */
  before: string;
  /** From the end of the reference to the sentence end (at most CUE_REACH characters). */
  after: string;
  /** A qualifier anywhere in the sentence makes existence optional ("if present", "e.g."). */
  qualified: boolean;
  /** Where the whole sentence starts and ends in the file's text (its code spans included). */
  from: number;
  to: number;
}

/**
 * How far from a reference its cues are looked for. A cue and its reference share a clause, so this
 * is generous, and it keeps a pathological one-sentence file with thousands of spans linear.
 */
const CUE_REACH = 400;

/**
 * Words that make a path's existence optional or hypothetical in its sentence. A prohibition alone
 * ("never edit `generated/`") does not: the path it guards must still exist, or the rule is stale.
 */
/** Words that introduce examples: what follows illustrates a point, it is not itself prescribed. */
const EXAMPLE_CUES = ['e\\.g\\.', 'for (?:example|instance)', 'such as'];

/**
 * The text before a reference (`SentenceContext.before`) ends in an example it introduces: "(e.g.,
 * `pnpm nx build`, `npm exec nx test`)", "such as `npm add x`". The cue's clause runs on to the
 * reference (a parenthesis or a sentence end between them closes it).
 */
export const INTRODUCES_EXAMPLE = lazily(() => new RegExp(`(?:${EXAMPLE_CUES.map((w) => `\\b${w}`).join('|')})[^.!?;()]{0,80}$`, 'i'));

const QUALIFIERS = lazily(() => new RegExp(
  [
    'if (?:it |they |one )?(?:present|exists?|any|available|needed|missing|applicable)',
    'when (?:present|it exists|available)',
    "(?:may|might|does ?n[o']t|do ?n[o']t|does not|do not|will) (?:not )?(?:yet )?exist",
    'not (?:yet )?(?:exist|present|committed|checked in)',
    'if you have (?:it|one|them)',
    'optional(?:ly)?',
    '(?:re)?generat(?:e|es|ed|ing)',
    'creat(?:e|es|ed|ing)',
    // A file to add to a contribution: "Include `RELEASE.md` file describing changes", "include a
    // file named `x` in the pull request diff".
    '(?:includ|add)(?:e|es|ed|ing|s)?\\b[^.!?]{0,40}\\bfile\\b[^.!?]{0,60}\\b(?:pull request|PR|diff|changes|commit)\\b',
    'output(?:s|ted)?',
    'writ(?:e|es|ten|ing) (?:to|into|out)',
    'emit(?:s|ted)?',
    'produc(?:e|es|ed)',
    'build(?:s)? (?:to|into)',
    'cop(?:y|ies|ied)',
    'renam(?:e|es|ed|ing)',
    'mov(?:e|es|ed|ing)',
    'migrat(?:e|es|ed|ing)',
    'delet(?:e|ed|es)',
    'remov(?:e|ed|es)',
    ...EXAMPLE_CUES,
    'branch(?:es)?',
    'prefix(?:es|ed)?',
    'placeholder',
    'hypothetical',
    // A path in another repository: "in that repo", "ported to the docs repository", a GitHub link.
    '(?:that|other|another|separate|sibling|upstream|external) repo(?:sitory)?',
    'ported to',
    'github\\.com/',
  ]
    .map((w) => `\\b${w}`)
    .join('|'),
  'i',
));

const MASKED = Symbol('masked text');

/** Runs of spaces by length: code spans of a length recur, so each run is made once. */
const spaceRuns: string[] = [];
function spaces(n: number): string {
  if (n >= 256) return ' '.repeat(n);
  return (spaceRuns[n] ??= ' '.repeat(n));
}

/** The file's text with every inline code span blanked out, so words inside code never count as cues. */
function maskedText(file: InstructionFile): string {
  return file.derived(MASKED, () => {
    const text = file.text;
    const parts: string[] = [];
    let at = 0;
    for (const span of file.inlineCode()) {
      if (span.start < at) continue;
      parts.push(text.slice(at, span.start), spaces(span.end - span.start));
      at = span.end;
    }
    parts.push(text.slice(at));
    return parts.join('');
  });
}

/** Sentence ends: `. ! ?` before whitespace, and the CJK full stops, which need none. */
const SENTENCE_END = /[.!?](?=\s|$)|[。！？；]/g;
const ABBREVIATION = /\b(e\.g|i\.e|etc|vs|cf)$/i;

/**
 * The sentence around a text range (within its statement, or its line outside statements), split
 * at the range, with every code span blanked out. Sentences end at `. ! ?` before whitespace (and at
 * `。！？；`), except after abbreviations such as "e.g." and "i.e.". Each statement's sentence ends
 * are found once, so a file costs one pass however many references it holds.
 */
export function sentenceContext(file: InstructionFile): (start: number, end: number) => SentenceContext {
  // One per file for every caller (path references and commands ask for the same file's sentences).
  return file.derived(SENTENCES, () => sentencesOf(file));
}

const SENTENCES = Symbol('sentence context');

function sentencesOf(file: InstructionFile): (start: number, end: number) => SentenceContext {
  const text = file.text;
  const statements = file.statements();
  // Bisected for every reference: plain arrays of the offsets read faster than the statements.
  const starts = statements.map((s) => s.start);
  const ends = statements.map((s) => s.end);
  const ascending = starts.every((s, i) => i === 0 || (starts[i - 1] ?? 0) <= s);
  let lastStart = -1;
  let lastAt = -1;
  /** Sentence ends of each statement (or line), by its start offset. */
  const stopsOf = new Map<number, number[]>();
  const qualifiedAt = new Map<number, boolean>();
  let masked: string | undefined;
  return (start, end) => {
    masked ??= maskedText(file);
    // Statements are in document order; the innermost one holding the range is the last starting before it.
    let lo = 0;
    let hi = statements.length - 1;
    let at = -1;
    if (ascending && start >= lastStart) {
      // References come in document order: walk on from the last one's statement.
      at = lastAt;
      while (at + 1 < starts.length && (starts[at + 1] ?? 0) <= start) at++;
    } else {
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if ((starts[mid] ?? 0) <= start) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
    }
    lastStart = start;
    lastAt = at;
    while (at >= 0 && (ends[at] ?? 0) < end) at--;
    const statement = at >= 0 ? statements[at] : undefined;
    const lineEnd = text.indexOf('\n', end);
    const regionStart = statement ? statement.start : text.lastIndexOf('\n', start - 1) + 1;
    const regionEnd = statement ? statement.end : lineEnd < 0 ? text.length : lineEnd;
    let stops = stopsOf.get(regionStart);
    if (!stops) {
      stops = [];
      // exec, not matchAll (which clones the expression for every statement).
      const region = masked.slice(regionStart, regionEnd);
      SENTENCE_END.lastIndex = 0;
      for (let match = SENTENCE_END.exec(region); match; match = SENTENCE_END.exec(region)) {
        const stop = regionStart + match.index;
        if (!ABBREVIATION.test(masked.slice(Math.max(regionStart, stop - 4), stop))) stops.push(stop);
      }
      stopsOf.set(regionStart, stops);
    }
    // The first sentence end at or after the range closes its sentence; the one before opens it.
    lo = 0;
    hi = stops.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((stops[mid] ?? 0) < end) lo = mid + 1;
      else hi = mid;
    }
    const previous = lo > 0 ? stops[lo - 1] : undefined;
    const from = previous !== undefined && previous < start ? previous + 1 : regionStart;
    const to = stops[lo] ?? regionEnd;
    let qualified = qualifiedAt.get(from);
    // Kept by the sentence's text too (cueMatches): template sentences recur across files.
    if (qualified === undefined) qualifiedAt.set(from, (qualified = cueMatches(QUALIFIERS(), null, masked.slice(from, to))));
    return { before: masked.slice(Math.max(from, start - CUE_REACH), start), after: masked.slice(end, Math.min(to, end + CUE_REACH)), qualified, from, to };
  };
}
