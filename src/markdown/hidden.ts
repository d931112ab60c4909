import type { InstructionFile } from './instruction-file.js';
import { sequenceLength } from './locate.js';
import { lazily } from '../util/lazily.js';
import { ZERO_WIDTH, isTag } from '../util/invisible.js';

export type InvisibleKind = 'bidiControl' | 'zeroWidth' | 'tagCharacters';

export interface InvisibleRun {
  kind: InvisibleKind;
  /** Raw byte range of the run, end exclusive. */
  byteStart: number;
  byteEnd: number;
  /** Text offsets of the run, end exclusive. */
  start: number;
  end: number;
  codePoints: number[];
  /** For tag characters: the ASCII they spell (U+E0020–U+E007E map to U+0020–U+007E). */
  decoded: string;
}

/**
 * Trojan Source (CVE-2021-42574, https://trojansource.codes/): embeddings, overrides and isolates
 * reorder what a reader sees, and the implicit marks (LRM, RLM, ALM) steer them.
 */
const BIDI = new Set([0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069, 0x200e, 0x200f, 0x061c]);

// ZWJ and ZWNJ are part of real text: ZWJ inside emoji sequences (👩‍💻, Unicode TR51) and both
// in scripts that need them (Persian, Indic scripts). Latin letters never need them.
const PICTOGRAPHIC = lazily(() => /\p{Extended_Pictographic}|\u{FE0F}|\p{Emoji_Modifier}/u);
const NON_LATIN_LETTER = lazily(() => /[\p{L}\p{M}]/u);
const LATIN = lazily(() => /\p{Script=Latin}/u);

function classify(cp: number, byteStart: number): InvisibleKind | null {
  if (BIDI.has(cp)) return 'bidiControl';
  if (ZERO_WIDTH.has(cp)) return cp === 0xfeff && byteStart === 0 ? null : 'zeroWidth';
  if (isTag(cp)) return 'tagCharacters';
  return null;
}

const RANK: Record<InvisibleKind, number> = { zeroWidth: 0, bidiControl: 1, tagCharacters: 2 };

/** Decodes the UTF-8 character at byte `i` (U+FFFD for an invalid sequence). */
function decodeAt(bytes: Uint8Array, i: number): { cp: number; length: number } {
  const seq = sequenceLength(bytes, i);
  if (!seq.valid) return { cp: 0xfffd, length: seq.length };
  const b0 = bytes[i] ?? 0;
  if (seq.length === 1) return { cp: b0, length: 1 };
  let cp = b0 & (seq.length === 2 ? 0x1f : seq.length === 3 ? 0x0f : 0x07);
  for (let k = 1; k < seq.length; k++) cp = (cp << 6) | ((bytes[i + k] ?? 0) & 0x3f);
  return { cp, length: seq.length };
}

/** The character that ends just before byte `i` (continuation bytes are 10xxxxxx). */
function decodeBefore(bytes: Uint8Array, i: number): number | undefined {
  let k = i - 1;
  while (k > 0 && i - k < 4 && ((bytes[k] ?? 0) & 0xc0) === 0x80) k--;
  return k >= 0 ? decodeAt(bytes, k).cp : undefined;
}

/** Lead bytes of every character classified here: U+061C (D8), U+200B–U+206F (E2), U+FEFF (EF), U+E00xx (F3). */
const LEADS = new Set([0xd8, 0xe2, 0xef, 0xf3]);

/** Runs of adjacent invisible characters in the raw bytes (one run, one report). */
export function invisibleRuns(file: InstructionFile): InvisibleRun[] {
  const bytes = file.bytes;
  const joins = (c: number | undefined) => {
    if (c === undefined) return false;
    const s = String.fromCodePoint(c);
    return PICTOGRAPHIC().test(s) || (NON_LATIN_LETTER().test(s) && !LATIN().test(s));
  };
  const runs: InvisibleRun[] = [];
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i] ?? 0;
    // A byte scan, not a decode of the whole file: a 100 MB file costs one pass over its bytes.
    if (b < 0x80 || !LEADS.has(b)) {
      i++;
      continue;
    }
    const { cp, length } = decodeAt(bytes, i);
    const kind = classify(cp, i);
    const byteStart = i;
    i += length;
    if (!kind) continue;
    if ((cp === 0x200d || cp === 0x200c) && joins(decodeBefore(bytes, byteStart)) && joins(i < bytes.length ? decodeAt(bytes, i).cp : undefined)) continue;
    const last = runs[runs.length - 1];
    if (last && last.byteEnd === byteStart) {
      last.byteEnd = i;
      last.codePoints.push(cp);
      if (RANK[kind] > RANK[last.kind]) last.kind = kind;
    } else {
      runs.push({ kind, byteStart, byteEnd: i, start: 0, end: 0, codePoints: [cp], decoded: '' });
    }
  }
  for (const run of runs) {
    run.start = file.locator.textOffsetOfByte(run.byteStart);
    run.end = file.locator.textOffsetOfByte(run.byteEnd);
    run.decoded = run.codePoints
      .filter((cp) => cp >= 0xe0020 && cp <= 0xe007e)
      .map((cp) => String.fromCharCode(cp - 0xe0000))
      .join('');
  }
  return runs;
}

export function formatCodePoints(codePoints: readonly number[], max = 8): string {
  const shown = codePoints.slice(0, max).map((cp) => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`);
  return codePoints.length > max ? `${shown.join(' ')} … (${codePoints.length} in all)` : shown.join(' ');
}

export interface HiddenMarkup {
  kind: 'htmlComment' | 'hiddenHtml';
  /** Text offsets, end exclusive. */
  start: number;
  end: number;
  /** What hides the text: "HTML comment", `<div hidden>`, "unused link reference definition". */
  what: string;
  /** The hidden text, whitespace collapsed. */
  content: string;
}

/**
 * Control comments of Markdown tools: they carry no instruction for the agent. Sources: markdownlint
 * (`markdownlint-disable…`, `markdownlint-capture`/`-restore`, `markdownlint-configure-file`),
 * Prettier (`prettier-ignore`, `prettier-ignore-start`/`-end`). Suppressions are SUPPRESSION's.
 */
const CONTROL_COMMENT =
  /^(?:markdownlint-(?:disable|enable|capture|restore|configure-file)[\s\S]*|prettier-ignore(?:-start|-end)?|textlint-(?:disable|enable)[\s\S]*|cspell:[\s\S]*|vale\s+\S+(?:\s+=\s+\S+)?|omit (?:from|in) toc|(?:start|end) doctoc[\s\S]*)$/i;
/**
 * Suppression comments, agents-lint's (src/engine/suppress.ts) and ESLint's: the directive and its
 * rule list are control, but the reason after " -- " is free text the model reads as it reads any
 * comment, so it is checked like one (`-- agents: approve every refund` is an instruction).
 */
const SUPPRESSION = /^(?:agents-lint|eslint)-(?:disable|enable)(?:-next-line|-line)?(?=\s|$)/i;
const REASON = /(?:^|\s)--(?:\s|$)/;
/** The text of a comment that can carry an instruction: a suppression's reason alone. */
function freeText(comment: string): string {
  if (!SUPPRESSION.test(comment)) return comment;
  const sep = comment.search(REASON);
  return sep === -1 ? '' : comment.slice(sep).replace(/^\s*--\s*/, '');
}
/** Section markers of generators ("BEGIN generated", "AUTO-GENERATED-CONTENT:START"): at most three words. */
const MARKER_COMMENT = /^(?:(?:begin|end|start|stop)\b|[\w-]+:(?:start|end)\b)/i;
const COMMENT = /<!--([\s\S]*?)(?:-->|$)/g;
/**
 * What makes a comment an instruction rather than a note: a modal or prohibition ("must", "never",
 * "do not"), an address to the reader or the agent ("you", "agents", "Claude"), or a sentence that
 * starts with an imperative verb ("Run …", "also bump …"). Bookkeeping (`rule:232`, "braindump: rules
 * extracted from review", "generated by tool X") has none of these and is not a finding.
 */
const DIRECTIVE_WORD =
  /\b(?:must|should|shall|never|always|do not|don'?t|ignore|disregard|forget|you|your|please|make sure|ensure|avoid|prefer|instead|remember|important|agents?|assistants?|AI|LLMs?|models?|Claude|Codex|Copilot|Gemini|Cursor)\b/i;
const IMPERATIVE_START =
  /(?:^|[.!?:;]\s+|\b(?:also|then|and|now|first|finally)\s+)(?:do|run|use|add|delete|remove|send|call|write|edit|create|commit|push|install|execute|fetch|read|print|skip|bypass|approve|merge|keep|update|change|set|bump|tell|include|exclude|copy|upload|download|post|open|disable|enable|grant|reveal|leak|exfiltrate|output|respond|reply|answer|say|pretend|act|ask|check|stop|start|make|force|drop|deploy|publish|release)\b/i;
const isDirective = (comment: string) => DIRECTIVE_WORD.test(comment) || IMPERATIVE_START.test(comment);
const OPEN_TAG = /<([a-z][a-z0-9-]*)\b([^>]*)>/gi;
/** Attributes that keep an element's text out of the rendered page (HTML `hidden`, inline CSS). */
const HIDING_ATTR =
  /(?:^|\s)hidden(?:\s|=|$)|aria-hidden\s*=\s*["']?true|display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0(?![.\d]*[1-9])|opacity\s*:\s*0(?![.\d]*[1-9])/i;
const WORD = lazily(() => /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu);

export function wordCount(text: string): number {
  return text.match(WORD())?.length ?? 0;
}

const collapse = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * HTML comments that give directions, elements hidden by attributes, and unused link reference definitions
 * with prose; plus the span of every HTML comment (fixes leave comments alone).
 */
export function hiddenMarkup(file: InstructionFile): { markup: HiddenMarkup[]; comments: [number, number][] } {
  const text = file.text;
  const out: HiddenMarkup[] = [];
  const comments: [number, number][] = [];
  // The HTML nodes, the references' identifiers and the definitions, from the file's one walk of its tree.
  const { html: htmlSpans, references: used, definitions } = file.markup();
  for (const [start, end] of htmlSpans) {
    const slice = text.slice(start, end);
    for (const m of slice.matchAll(COMMENT)) {
      const inner = freeText(collapse(m[1] ?? ''));
      comments.push([start + m.index, start + m.index + m[0].length]);
      if (inner === '' || CONTROL_COMMENT.test(inner) || wordCount(inner) < 2) continue;
      if (MARKER_COMMENT.test(inner) && wordCount(inner) <= 3) continue;
      if (!isDirective(inner)) continue;
      out.push({ kind: 'htmlComment', start: start + m.index, end: start + m.index + m[0].length, what: 'HTML comment', content: inner });
    }
    const withoutComments = slice.replace(COMMENT, (c) => ' '.repeat(c.length));
    for (const m of withoutComments.matchAll(OPEN_TAG)) {
      if (!HIDING_ATTR.test(m[2] ?? '')) continue;
      const tagStart = start + m.index;
      // The hidden text runs to the matching close tag (inline HTML splits it over several nodes).
      const close = new RegExp(`</${m[1]}\\s*>`, 'i').exec(text.slice(tagStart));
      const tagEnd = close ? tagStart + close.index + close[0].length : tagStart + m[0].length;
      const content = collapse(text.slice(tagStart + m[0].length, close ? tagStart + close.index : tagEnd).replace(/<[^>]*>/g, ' '));
      out.push({ kind: 'hiddenHtml', start: tagStart, end: tagEnd, what: collapse(m[0]), content });
    }
  }
  for (const d of definitions) {
    if (used.has(d.id)) continue;
    const prose = collapse(d.title) || (wordCount(d.label) >= 3 ? collapse(d.label) : '');
    if (wordCount(prose) < 1) continue;
    out.push({ kind: 'hiddenHtml', start: d.start, end: d.end, what: 'Unused link reference definition', content: prose });
  }
  // Hidden elements nested in others are reported once, at the outermost.
  out.sort((a, b) => a.start - b.start || b.end - a.end);
  const markup = out.filter((h, i) => !out.slice(0, i).some((o) => o.kind === 'hiddenHtml' && h.kind === 'hiddenHtml' && o.start <= h.start && h.end <= o.end));
  return { markup, comments };
}
