import type { FootnoteReference, Image, ImageReference, InlineCode, Link, LinkReference, Nodes, PhrasingContent, Text } from 'mdast';
import type { Point, Position } from 'unist';
import { decodeNamedCharacterReference } from 'decode-named-character-reference';
import { lastAtMost } from '../kit/bisect.js';

/**
 * Inline (phrasing) Markdown, parsed exactly as micromark and mdast-util-from-markdown do with
 * remark-gfm (a port of micromark's text constructs, checked against remark by
 * test/markdown/parse-differential.test.ts). Lezer finds the blocks (lezer-mdast.ts); lezer's
 * inline tree is not used, because it differs from micromark where trees must not (references
 * without a definition, entities, flanking next to `~`, GFM autolink literals).
 *
 * The text of a paragraph is given as lines (container prefixes already stripped) and parsed as
 * one string `v` with a "\n" between lines; offsets in `v` map back to the source for positions,
 * and each line ending's own characters (CRLF, CR or LF) go into values, as remark keeps them.
 */

export interface InlineLine {
  /** Source offset of the line's content (after container prefixes). */
  start: number;
  /** Source offset of the line's end (before its line ending). */
  end: number;
  /** Source offset just after the line ending that follows the line (unused on the last line). */
  next: number;
  /** Columns of a tab partly taken by a container prefix: that many spaces precede `start`. */
  virtual: number;
  /** The visual column (tabs to multiples of four) at `start`; 0 when unknown. */
  col?: number;
}

export interface InlineContext {
  /** The whole source text. */
  src: string;
  point(offset: number): Point;
  /** normalizeIdentifier()ed labels of link definitions. */
  definitions: ReadonlySet<string>;
  /** normalizeIdentifier()ed labels of footnote definitions. */
  footnotes: ReadonlySet<string>;
}

export interface InlineResult {
  children: PhrasingContent[];
  /** A GFM task list check at the start (`[ ]`, `[x]`), when asked to look for one. */
  checked: boolean | null;
}

// ---------------------------------------------------------------------------------------------
// Characters (micromark-util-character)
// ---------------------------------------------------------------------------------------------

const NUL = -1;

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isAlnum(c: number): boolean {
  return isAlpha(c) || isDigit(c);
}
function isHex(c: number): boolean {
  return isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}
export function isAsciiPunctuation(c: number): boolean {
  return (c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126);
}
/** micromark's asciiAtext: `[#-'*+\--9=?A-Z^-~]`. */
function isAtext(c: number): boolean {
  return (c >= 35 && c <= 39) || c === 42 || c === 43 || (c >= 45 && c <= 57) || c === 61 || c === 63 || (c >= 65 && c <= 90) || (c >= 94 && c <= 126);
}
function isControl(c: number): boolean {
  return c >= 0 && (c < 32 || c === 127);
}
function isSpaceOrTab(c: number): boolean {
  return c === 32 || c === 9;
}
/** Line ending, space or tab (in `v`, line endings are "\n"). */
function isEolOrSpace(c: number): boolean {
  return c === 10 || c === 32 || c === 9;
}

/** 1: whitespace, 2: punctuation, 0: other; per UTF-16 unit, as micromark's classifyCharacter. */
const classes = new Uint8Array(65536).fill(255);
const WHITESPACE = /\s/;
const PUNCTUATION = /\p{P}|\p{S}/u;
function classOf(c: number): number {
  if (c === NUL) return 1;
  let k = classes[c]!;
  if (k === 255) {
    const ch = String.fromCharCode(c);
    k = classes[c] = WHITESPACE.test(ch) ? 1 : PUNCTUATION.test(ch) ? 2 : 0;
  }
  return k;
}
function isUnicodeWhitespace(c: number): boolean {
  return c !== NUL && classOf(c) === 1;
}
function isUnicodePunctuation(c: number): boolean {
  return c !== NUL && classOf(c) === 2;
}

// ---------------------------------------------------------------------------------------------
// Strings (micromark-util-decode-string, -normalize-identifier, -decode-numeric-character-reference)
// ---------------------------------------------------------------------------------------------

export function decodeNumericCharacterReference(value: string, base: number): string {
  const code = Number.parseInt(value, base);
  if (
    code < 9 ||
    code === 11 ||
    (code > 13 && code < 32) ||
    (code > 126 && code < 160) ||
    (code > 55_295 && code < 57_344) ||
    (code > 64_975 && code < 65_008) ||
    (code & 65_535) === 65_535 ||
    (code & 65_535) === 65_534 ||
    code > 1_114_111
  ) {
    return '\uFFFD';
  }
  return String.fromCodePoint(code);
}

const characterEscapeOrReference = /\\([!-/:-@[-`{-~])|&(#(?:\d{1,7}|x[\da-f]{1,6})|[\da-z]{1,31});/gi;

export function decodeString(value: string): string {
  if (value.indexOf('\\') < 0 && value.indexOf('&') < 0) return value;
  return value.replace(characterEscapeOrReference, (whole: string, escaped: string | undefined, ref: string | undefined) => {
    if (escaped) return escaped;
    const r = ref!;
    if (r.charCodeAt(0) === 35) {
      const hex = r.charCodeAt(1) === 120 || r.charCodeAt(1) === 88;
      return decodeNumericCharacterReference(r.slice(hex ? 2 : 1), hex ? 16 : 10);
    }
    return decodeNamedCharacterReference(r) || whole;
  });
}

export function normalizeIdentifier(value: string): string {
  return value
    .replace(/[\t\n\r ]+/g, ' ')
    .replace(/^ | $/g, '')
    .toLowerCase()
    .toUpperCase();
}

/** mdast-util-to-string (includeImageAlt, includeHtml). */
export function toString(nodes: readonly Nodes[]): string {
  let out = '';
  for (const node of nodes) {
    if ('value' in node) out += node.value;
    else if ('alt' in node) out += node.alt ?? '';
    else if ('children' in node) out += toString(node.children as Nodes[]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Parts: what the tokenizer produces before delimiters are resolved
// ---------------------------------------------------------------------------------------------

const TEXT = 0;
const NODE = 1;
const DELIM = 2;
const BRACKET = 3;

interface TextPart {
  k: typeof TEXT;
  from: number;
  to: number;
  value: string;
  /** Plain data (not an escape, reference or line ending): trailing whitespace is trimmed before a line ending. */
  data: boolean;
}
interface NodePart {
  k: typeof NODE;
  from: number;
  to: number;
  node: PhrasingContent;
}
interface DelimPart {
  k: typeof DELIM;
  from: number;
  to: number;
  ch: number;
  open: boolean;
  close: boolean;
}
interface BracketPart {
  k: typeof BRACKET;
  from: number;
  to: number;
  image: boolean;
  inactive: boolean;
}
type Part = TextPart | NodePart | DelimPart | BracketPart;

// ---------------------------------------------------------------------------------------------
// The parser
// ---------------------------------------------------------------------------------------------

export function parseInline(cx: InlineContext, lines: readonly InlineLine[], options: { inTable?: boolean; task?: boolean } = {}): InlineResult {
  return new InlineParser(cx, lines, options.inTable === true).run(options.task === true);
}

export interface DefinitionResult {
  identifier: string;
  label: string;
  url: string;
  title: string | null;
  /** Source offset where the definition ends (before its line ending). */
  end: number;
}

/**
 * Where a link reference definition at the start of `text` (lines joined with "\n") ends: an
 * offset (the end of its last line), -1 when `text` does not start with one, or -2 when the lines
 * so far could still become one (a title or label still open, a destination still to come).
 * `final`: no more lines follow.
 */
export function definitionEnd(text: string, final: boolean): number {
  const cx: InlineContext = { src: text, point: () => ({ line: 1, column: 1, offset: 0 }), definitions: new Set(), footnotes: new Set() };
  return new InlineParser(cx, [{ start: 0, end: text.length, next: text.length, virtual: 0 }], false).definitionEnd(final);
}

/** A link reference definition at the start of `lines` (micromark definition.js), or null. */
export function parseDefinition(cx: InlineContext, lines: readonly InlineLine[]): DefinitionResult | null {
  return new InlineParser(cx, lines, false).definition();
}

/** The orders in which attention (`a`) and strikethrough (`s`) are resolved. */
const STRIKE_FIRST: readonly string[] = ['s', 'a'];
const ATTENTION_FIRST: readonly string[] = ['a', 's'];

class InlineParser {
  readonly cx: InlineContext;
  readonly src: string;
  readonly lines: readonly InlineLine[];
  readonly inTable: boolean;
  /** The text, lines joined with "\n". */
  readonly v: string;
  /** Offset in `v` of each line's first character (its virtual spaces first). */
  readonly vStart: number[];
  parts: Part[] = [];
  /** Indices in `parts` of open brackets (label starts not yet failed or used). */
  labelStarts: number[] = [];
  /** Which of attention (`a`) and strikethrough (`s`) first tokenized: micromark resolves in that order. */
  order: string = '';
  dataStart = -1;
  /** Set when a label or title scan ran into the end of the text. */
  endReached = false;
  /** How far the failed attempts so far read (micromark's positions differ after it, below). */
  reach = -1;
  /** Line endings (in `v`) that a failed attempt read across. */
  skipEnds: Set<number> | null = null;
  /** Whether the text holds an `@` (an e-mail literal needs one) and a `:` (a protocol literal needs one). */
  readonly hasAt: boolean;
  readonly hasColon: boolean;

  constructor(cx: InlineContext, lines: readonly InlineLine[], inTable: boolean) {
    this.cx = cx;
    this.src = cx.src;
    this.lines = lines;
    this.inTable = inTable;
    const vStart: number[] = [];
    let v = '';
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (i > 0) v += '\n';
      vStart.push(v.length);
      if (line.virtual) v += ' '.repeat(line.virtual);
      v += this.src.slice(line.start, line.end);
    }
    this.v = v;
    this.vStart = vStart;
    this.hasAt = v.indexOf('@') >= 0;
    this.hasColon = v.indexOf(':') >= 0;
  }

  // --- positions ----------------------------------------------------------------------------

  lineAt(p: number): number {
    return lastAtMost(this.vStart, p);
  }

  /** Source offset of the character at `p` in `v` (a line ending maps to its first character). */
  srcStart(p: number): number {
    const i = this.lineAt(p);
    const line = this.lines[i]!;
    const rel = p - this.vStart[i]!;
    if (rel < line.virtual) return line.start;
    return Math.min(line.start + rel - line.virtual, line.end);
  }

  /** Source offset just after the character at `p - 1` in `v` (after a whole line ending). */
  srcEnd(p: number): number {
    if (p <= 0) return this.lines[0]!.start;
    const q = p - 1;
    const i = this.lineAt(q);
    const line = this.lines[i]!;
    const rel = q - this.vStart[i]!;
    if (line.start + rel - line.virtual >= line.end && this.v.charCodeAt(q) === 10) return this.skipEnds?.has(q) ? this.lines[i + 1]!.start : line.next;
    if (rel < line.virtual) return line.start;
    return line.start + rel - line.virtual + 1;
  }

  /** A space in `v` that is in the source: virtual spaces (the rest of a tab a container prefix took part of) are data. */
  realSpace(k: number): boolean {
    return this.v.charCodeAt(k) === 32 && !this.isVirtual(k);
  }

  isVirtual(p: number): boolean {
    const i = this.lineAt(p);
    return p - this.vStart[i]! < this.lines[i]!.virtual;
  }

  position(from: number, to: number): Position {
    return { start: this.cx.point(this.srcStart(from)), end: this.cx.point(this.srcEnd(to)) };
  }

  /** The source characters of the line ending at `p` in `v`. */
  eolAt(p: number): string {
    const line = this.lines[this.lineAt(p)]!;
    return this.src.slice(line.end, line.next);
  }

  /** `v.slice(from, to)` with each "\n" replaced by the source's line ending. */
  raw(from: number, to: number): string {
    const v = this.v;
    let nl = v.indexOf('\n', from);
    if (nl < 0 || nl >= to) return v.slice(from, to);
    let out = '';
    let at = from;
    while (nl >= 0 && nl < to) {
      out += v.slice(at, nl) + this.eolAt(nl);
      at = nl + 1;
      nl = v.indexOf('\n', at);
    }
    return out + v.slice(at, to);
  }

  code(p: number): number {
    return p < this.v.length ? this.v.charCodeAt(p) : NUL;
  }

  prev(p: number): number {
    return p > 0 ? this.v.charCodeAt(p - 1) : NUL;
  }

  fail(at: number): number {
    if (at > this.reach) this.reach = at;
    return -1;
  }

  failNull(at: number): null {
    this.fail(at);
    return null;
  }

  /**
   * A line ending that a failed attempt (an unclosed code span, inline HTML, a link destination)
   * read across ends, in micromark's positions, after the next line's container prefixes rather
   * than at that line's start.
   */
  markEol(p: number): void {
    if (this.reach > p) (this.skipEnds ??= new Set()).add(p);
  }

  // --- parts --------------------------------------------------------------------------------

  flush(p: number): void {
    if (this.dataStart < 0) return;
    const from = this.dataStart;
    this.dataStart = -1;
    const last = this.parts[this.parts.length - 1];
    if (last && last.k === TEXT && last.data && last.to === from) {
      last.value += this.v.slice(from, p);
      last.to = p;
    } else {
      this.parts.push({ k: TEXT, from, to: p, value: this.v.slice(from, p), data: true });
    }
  }

  push(part: Part): void {
    this.parts.push(part);
  }

  node(from: number, to: number, node: PhrasingContent): void {
    this.parts.push({ k: NODE, from, to, node });
  }

  text(from: number, to: number, value: string): void {
    this.parts.push({ k: TEXT, from, to, value, data: false });
  }

  // --- main loop ----------------------------------------------------------------------------

  run(task: boolean): InlineResult {
    const v = this.v;
    const n = v.length;
    let checked: boolean | null = null;
    let p = 0;
    if (task) {
      const end = this.taskCheck();
      if (end > 0) {
        checked = v.charCodeAt(1) === 120 || v.charCodeAt(1) === 88;
        p = end;
      }
    }
    while (p < n) {
      const c = v.charCodeAt(p);
      let q = -1;
      if (c === 10) {
        this.flush(p);
        p = this.lineEnding(p);
        continue;
      }
      switch (c) {
        case 92: // \
          q = this.backslash(p);
          break;
        case 38: // &
          q = this.characterReference(p);
          break;
        case 96: // `
          q = this.codeText(p);
          break;
        case 60: // <
          q = this.autolink(p);
          if (q < 0) q = this.htmlText(p);
          break;
        case 33: // !
          if (this.code(p + 1) === 91) {
            this.flush(p);
            this.labelStarts.push(this.parts.length);
            this.push({ k: BRACKET, from: p, to: p + 2, image: true, inactive: false });
            q = p + 2;
          }
          break;
        case 91: // [
          // A footnote call first, else a link start (micromark's `_hiddenFootnoteSupport`,
          // which would refuse `[^`, is not set by remark-gfm).
          q = this.footnoteCall(p);
          if (q < 0) {
            this.flush(p);
            this.labelStarts.push(this.parts.length);
            this.push({ k: BRACKET, from: p, to: p + 1, image: false, inactive: false });
            q = p + 1;
          }
          break;
        case 93: // ]
          q = this.labelEnd(p);
          break;
        case 42: // *
          q = this.attention(p, c);
          break;
        case 95: // _
          q = this.literalAutolink(p, c);
          if (q < 0) q = this.attention(p, c);
          break;
        case 126: // ~
          q = this.strikethrough(p);
          break;
        default:
          // Most characters are a letter or digit after a letter, or a space: neither starts an
          // autolink literal (an e-mail starts after no atext, `www` after space or punctuation,
          // a protocol after no letter), so data goes on without asking.
          if (c === 32 || (isAlnum(c) && isAlpha(this.prev(p)))) {
            if (this.dataStart < 0) this.dataStart = p;
            p++;
            // And so on for the run of such characters.
            for (let d = p < n ? v.charCodeAt(p) : NUL; p < n && (d === 32 || (isAlnum(d) && isAlpha(v.charCodeAt(p - 1)))); d = v.charCodeAt(p)) p++;
            continue;
          }
          q = this.literalAutolink(p, c);
      }
      if (q < 0) {
        if (this.dataStart < 0) this.dataStart = p;
        p++;
      } else {
        p = q;
      }
    }
    this.flush(n);
    this.trimTrailing(n, true);
    const order = this.order === 's' ? STRIKE_FIRST : ATTENTION_FIRST;
    const children = this.finish(this.resolve(this.parts, order));
    return { children, checked };
  }

  /**
   * micromark's resolveAllLineSuffixes: trailing spaces and tabs of the data before a line ending
   * (or the end) are dropped, or become a hard break (two or more spaces, no tab, not at the end).
   * Returns the break's start in `v`, or -1.
   */
  trimTrailing(p: number, atEnd: boolean): number {
    const last = this.parts[this.parts.length - 1];
    if (!last || last.k !== TEXT || !last.data || last.to !== p) return -1;
    const value = last.value;
    let i = value.length;
    let tabs = false;
    while (i > 0) {
      const c = value.charCodeAt(i - 1);
      if (c === 32) i--;
      else if (c === 9) {
        tabs = true;
        i--;
      } else break;
    }
    const size = value.length - i;
    if (!size) return -1;
    const hard = !atEnd && !tabs && size >= 2;
    if (i === 0) this.parts.pop();
    else {
      last.value = value.slice(0, i);
      last.to -= size;
    }
    return hard ? p - size : -1;
  }

  /** A line ending in the text: a hard break, or a line ending kept in the text; then the next line's indent is skipped. */
  lineEnding(p: number): number {
    this.markEol(p);
    const breakAt = this.trimTrailing(p, false);
    if (breakAt >= 0) {
      this.node(breakAt, p + 1, { type: 'break', position: this.position(breakAt, p + 1) });
    } else {
      this.text(p, p + 1, this.eolAt(p));
    }
    return this.skipLinePrefix(p + 1);
  }

  skipLinePrefix(p: number): number {
    const v = this.v;
    while (p < v.length && isSpaceOrTab(v.charCodeAt(p))) p++;
    return p;
  }

  // --- constructs ---------------------------------------------------------------------------

  taskCheck(): number {
    const v = this.v;
    if (v.charCodeAt(0) !== 91) return -1;
    const c = this.code(1);
    if (!(isEolOrSpace(c) || c === 120 || c === 88)) return -1;
    // A line ending as the check's value is read past (see markEol).
    if (this.code(2) !== 93) return this.fail(2);
    const after = this.code(3);
    if (after === 10) return 3;
    if (!isSpaceOrTab(after)) return -1;
    // Spaces, then something other than the end.
    let i = 3;
    while (i < v.length && isSpaceOrTab(v.charCodeAt(i))) i++;
    return i < v.length ? 3 : -1;
  }

  backslash(p: number): number {
    const next = this.code(p + 1);
    if (next === 10) {
      this.flush(p);
      this.markEol(p + 1);
      // The break takes the line ending; the next line's indent is skipped.
      this.node(p, p + 2, { type: 'break', position: this.position(p, p + 2) });
      return this.skipLinePrefix(p + 2);
    }
    if (next !== NUL && isAsciiPunctuation(next)) {
      this.flush(p);
      this.text(p, p + 2, String.fromCharCode(next));
      return p + 2;
    }
    return -1;
  }

  characterReference(p: number): number {
    const v = this.v;
    let i = p + 1;
    let max: number;
    let test: (c: number) => boolean;
    let numeric = 0;
    if (this.code(i) === 35) {
      i++;
      if (this.code(i) === 120 || this.code(i) === 88) {
        i++;
        max = 6;
        test = isHex;
        numeric = 16;
      } else {
        max = 7;
        test = isDigit;
        numeric = 10;
      }
    } else {
      max = 31;
      test = isAlnum;
    }
    const start = i;
    while (i < v.length && i - start < max && test(v.charCodeAt(i))) i++;
    if (i === start || this.code(i) !== 59) return -1;
    const body = v.slice(start, i);
    let value: string;
    if (numeric) value = decodeNumericCharacterReference(body, numeric);
    else {
      const named = decodeNamedCharacterReference(body);
      if (!named) return -1;
      value = named;
    }
    this.flush(p);
    this.text(p, i + 1, value);
    return i + 1;
  }

  codeText(p: number): number {
    const v = this.v;
    // Not after a backtick, unless that one was escaped.
    if (p > 0 && v.charCodeAt(p - 1) === 96) {
      const last = this.dataStart < 0 ? this.parts[this.parts.length - 1] : undefined;
      if (!(last && last.k === TEXT && !last.data && last.to === p && last.value === '`')) return -1;
    }
    let i = p;
    while (i < v.length && v.charCodeAt(i) === 96) i++;
    const size = i - p;
    const contentStart = i;
    for (;;) {
      const close = v.indexOf('`', i);
      if (close < 0) return this.fail(v.length);
      let j = close;
      while (j < v.length && v.charCodeAt(j) === 96) j++;
      if (j - close === size) {
        this.flush(p);
        let from = contentStart;
        let to = close;
        const first = v.charCodeAt(from);
        const last = v.charCodeAt(to - 1);
        if (to - from >= 2 && (this.realSpace(from) || first === 10) && (this.realSpace(to - 1) || last === 10)) {
          // Padding goes only when something other than spaces and line endings is inside.
          for (let k = from + 1; k < to - 1; k++) {
            const c = v.charCodeAt(k);
            if (!this.realSpace(k) && c !== 10) {
              from++;
              to--;
              break;
            }
          }
        }
        let value = this.raw(from, to);
        if (this.inTable) value = value.replace(/\\([\\|])/g, (whole, ch: string) => (ch === '|' ? ch : whole));
        const node: InlineCode = { type: 'inlineCode', value, position: this.position(p, j) };
        this.node(p, j, node);
        return j;
      }
      i = j;
    }
  }

  autolink(p: number): number {
    const v = this.v;
    let i = p + 1;
    let c = this.code(i);
    let email = false;
    if (isAlpha(c)) {
      // Scheme (2-32 characters) or the start of an e-mail address.
      let j = i + 1;
      while (j < v.length && j - i < 32 && (isAlnum(v.charCodeAt(j)) || v.charCodeAt(j) === 43 || v.charCodeAt(j) === 45 || v.charCodeAt(j) === 46)) j++;
      if (j - i >= 2 && this.code(j) === 58) {
        let k = j + 1;
        for (; k < v.length; k++) {
          const d = v.charCodeAt(k);
          if (d === 62) break;
          if (d === 32 || d === 60 || isControl(d)) return -1;
        }
        if (k >= v.length) return -1;
        return this.autolinkNode(p, k, false);
      }
      email = true;
    } else if (c === 64) {
      return -1;
    } else {
      email = true;
    }
    if (!email) return -1;
    // E-mail: atext+ "@" label ("." label)*; labels are alphanumerics and dashes, at most 63.
    while (i < v.length && isAtext(v.charCodeAt(i))) i++;
    if (this.code(i) !== 64) return -1;
    i++;
    for (;;) {
      c = this.code(i);
      if (!isAlnum(c)) return -1;
      let size = 0;
      let lastDash = false;
      while (i < v.length && (isAlnum(v.charCodeAt(i)) || v.charCodeAt(i) === 45)) {
        if (size++ >= 63) return -1;
        lastDash = v.charCodeAt(i) === 45;
        i++;
      }
      if (lastDash) return -1;
      c = this.code(i);
      if (c === 46) {
        i++;
        continue;
      }
      if (c === 62) return this.autolinkNode(p, i, true);
      return -1;
    }
  }

  autolinkNode(p: number, close: number, email: boolean): number {
    this.flush(p);
    const value = this.v.slice(p + 1, close);
    const text: Text = { type: 'text', value, position: this.position(p + 1, close) };
    const link: Link = { type: 'link', title: null, url: email ? `mailto:${value}` : value, children: [text], position: this.position(p, close + 1) };
    this.node(p, close + 1, link);
    return close + 1;
  }

  htmlText(p: number): number {
    const end = this.htmlTextEnd(p);
    if (end < 0) return -1;
    this.flush(p);
    // Line endings are kept; up to three spaces or tabs after each are not.
    const v = this.v;
    let value = '';
    let at = p;
    let nl = v.indexOf('\n', p);
    while (nl >= 0 && nl < end) {
      value += v.slice(at, nl) + this.eolAt(nl);
      at = nl + 1;
      // Up to three columns of indent go (micromark counts a tab's columns one by one).
      const line = this.lines[this.lineAt(at)]!;
      let col = line.col ?? 0;
      let left = 3;
      let pad = 0;
      while (left > 0 && at < end) {
        const c = v.charCodeAt(at);
        if (c === 32) {
          at++;
          col++;
          left--;
        } else if (c === 9) {
          const w = 4 - (col % 4);
          at++;
          col += w;
          if (w > left) pad = w - left;
          left = 0;
        } else break;
      }
      value += ' '.repeat(pad);
      nl = v.indexOf('\n', at);
    }
    value += v.slice(at, end);
    this.node(p, end, { type: 'html', value, position: this.position(p, end) });
    return end;
  }

  /** The end (exclusive) of inline HTML starting at `<`, or -1 (micromark html-text). */
  htmlTextEnd(p: number): number {
    const v = this.v;
    const n = v.length;
    let i = p + 1;
    let c = this.code(i);
    if (c === 33) {
      // <!
      i++;
      c = this.code(i);
      if (c === 45) {
        // <!-- comment -->
        if (this.code(i + 1) !== 45) return -1;
        i += 2;
        // `<!-->` and `<!--->` are comments.
        if (this.code(i) === 62) return i + 1;
        if (this.code(i) === 45 && this.code(i + 1) === 62) return i + 2;
        for (;;) {
          const dash = v.indexOf('--', i);
          if (dash < 0) return this.fail(n);
          let k = dash + 2;
          // commentEnd: `>` ends; `-` stays in the close state.
          while (this.code(k) === 45) k++;
          if (this.code(k) === 62) return k + 1;
          i = dash + 1;
        }
      }
      if (c === 91) {
        if (v.slice(i + 1, i + 7) !== 'CDATA[') return -1;
        const close = v.indexOf(']]>', i + 7);
        return close < 0 ? this.fail(n) : close + 3;
      }
      if (isAlpha(c)) {
        const close = v.indexOf('>', i);
        return close < 0 ? this.fail(n) : close + 1;
      }
      return -1;
    }
    if (c === 63) {
      // <? instruction ?>
      const close = v.indexOf('?>', i + 1);
      return close < 0 ? this.fail(n) : close + 2;
    }
    if (c === 47) {
      // </closing>
      i++;
      if (!isAlpha(this.code(i))) return -1;
      i++;
      while (i < n && (isAlnum(v.charCodeAt(i)) || v.charCodeAt(i) === 45)) i++;
      while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
      return this.code(i) === 62 ? i + 1 : this.fail(i);
    }
    if (!isAlpha(c)) return -1;
    // <opening attributes>
    i++;
    while (i < n && (isAlnum(v.charCodeAt(i)) || v.charCodeAt(i) === 45)) i++;
    c = this.code(i);
    if (!(c === 47 || c === 62 || isEolOrSpace(c))) return -1;
    for (;;) {
      // tagOpenBetween
      let sawSpace = false;
      while (i < n && isEolOrSpace(v.charCodeAt(i))) {
        i++;
        sawSpace = true;
      }
      c = this.code(i);
      if (c === 47) return this.code(i + 1) === 62 ? i + 2 : this.fail(i + 1);
      if (c === 62) return i + 1;
      if (!sawSpace) return this.fail(i);
      if (!(c === 58 || c === 95 || isAlpha(c))) return this.fail(i);
      // Attribute name.
      i++;
      while (i < n) {
        const d = v.charCodeAt(i);
        if (d === 45 || d === 46 || d === 58 || d === 95 || isAlnum(d)) i++;
        else break;
      }
      // tagOpenAttributeNameAfter
      let j = i;
      while (j < n && isEolOrSpace(v.charCodeAt(j))) j++;
      if (this.code(j) !== 61) {
        // No value: back to "between" (whitespace is consumed there).
        continue;
      }
      i = j + 1;
      while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
      c = this.code(i);
      if (c === NUL || c === 60 || c === 61 || c === 62 || c === 96) return this.fail(i);
      if (c === 34 || c === 39) {
        const close = v.indexOf(String.fromCharCode(c), i + 1);
        if (close < 0) return this.fail(n);
        i = close + 1;
        c = this.code(i);
        if (!(c === 47 || c === 62 || isEolOrSpace(c))) return this.fail(i);
      } else {
        for (;;) {
          c = this.code(i);
          if (c === NUL || c === 34 || c === 39 || c === 60 || c === 61 || c === 96) return this.fail(i);
          if (c === 47 || c === 62 || isEolOrSpace(c)) break;
          i++;
        }
      }
    }
  }

  footnoteCall(p: number): number {
    if (this.code(p + 1) !== 94) return -1;
    const v = this.v;
    let i = p + 2;
    let size = 0;
    let data = false;
    for (;;) {
      const c = this.code(i);
      if (size > 999 || (c === 93 && !data) || c === NUL || c === 91 || isEolOrSpace(c)) return -1;
      if (c === 93) break;
      data = true;
      size++;
      i++;
      if (c === 92) {
        const d = this.code(i);
        if (d === 91 || d === 92 || d === 93) {
          size++;
          i++;
        }
      }
    }
    const raw = v.slice(p + 2, i);
    const id = normalizeIdentifier(raw);
    if (!this.cx.footnotes.has(id)) return -1;
    this.flush(p);
    const node: FootnoteReference = { type: 'footnoteReference', identifier: id.toLowerCase(), label: decodeString(raw), position: this.position(p, i + 1) };
    this.node(p, i + 1, node);
    return i + 1;
  }

  attention(p: number, ch: number): number {
    const v = this.v;
    let i = p;
    while (i < v.length && v.charCodeAt(i) === ch) i++;
    const previous = this.prev(p);
    const next = this.code(i);
    const before = classOf(previous);
    const after = classOf(next);
    const open = !after || (after === 2 && !!before) || next === 126;
    const close = !before || (before === 2 && !!after) || previous === 126;
    this.flush(p);
    this.push({
      k: DELIM,
      from: p,
      to: i,
      ch,
      open: ch === 42 ? open : open && (!!before || !close),
      close: ch === 42 ? close : close && (!!after || !open),
    });
    if (!this.order) this.order = 'a';
    return i;
  }

  strikethrough(p: number): number {
    const v = this.v;
    const previous = this.prev(p);
    if (previous === 126) {
      const last = this.dataStart < 0 ? this.parts[this.parts.length - 1] : undefined;
      if (!(last && last.k === TEXT && !last.data && last.to === p && last.value === '~')) return -1;
    }
    let i = p;
    while (i < v.length && v.charCodeAt(i) === 126) i++;
    if (i - p > 2) return -1;
    const before = classOf(previous);
    const after = classOf(this.code(i));
    this.flush(p);
    this.push({ k: DELIM, from: p, to: i, ch: 126, open: !after || (after === 2 && !!before), close: !before || (before === 2 && !!after) });
    if (!this.order) this.order = 's';
    return i;
  }

  // --- links ----------------------------------------------------------------------------------

  labelEnd(p: number): number {
    const starts = this.labelStarts;
    if (!starts.length) return -1;
    const openIndex = starts[starts.length - 1]!;
    const opener = this.parts[openIndex] as BracketPart;
    if (opener.inactive) {
      starts.pop();
      return -1;
    }
    const v = this.v;
    const labelRaw = v.slice(opener.to, p);
    const defined = this.cx.definitions.has(normalizeIdentifier(labelRaw));
    const after = this.code(p + 1);
    let end = -1;
    let kind: 'resource' | 'full' | 'collapsed' | 'shortcut' = 'shortcut';
    let url = '';
    let title: string | null = null;
    let refRaw = '';
    let refEnd = 0;
    if (after === 40) {
      const resource = this.resource(p + 1);
      if (resource) {
        end = resource.end;
        kind = 'resource';
        url = resource.url;
        title = resource.title;
      } else if (defined) {
        end = p + 1;
      }
    } else if (after === 91) {
      const full = this.referenceFull(p + 1);
      if (full >= 0) {
        end = full;
        kind = 'full';
        refRaw = v.slice(p + 2, full - 1);
        refEnd = full - 1;
      } else if (defined) {
        if (this.code(p + 2) === 93) {
          end = p + 3;
          kind = 'collapsed';
        }
      }
    } else if (defined) {
      end = p + 1;
    }
    if (end < 0) {
      // labelEndNok: this start is spent; the `]` is text, unless `![^label]` names a footnote:
      // then the `!` is text and the rest a footnote call (micromark-extension-gfm-footnote).
      starts.pop();
      const id = normalizeIdentifier(labelRaw);
      if (opener.image && id.charCodeAt(0) === 94 && this.cx.footnotes.has(id.slice(1))) {
        this.flush(p);
        this.parts.length = openIndex;
        this.text(opener.from, opener.from + 1, '!');
        const node: FootnoteReference = { type: 'footnoteReference', identifier: id.slice(1).toLowerCase(), label: decodeString(labelRaw.slice(1)), position: this.position(opener.from + 1, p + 1) };
        this.node(opener.from + 1, p + 1, node);
        return p + 1;
      }
      return -1;
    }
    this.flush(p);
    starts.pop();
    // A link makes the link starts before it inactive (links do not nest); image starts stay.
    if (!opener.image) {
      for (const s of starts) {
        const start = this.parts[s] as BracketPart;
        if (!start.image) start.inactive = true;
      }
    }
    const content = this.parts.slice(openIndex + 1);
    const children = this.finish(this.resolve(content, STRIKE_FIRST));
    const position = this.position(opener.from, end);
    let node: PhrasingContent;
    if (kind === 'resource') {
      node = opener.image
        ? ({ type: 'image', title, url, alt: toString(children), position } satisfies Image)
        : ({ type: 'link', title, url, children, position } satisfies Link);
    } else {
      let identifier: string;
      let label: string;
      if (kind === 'full') {
        identifier = normalizeIdentifier(refRaw).toLowerCase();
        label = this.decodeLines(p + 2, refEnd);
      } else {
        identifier = normalizeIdentifier(labelRaw).toLowerCase();
        label = decodeString(this.raw(opener.to, p));
      }
      node = opener.image
        ? ({ type: 'imageReference', identifier, label, referenceType: kind, alt: toString(children), position } satisfies ImageReference)
        : ({ type: 'linkReference', identifier, label, referenceType: kind, children, position } satisfies LinkReference);
    }
    this.parts.length = openIndex;
    this.node(opener.from, end, node);
    return end;
  }

  /** Decoded string content from `from` to `to` in `v`, line endings as in the source. */
  decodeLines(from: number, to: number, options: { dropIndent?: boolean } = {}): string {
    const v = this.v;
    let out = '';
    let at = from;
    let nl = v.indexOf('\n', at);
    while (nl >= 0 && nl < to) {
      out += decodeString(v.slice(at, nl)) + this.eolAt(nl);
      at = nl + 1;
      if (options.dropIndent) while (at < to && isSpaceOrTab(v.charCodeAt(at))) at++;
      nl = v.indexOf('\n', at);
    }
    return out + decodeString(v.slice(at, to));
  }

  /** A full reference `[label]` at `p` whose label is defined: its end, or -1 (micromark factoryLabel). */
  referenceFull(p: number): number {
    const end = this.scanLabel(p, true);
    return end >= 0 && this.cx.definitions.has(normalizeIdentifier(this.v.slice(p + 1, end - 1))) ? end : -1;
  }

  /** An inline resource `(destination "title")` at `p`, or null. */
  resource(p: number): { end: number; url: string; title: string | null } | null {
    const v = this.v;
    const n = v.length;
    let i = p + 1;
    while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
    if (this.code(i) === 41) return { end: i + 1, url: '', title: null };
    // Destination (a failure records how far it read, as micromark's attempt does).
    const destination = this.destination(i, 32, { recordFailure: true });
    if (!destination) return null;
    const url = destination.url;
    i = destination.end;
    // Title.
    let title: string | null = null;
    let c = this.code(i);
    if (isEolOrSpace(c)) {
      while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
      c = this.code(i);
      if (c === 34 || c === 39 || c === 40) {
        const marker = c === 40 ? 41 : c;
        let j = i + 1;
        for (;;) {
          const d = this.code(j);
          if (d === marker) break;
          if (d === NUL) return this.failNull(j);
          j++;
          if (d === 92) {
            const e = this.code(j);
            if (e === marker || e === 92) j++;
          }
        }
        // An empty title is no title.
        title = j > i + 1 ? this.titleValue(i + 1, j) : null;
        i = j + 1;
        while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
      }
    }
    return this.code(i) === 41 ? { end: i + 1, url, title } : this.failNull(i);
  }

  /** The end of a link label `[...]` at `p` (micromark factoryLabel), or -1. */
  label(p: number): number {
    return this.scanLabel(p, false);
  }

  /**
   * micromark's factoryLabel from the `[` at `p`: the end after `]`, or -1. A failure either records
   * how far the scan looked (`recordReach`, for references) or notes that it ran into the end.
   */
  private scanLabel(p: number, recordReach: boolean): number {
    let i = p + 1;
    let size = 0;
    let seen = false;
    for (;;) {
      const c = this.code(i);
      if (size > 999 || c === NUL || c === 91 || (c === 93 && !seen)) return this.labelFailed(i, c, recordReach);
      if (c === 93) return i + 1;
      if (c === 10) {
        i++;
        continue;
      }
      // labelInside
      if (size++ > 999) return this.labelFailed(i, c, recordReach);
      if (!isSpaceOrTab(c)) seen = true;
      i++;
      if (c === 92) {
        const d = this.code(i);
        if (d === 91 || d === 92 || d === 93) {
          i++;
          size++;
        }
      }
    }
  }

  private labelFailed(at: number, c: number, recordReach: boolean): number {
    if (recordReach) return this.fail(at);
    if (c === NUL) this.endReached = true;
    return -1;
  }

  /**
   * A destination at `p`: its end and decoded value, or null (micromark factoryDestination). With
   * `recordFailure`, a failure records the position it reached (inline links; definitions do not).
   */
  destination(p: number, limit: number, options: { recordFailure?: boolean } = {}): { end: number; url: string } | null {
    const v = this.v;
    const failAt = (at: number) => (options.recordFailure ? this.failNull(at) : null);
    const c = this.code(p);
    if (c === 60) {
      let j = p + 1;
      for (;;) {
        const d = this.code(j);
        if (d === 62) break;
        if (d === NUL || d === 60 || d === 10) return failAt(j);
        j++;
        if (d === 92) {
          const e = this.code(j);
          if (e === 60 || e === 62 || e === 92) j++;
        }
      }
      return { end: j + 1, url: decodeString(v.slice(p + 1, j)) };
    }
    if (c === NUL || c === 32 || c === 41 || isControl(c)) return failAt(p);
    let balance = 0;
    let j = p;
    for (;;) {
      const d = this.code(j);
      if (!balance && (d === NUL || d === 41 || isEolOrSpace(d))) break;
      if (balance < limit && d === 40) {
        balance++;
        j++;
        continue;
      }
      if (d === 41) {
        balance--;
        j++;
        continue;
      }
      if (d === NUL || d === 32 || d === 40 || isControl(d)) return failAt(j);
      j++;
      if (d === 92) {
        const e = this.code(j);
        if (e === 40 || e === 41 || e === 92) j++;
      }
    }
    return { end: j, url: decodeString(v.slice(p, j)) };
  }

  /** The end of a title at `p` (micromark factoryTitle), or -1. */
  title(p: number): number {
    const c = this.code(p);
    if (c !== 34 && c !== 39 && c !== 40) return -1;
    const marker = c === 40 ? 41 : c;
    let j = p + 1;
    for (;;) {
      const d = this.code(j);
      if (d === marker) return j + 1;
      if (d === NUL) {
        this.endReached = true;
        return -1;
      }
      j++;
      if (d === 92) {
        const e = this.code(j);
        if (e === marker || e === 92) j++;
      }
    }
  }

  definitionEnd(final: boolean): number {
    const v = this.v;
    const n = v.length;
    if (v.charCodeAt(0) !== 91) return -1;
    this.endReached = false;
    const labelEnd = this.label(0);
    if (labelEnd < 0) return this.endReached && !final ? -2 : -1;
    if (this.code(labelEnd) !== 58) return -1;
    let i = labelEnd + 1;
    while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
    if (i >= n) return final ? -1 : -2;
    const dest = this.destination(i, Number.POSITIVE_INFINITY);
    if (!dest) return -1;
    i = dest.end;
    /** A title at `t`: the end of its line, -1 when it is no title, -2 when still open. */
    const titleLine = (t: number): number => {
      this.endReached = false;
      const end = this.title(t);
      if (end < 0) return this.endReached && !final ? -2 : -1;
      let k = end;
      while (k < n && isSpaceOrTab(v.charCodeAt(k))) k++;
      return k >= n || v.charCodeAt(k) === 10 ? k : -1;
    };
    let j = i;
    while (j < n && isSpaceOrTab(v.charCodeAt(j))) j++;
    if (j < n && v.charCodeAt(j) !== 10) return j === i ? -1 : titleLine(j);
    if (j >= n) return final ? j : -2;
    let m = j + 1;
    while (m < n && isSpaceOrTab(v.charCodeAt(m))) m++;
    if (m >= n) return final ? j : -2;
    const c = v.charCodeAt(m);
    if (c === 34 || c === 39 || c === 40) {
      const t = titleLine(m);
      if (t !== -1) return t;
    }
    return j;
  }

  definition(): DefinitionResult | null {
    const v = this.v;
    const n = v.length;
    if (v.charCodeAt(0) !== 91) return null;
    const labelEnd = this.label(0);
    if (labelEnd < 0 || this.code(labelEnd) !== 58) return null;
    let i = labelEnd + 1;
    while (i < n && isEolOrSpace(v.charCodeAt(i))) i++;
    const dest = this.destination(i, Number.POSITIVE_INFINITY);
    if (!dest) return null;
    i = dest.end;
    let title: string | null = null;
    // An optional title, after whitespace, alone up to the end of its line.
    if (isEolOrSpace(this.code(i))) {
      let j = i;
      while (j < n && isEolOrSpace(v.charCodeAt(j))) j++;
      const titleEnd = this.title(j);
      if (titleEnd >= 0) {
        let k = titleEnd;
        while (k < n && isSpaceOrTab(v.charCodeAt(k))) k++;
        if (k >= n || v.charCodeAt(k) === 10) {
          title = titleEnd > j + 2 ? this.titleValue(j + 1, titleEnd - 1) : null;
          i = titleEnd;
        }
      }
    }
    while (i < n && isSpaceOrTab(v.charCodeAt(i))) i++;
    if (i < n && v.charCodeAt(i) !== 10) return null;
    const labelRaw = v.slice(1, labelEnd - 1);
    return {
      identifier: normalizeIdentifier(labelRaw).toLowerCase(),
      label: this.decodeLines(1, labelEnd - 1),
      url: dest.url,
      title,
      end: this.srcEnd(i),
    };
  }

  /** A title's value: each line decoded, line endings kept, the indent after each dropped. */
  titleValue(from: number, to: number): string {
    return this.decodeLines(from, to, { dropIndent: true });
  }

  // --- GFM autolink literals (micromark-extension-gfm-autolink-literal) -------------------------

  literalAutolink(p: number, c: number): number {
    if (this.labelStarts.length) return -1;
    const previous = this.prev(p);
    let end = -1;
    let kind = 0;
    if (this.hasAt && (isAlnum(c) || c === 43 || c === 45 || c === 46 || c === 95) && !(previous === 47 || isGfmAtext(previous))) {
      end = this.emailLiteral(p);
      kind = 1;
    }
    if (end < 0 && (c === 87 || c === 119) && previousWww(previous)) {
      end = this.wwwLiteral(p);
      kind = 2;
    }
    if (end < 0 && this.hasColon && (c === 72 || c === 104) && !isAlpha(previous)) {
      end = this.protocolLiteral(p);
      kind = 3;
    }
    if (end < 0) return -1;
    this.flush(p);
    const value = this.v.slice(p, end);
    const url = kind === 1 ? `mailto:${value}` : kind === 2 ? `http://${value}` : value;
    const position = this.position(p, end);
    const text: Text = { type: 'text', value, position: { start: { ...position.start }, end: { ...position.end } } };
    this.node(p, end, { type: 'link', title: null, url, children: [text], position });
    return end;
  }

  emailLiteral(p: number): number {
    const v = this.v;
    let i = p;
    while (i < v.length && isGfmAtext(v.charCodeAt(i))) i++;
    if (this.code(i) !== 64) return -1;
    i++;
    let dot = false;
    let data = false;
    for (;;) {
      const c = this.code(i);
      if (c === 46) {
        // A dot followed by an alphanumeric is part of the domain.
        if (isAlnum(this.code(i + 1))) {
          dot = true;
          i++;
          continue;
        }
        break;
      }
      if (c === 45 || c === 95 || isAlnum(c)) {
        data = true;
        i++;
        continue;
      }
      break;
    }
    return data && dot && isAlpha(this.prev(i)) ? i : -1;
  }

  wwwLiteral(p: number): number {
    for (let k = 0; k < 3; k++) {
      const c = this.code(p + k);
      if (c !== 87 && c !== 119) return -1;
    }
    if (this.code(p + 3) !== 46 || this.code(p + 4) === NUL) return -1;
    const domainEnd = this.domain(p);
    if (domainEnd < 0) return -1;
    return this.path(domainEnd);
  }

  protocolLiteral(p: number): number {
    const v = this.v;
    let i = p;
    let buffer = '';
    while (i < v.length && isAlpha(v.charCodeAt(i)) && buffer.length < 5) {
      buffer += v[i];
      i++;
    }
    if (this.code(i) !== 58) return -1;
    const protocol = buffer.toLowerCase();
    if (protocol !== 'http' && protocol !== 'https') return -1;
    if (this.code(i + 1) !== 47 || this.code(i + 2) !== 47) return -1;
    i += 3;
    const c = this.code(i);
    if (c === NUL || isControl(c) || isEolOrSpace(c) || isUnicodeWhitespace(c) || isUnicodePunctuation(c)) return -1;
    const domainEnd = this.domain(i);
    if (domainEnd < 0) return -1;
    return this.path(domainEnd);
  }

  domain(p: number): number {
    let i = p;
    let underscoreInLast = false;
    let underscoreInLastLast = false;
    let seen = false;
    for (;;) {
      const c = this.code(i);
      if (c === 46 || c === 95) {
        if (this.trail(i)) break;
        if (c === 95) underscoreInLast = true;
        else {
          underscoreInLastLast = underscoreInLast;
          underscoreInLast = false;
        }
        i++;
        continue;
      }
      if (c === NUL || isEolOrSpace(c) || isUnicodeWhitespace(c) || (c !== 45 && isUnicodePunctuation(c))) break;
      seen = true;
      i++;
    }
    return underscoreInLastLast || underscoreInLast || !seen ? -1 : i;
  }

  path(p: number): number {
    let i = p;
    let sizeOpen = 0;
    let sizeClose = 0;
    for (;;) {
      const c = this.code(i);
      if (c === 40) {
        sizeOpen++;
        i++;
        continue;
      }
      if (c === 41 && sizeClose < sizeOpen) {
        sizeClose++;
        i++;
        continue;
      }
      if (c === 33 || c === 34 || c === 38 || c === 39 || c === 41 || c === 42 || c === 44 || c === 46 || c === 58 || c === 59 || c === 60 || c === 63 || c === 93 || c === 95 || c === 126) {
        if (this.trail(i)) return i;
        if (c === 41) sizeClose++;
        i++;
        continue;
      }
      if (c === NUL || isEolOrSpace(c) || isUnicodeWhitespace(c)) return i;
      i++;
    }
  }

  /** Whether everything from `p` is trailing punctuation up to whitespace, `<` or the end. */
  trail(p: number): boolean {
    let i = p;
    for (;;) {
      const c = this.code(i);
      if (c === 33 || c === 34 || c === 39 || c === 41 || c === 42 || c === 44 || c === 46 || c === 58 || c === 59 || c === 63 || c === 95 || c === 126) {
        i++;
        continue;
      }
      if (c === 38) {
        i++;
        if (!isAlpha(this.code(i))) return false;
        while (isAlpha(this.code(i))) i++;
        if (this.code(i) !== 59) return false;
        i++;
        continue;
      }
      if (c === 93) {
        i++;
        const d = this.code(i);
        if (d === NUL || d === 40 || d === 91 || isEolOrSpace(d) || isUnicodeWhitespace(d)) return true;
        continue;
      }
      return c === 60 || c === NUL || isEolOrSpace(c) || isUnicodeWhitespace(c);
    }
  }

  // --- resolution -----------------------------------------------------------------------------

  /** Runs the delimiter resolvers over `items` in `order` (`a`: emphasis, `s`: strikethrough). */
  resolve(items: Part[], order: readonly string[]): Part[] {
    for (const r of order) {
      if (r === 'a') this.resolveAttention(items);
      else this.resolveStrikethrough(items);
    }
    return items;
  }

  resolveAttention(items: Part[]): void {
    for (let i = 0; i < items.length; i++) {
      const close = items[i]!;
      if (close.k !== DELIM || close.ch === 126 || !close.close) continue;
      for (let j = i - 1; j >= 0; j--) {
        const open = items[j]!;
        if (open.k !== DELIM || !open.open || open.ch !== close.ch) continue;
        const openSize = open.to - open.from;
        const closeSize = close.to - close.from;
        if ((open.close || close.open) && closeSize % 3 && !((openSize + closeSize) % 3)) continue;
        const use = openSize > 1 && closeSize > 1 ? 2 : 1;
        const inner = this.finish(this.resolve(items.slice(j + 1, i), STRIKE_FIRST));
        const from = open.to - use;
        const to = close.from + use;
        const node: PhrasingContent = { type: use > 1 ? 'strong' : 'emphasis', children: inner, position: this.position(from, to) };
        open.to = from;
        close.from = to;
        const replacement: Part[] = [];
        if (open.to > open.from) replacement.push(open);
        replacement.push({ k: NODE, from, to, node });
        if (close.to > close.from) replacement.push(close);
        items.splice(j, i - j + 1, ...replacement);
        // Continue after the new node; a closer with delimiters left is looked at again.
        i = j + (open.to > open.from ? 1 : 0);
        break;
      }
    }
  }

  resolveStrikethrough(items: Part[]): void {
    for (let i = 0; i < items.length; i++) {
      const close = items[i]!;
      if (close.k !== DELIM || close.ch !== 126 || !close.close) continue;
      for (let j = i - 1; j >= 0; j--) {
        const open = items[j]!;
        if (open.k !== DELIM || open.ch !== 126 || !open.open || open.to - open.from !== close.to - close.from) continue;
        const inner = this.finish(this.resolve(items.slice(j + 1, i), STRIKE_FIRST));
        const node: PhrasingContent = { type: 'delete', children: inner, position: this.position(open.from, close.to) };
        items.splice(j, i - j + 1, { k: NODE, from: open.from, to: close.to, node });
        i = j;
        break;
      }
    }
  }

  /** Parts to mdast: nodes stay, everything else is text, adjacent text merged. */
  finish(items: readonly Part[]): PhrasingContent[] {
    const out: PhrasingContent[] = [];
    let value = '';
    let from = -1;
    let to = 0;
    const close = () => {
      if (from < 0) return;
      out.push({ type: 'text', value, position: { start: this.cx.point(this.srcStart(from)), end: this.cx.point(this.srcEnd(to)) } });
      from = -1;
      value = '';
    };
    for (const part of items) {
      if (part.k === NODE) {
        close();
        out.push(part.node);
        continue;
      }
      if (from < 0) from = part.from;
      value += part.k === TEXT ? part.value : this.v.slice(part.from, part.to);
      to = part.to;
    }
    close();
    return out;
  }
}

function isGfmAtext(c: number): boolean {
  return c === 43 || c === 45 || c === 46 || c === 95 || isAlnum(c);
}

function previousWww(c: number): boolean {
  return c === NUL || c === 40 || c === 42 || c === 95 || c === 91 || c === 93 || c === 126 || isEolOrSpace(c);
}
