import { type BlockContext, type LeafBlock, type LeafBlockParser, type Line, type MarkdownConfig } from '@lezer/markdown';
import { definitionEnd } from './mdast-inline.js';

/**
 * Lezer block parsing made to find the blocks micromark (remark) finds. @lezer/markdown follows
 * CommonMark, but micromark has its own readings where the spec leaves room, and lezer has a few
 * slips; each fix below names what it matches. In order: link reference definitions (taken from
 * a paragraph's start once the paragraph is read), GFM tables, footnote definitions, HTML blocks,
 * and what may interrupt a paragraph or close a container (matchMicromark, which patches a
 * configured parser's internal tables: it checks their shape and throws if a lezer upgrade
 * changed them, so the differential test fails loudly instead of parsing differently).
 */

/**
 * Definitions at the start of a paragraph's lines. micromark reads the lines of a paragraph first
 * (lezer's rules for what ends a paragraph hold), then takes definitions from their start; the
 * lines after them stay a paragraph, even lines that would start a block after a definition on
 * its own (an indented line, a lazy one). So this parser only watches the lines and, when the
 * paragraph ends, splits it: definitions, then a paragraph of the rest. (Definitions before a
 * setext underline end up in lezer's heading; lezer-mdast.ts splits those.)
 */
class DefinitionParser implements LeafBlockParser {
  /** -1: no definition here; 1: the first one ended on an earlier line; 0: undecided. */
  state = 0;
  /** Lezer's setext parser, set aside for one line (see below). */
  setext: { parser: LeafBlockParser; index: number } | null = null;

  nextLine(cx: BlockContext, line: Line, leaf: LeafBlock): boolean {
    if (this.setext) {
      leaf.parsers.splice(this.setext.index, 0, this.setext.parser);
      this.setext = null;
    }
    if (this.state === -1) return false;
    // A table (head row, then this delimiter row) comes before definitions (micromark tries the
    // table construct first).
    if (!leaf.content.includes('\n')) {
      const head = tableHeadCells(leaf.content);
      if (head > 0 && isDelimiterRowFor(cx, line, head)) {
        this.state = -1;
        return false;
      }
    }
    if (this.state === 0) {
      const content = `${leaf.content}\n${' '.repeat(line.basePos)}${line.text.slice(line.basePos)}`;
      const end = definitionEnd(content, false);
      if (end === -1) {
        this.state = -1;
        return false;
      }
      if (end >= 0 && end < content.length) this.state = 1;
    }
    // Below definitions alone, a setext underline underlines nothing (micromark): `---` is then a
    // thematic break, anything else goes on the paragraph.
    if (isSetextUnderline(cx, line)) {
      const parts = splitDefinitions(leaf.content);
      if (parts.definitions.length && parts.rest >= leaf.content.length) {
        if (line.next === 45 && isThematicBreak(line)) return this.finish(cx, leaf);
        const index = leaf.parsers.findIndex((p) => p.constructor.name === 'SetextHeadingParser');
        if (index >= 0) this.setext = { parser: leaf.parsers.splice(index, 1)[0]!, index };
      }
    }
    return false;
  }

  finish(cx: BlockContext, leaf: LeafBlock): boolean {
    if (this.state === -1) return false;
    const parts = splitDefinitions(leaf.content);
    if (!parts.definitions.length) return false;
    for (const [from, to] of parts.definitions) cx.addElement(cx.elt('LinkReference', leaf.start + from, leaf.start + to));
    if (parts.rest < leaf.content.length) cx.addElement(cx.elt('Paragraph', leaf.start + parts.rest, leaf.start + leaf.content.length));
    return true;
  }
}

function isSetextUnderline(cx: BlockContext, line: Line): boolean {
  if ((line.next !== 45 && line.next !== 61) || line.indent >= line.baseIndent + 4 || lazy(cx, line)) return false;
  let i = line.pos + 1;
  while (i < line.text.length && line.text.charCodeAt(i) === line.next) i++;
  return restBlank(line, i);
}

function isThematicBreak(line: Line): boolean {
  let count = 0;
  for (let i = line.pos; i < line.text.length; i++) {
    const c = line.text.charCodeAt(i);
    if (c === line.next) count++;
    else if (c !== 32 && c !== 9) return false;
  }
  return count >= 3;
}

/** The definitions at the start of `content` (lines joined with "\n"), and where the rest starts. */
export function splitDefinitions(content: string): { definitions: [number, number][]; rest: number } {
  const definitions: [number, number][] = [];
  let at = 0;
  while (at < content.length && content.charCodeAt(at) === 91) {
    const end = definitionEnd(at ? content.slice(at) : content, true);
    if (end < 0) break;
    definitions.push([at, at + end]);
    at += end;
    if (at < content.length) at++;
    while (at < content.length && (content.charCodeAt(at) === 32 || content.charCodeAt(at) === 9)) at++;
  }
  return { definitions, rest: definitions.length ? at : 0 };
}

// ---------------------------------------------------------------------------------------------
// GFM tables, as micromark-extension-gfm-table finds them: a head row (any line with two or more
// cells or pipes), then a delimiter row with as many cells and a pipe or colon somewhere; then
// rows up to a blank line, a line that starts another block, or a lazy or indented line.
// ---------------------------------------------------------------------------------------------

/** The number of cells in a head row (micromark's `size`), or -1 when `text` cannot be one. */
export function tableHeadCells(text: string): number {
  // Without a pipe (most paragraphs), the whole line is one cell, if it holds anything but spaces and tabs.
  if (text.indexOf('|') < 0) {
    for (let k = 0; k < text.length; k++) {
      const c = text.charCodeAt(k);
      if (c !== 32 && c !== 9) return 1;
    }
    return -1;
  }
  let size = 0;
  let sizeB = 0;
  let seen = false;
  let i = 0;
  const n = text.length;
  if (text.charCodeAt(0) !== 124) {
    seen = true;
    sizeB = 1;
  }
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    sizeB++;
    if (seen) {
      seen = false;
      size++;
    }
    if (c === 124) {
      seen = true;
      i++;
      continue;
    }
    // Data, with `\|` and `\\` escaped.
    while (i < n) {
      const d = text.charCodeAt(i);
      if (d === 124 || d === 32 || d === 9) break;
      i += d === 92 && (text.charCodeAt(i + 1) === 124 || text.charCodeAt(i + 1) === 92) ? 2 : 1;
    }
  }
  return sizeB > 1 ? size : -1;
}

/** The number of cells in a delimiter row (at most three columns indented), or -1. */
export function tableDelimiterCells(text: string): number {
  const n = text.length;
  let i = 0;
  while (i < n && i < 3 && (text.charCodeAt(i) === 32 || text.charCodeAt(i) === 9)) i++;
  let size = 0;
  let seen = false;
  const at = (k: number) => (k < n ? text.charCodeAt(k) : -1);
  for (;;) {
    // headDelimiterBefore
    if (at(i) === 124) {
      seen = true;
      i++;
      while (at(i) === 32 || at(i) === 9) i++;
    } else if (at(i) !== 45 && at(i) !== 58) {
      return -1;
    }
    // headDelimiterValueBefore
    if (at(i) === -1) break;
    if (at(i) === 58) {
      seen = true;
      i++;
      if (at(i) !== 45) return -1;
    } else if (at(i) !== 45) {
      return -1;
    }
    size++;
    while (at(i) === 45) i++;
    if (at(i) === 58) {
      seen = true;
      i++;
    }
    while (at(i) === 32 || at(i) === 9) i++;
    if (at(i) === -1) break;
    if (at(i) !== 124) return -1;
  }
  return seen ? size : -1;
}

/**
 * A line's text after the prefixes of lezer's open containers (block quotes, list items, footnote
 * definitions), or null when a prefix is missing (a lazy line).
 */
function stripForStack(cx: BlockContext, text: string): string | null {
  const stack = (cx as unknown as { stack: { type: number; value: number }[] }).stack;
  const names = cx.parser.nodeSet.types;
  let pos = 0;
  let col = 0;
  const columns = (want: number): boolean => {
    let got = 0;
    while (got < want) {
      const c = text.charCodeAt(pos);
      if (c === 32) {
        pos++;
        col++;
        got++;
      } else if (c === 9) {
        const w = 4 - (col % 4);
        pos++;
        col += w;
        got += w;
      } else return pos >= text.length;
    }
    return true;
  };
  for (let d = 1; d < stack.length; d++) {
    const name = names[stack[d]!.type]!.name;
    if (name === 'Blockquote') {
      let k = 0;
      while (k < 3 && text.charCodeAt(pos) === 32) {
        pos++;
        col++;
        k++;
      }
      if (text.charCodeAt(pos) !== 62) return null;
      pos++;
      col++;
      if (text.charCodeAt(pos) === 32) {
        pos++;
        col++;
      }
    } else if (name === 'ListItem') {
      if (!columns(stack[d]!.value)) return null;
    } else if (name === 'FootnoteDefinition') {
      if (!columns(4)) return null;
    }
  }
  return text.slice(pos);
}

/**
 * Whether `line` is the delimiter row of a table whose head row has `headCells` cells: not lazy, not
 * indented four columns or more (a tab counts to the next multiple of four), and as many cells. The
 * one test both the table parser and the definition parser (which yields to a table) ask: the
 * definition parser once counted a leading tab as one column, so `[ref]: /url` over `\t:-` was
 * neither a table nor a definition.
 */
function isDelimiterRowFor(cx: BlockContext, line: Line, headCells: number): boolean {
  return !lazy(cx, line) && line.indent < line.baseIndent + 4 && tableDelimiterCells(line.text.slice(line.basePos)) === headCells;
}

/** A delimiter row (after container prefixes of spaces, tabs, `>`): only these characters, a dash among them. */
const DELIMITER_CHARS = /^[ \t>|:-]*-[ \t>|:-]*$/;

/** Leaves that turned out to be tables: nothing is interrupted below a table's rows (micromark). */
const tableLeaves = new WeakSet<LeafBlock>();

class TableParser implements LeafBlockParser {
  /** null: the delimiter row is still to come; false: no table; true: a table. */
  state: boolean | null = null;

  nextLine(cx: BlockContext, line: Line, leaf: LeafBlock): boolean {
    if (this.state === null) {
      this.state = isDelimiterRowFor(cx, line, tableHeadCells(leaf.content));
      if (this.state) {
        tableLeaves.add(leaf);
        // Not a setext heading's underline, then.
        const index = leaf.parsers.findIndex((p) => p.constructor.name === 'SetextHeadingParser');
        if (index >= 0) leaf.parsers.splice(index, 1);
      }
      return false;
    }
    if (this.state && (line.indent >= line.baseIndent + 4 || lazy(cx, line))) return this.finish(cx, leaf);
    return false;
  }

  finish(cx: BlockContext, leaf: LeafBlock): boolean {
    if (!this.state) return false;
    cx.addElement(cx.elt('Table', leaf.start, leaf.start + leaf.content.length));
    return true;
  }
}

const Table: MarkdownConfig = {
  defineNodes: [{ name: 'Table', block: true }],
  parseBlock: [
    {
      name: 'Table',
      before: 'SetextHeading',
      leaf: (_cx, leaf) => (tableHeadCells(leaf.content) > 0 ? new TableParser() : null),
      // A head row and delimiter row interrupt a paragraph (the head row may be a lazy line).
      endLeaf(cx, line) {
        if (line.indent >= line.baseIndent + 4) return false;
        // Cheap first: the next line must look like a delimiter row at all.
        const peek = cx.peekLine();
        if (!DELIMITER_CHARS.test(peek)) return false;
        const size = tableHeadCells(line.text.slice(line.pos));
        if (size <= 0) return false;
        const next = stripForStack(cx, peek);
        // A delimiter row that opens a list item (`- | -`) opens the list item instead.
        return next !== null && !/^ {0,3}[-+*](?:[ \t]|$)/.test(next) && tableDelimiterCells(next) === size;
      },
    },
  ],
};

const Definitions: MarkdownConfig = {
  parseBlock: [{ name: 'LinkReference', leaf: (_cx, leaf) => (leaf.content.charCodeAt(0) === 91 ? new DefinitionParser() : null) }],
};

/** The end of a footnote definition label `[^label]:` at `pos` in `text` (after the colon), or -1. */
export function footnoteDefinitionEnd(text: string, pos: number): number {
  if (text.charCodeAt(pos) !== 91 || text.charCodeAt(pos + 1) !== 94) return -1;
  let i = pos + 2;
  let size = 0;
  for (;;) {
    const c = i < text.length ? text.charCodeAt(i) : -1;
    if (size > 999 || c === -1 || c === 91 || c === 32 || c === 9 || c === 10 || c === 13) return -1;
    if (c === 93) {
      if (!size) return -1;
      break;
    }
    size++;
    i++;
    if (c === 92) {
      const d = text.charCodeAt(i);
      if (d === 91 || d === 92 || d === 93) {
        size++;
        i++;
      }
    }
  }
  return text.charCodeAt(i + 1) === 58 ? i + 2 : -1;
}

const Footnote: MarkdownConfig = {
  defineNodes: [
    { name: 'LazyCodeBlock', block: true },
    {
      name: 'FootnoteDefinition',
      block: true,
      composite(_cx: BlockContext, line: Line): boolean {
        if (line.next < 0) return true;
        if (line.indent < line.baseIndent + 4) return false;
        line.moveBaseColumn(line.baseIndent + 4);
        return true;
      },
    },
    { name: 'FootnoteDefinitionMark' },
  ],
  parseBlock: [
    {
      name: 'FootnoteDefinition',
      parse(cx, line) {
        if (line.next !== 91 || line.indent - line.baseIndent >= 4) return false;
        const end = footnoteDefinitionEnd(line.text, line.pos);
        if (end < 0) return false;
        cx.startComposite('FootnoteDefinition', line.pos);
        cx.addElement(cx.elt('FootnoteDefinitionMark', cx.lineStart + line.pos, cx.lineStart + end));
        line.moveBase(line.skipSpace(end));
        return null;
      },
      before: 'Blockquote',
    },
  ],
};


type EndLeaf = (cx: BlockContext, line: Line, leaf: LeafBlock) => boolean;

// Parse state the patched parsers share (a parse runs synchronously, one at a time):
/** Where a paragraph (or indented code) was last cut off, not lazily (see matchMicromark). */
let interrupted: { cx: BlockContext; lineStart: number; pos: number } | null = null;
/** The last line on which some container did not continue. */
let closedAt: { cx: BlockContext; lineStart: number } | null = null;

// ---------------------------------------------------------------------------------------------
// HTML blocks, as micromark's html-flow starts and ends them (lezer's expressions take Unicode
// whitespace, tag names with `_`, and only upper-case declarations)
// ---------------------------------------------------------------------------------------------

const HTML_RAW = new Set(['pre', 'script', 'style', 'textarea']);
// micromark-util-html-tag-name's htmlBlockNames (CommonMark 0.31).
const HTML_BLOCK_NAMES = new Set(
  'address article aside base basefont blockquote body caption center col colgroup dd details dialog dir div dl dt fieldset figcaption figure footer form frame frameset h1 h2 h3 h4 h5 h6 head header hr html iframe legend li link main menu menuitem nav noframes ol optgroup option p param search section summary table tbody td tfoot th thead title tr track ul'.split(
    ' ',
  ),
);

/** How each kind ends: a marker on a line, or (kinds 6 and 7) a blank line. */
export const HTML_END: (RegExp | null)[] = [null, /<\/(?:script|pre|style|textarea)>/i, /-->/, /\?>/, />/, /\]\]>/, null, null];

const isAlpha = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isAlnum = (c: number) => isAlpha(c) || (c >= 48 && c <= 57);
const isSpaceTab = (c: number) => c === 32 || c === 9;

/**
 * The kind (CommonMark's 1 to 7) of HTML block `text` starts (at its `<`), or 0. A complete tag
 * (kind 7) cannot interrupt a paragraph unless on a lazy line.
 */
export function htmlKind(text: string, interrupting: boolean): number {
  const at = (i: number) => (i < text.length ? text.charCodeAt(i) : -1);
  if (at(0) !== 60) return 0;
  if (at(1) === 33) {
    if (text.startsWith('<!--')) return 2;
    if (text.startsWith('<![CDATA[')) return 5;
    return isAlpha(at(2)) ? 4 : 0;
  }
  if (at(1) === 63) return 3;
  const closing = at(1) === 47;
  let i = closing ? 2 : 1;
  if (!isAlpha(at(i))) return 0;
  const start = i;
  while (isAlnum(at(i)) || at(i) === 45) i++;
  const name = text.slice(start, i).toLowerCase();
  const c = at(i);
  if (!(c === -1 || c === 47 || c === 62 || isSpaceTab(c))) return 0;
  if (c !== 47 && !closing && HTML_RAW.has(name)) return 1;
  if (HTML_BLOCK_NAMES.has(name)) return c === 47 ? (at(i + 1) === 62 ? 6 : 0) : 6;
  if (interrupting) return 0;
  // Kind 7: a complete tag, then only spaces and tabs.
  if (closing) {
    while (isSpaceTab(at(i))) i++;
    if (at(i) !== 62) return 0;
  } else {
    for (;;) {
      // completeAttributeNameBefore
      while (isSpaceTab(at(i))) i++;
      let d = at(i);
      if (d === 47) {
        i++;
        if (at(i) !== 62) return 0;
        break;
      }
      if (d === 62) break;
      if (!(d === 58 || d === 95 || isAlpha(d))) return 0;
      i++;
      while (at(i) === 45 || at(i) === 46 || at(i) === 58 || at(i) === 95 || isAlnum(at(i))) i++;
      // completeAttributeNameAfter
      while (isSpaceTab(at(i))) i++;
      if (at(i) !== 61) continue;
      i++;
      while (isSpaceTab(at(i))) i++;
      d = at(i);
      if (d === -1 || d === 60 || d === 61 || d === 62 || d === 96) return 0;
      if (d === 34 || d === 39) {
        const close = text.indexOf(String.fromCharCode(d), i + 1);
        if (close < 0) return 0;
        i = close + 1;
        const e = at(i);
        if (!(e === 47 || e === 62 || isSpaceTab(e))) return 0;
      } else {
        while (i < text.length) {
          const e = at(i);
          if (e === 34 || e === 39 || e === 47 || e === 60 || e === 61 || e === 62 || e === 96 || isSpaceTab(e)) break;
          i++;
        }
      }
    }
  }
  i++;
  while (isSpaceTab(at(i))) i++;
  return i >= text.length ? 7 : 0;
}

const HTMLBlocks: MarkdownConfig = {
  parseBlock: [
    {
      name: 'HTMLBlock',
      parse(cx, line) {
        if (line.next !== 60) return false;
        const kind = htmlKind(line.text.slice(line.pos), false);
        if (!kind) return false;
        const from = cx.lineStart + line.pos;
        const end = HTML_END[kind]!;
        let rest = line.text.slice(line.pos);
        let trailing = end !== null;
        // Until the end marker (kinds 1-5) or a blank line (6, 7); or until the containers end.
        while (end ? !end.test(rest) : line.pos < line.text.length) {
          if (!cx.nextLine()) break;
          if ((line as unknown as { depth: number }).depth < cx.depth) {
            trailing = false;
            break;
          }
          rest = line.text.slice(line.basePos);
        }
        if (trailing) cx.nextLine();
        cx.addElement(cx.elt(kind === 2 ? 'CommentBlock' : kind === 3 ? 'ProcessingInstructionBlock' : 'HTMLBlock', from, cx.prevLineEnd()));
        return true;
      },
    },
  ],
};

/** Whether the line's container prefixes did not all match (a lazy continuation candidate). */
function lazy(cx: BlockContext, line: Line): boolean {
  return (line as unknown as { depth: number }).depth < cx.depth;
}

function restBlank(line: Line, from: number): boolean {
  return line.skipSpace(from) >= line.text.length;
}

/**
 * When a list item may end a paragraph, as micromark decides (micromark list.js and
 * initialize/document.js): on a lazy line any list item may (no container was continued, so
 * nothing is interrupted); otherwise only a non-empty one, and an ordered one only from `1`.
 * Lezer relaxes this inside lists and forbids it on lazy lines.
 */
const listInterrupts: EndLeaf = (cx, line, leaf) => {
  const text = line.text;
  const c = line.next;
  const free = lazy(cx, line) || tableLeaves.has(leaf);
  if (c === 45 || c === 43 || c === 42) {
    const after = text.charCodeAt(line.pos + 1);
    if (line.pos + 1 < text.length && after !== 32 && after !== 9) return false;
    return free || !restBlank(line, line.pos + 1);
  }
  if (c >= 48 && c <= 57) {
    let i = line.pos;
    while (i < text.length && i - line.pos < 10 && text.charCodeAt(i) >= 48 && text.charCodeAt(i) <= 57) i++;
    if (i - line.pos > 9) return false;
    const marker = text.charCodeAt(i);
    if (marker !== 46 && marker !== 41) return false;
    const after = text.charCodeAt(i + 1);
    if (i + 1 < text.length && after !== 32 && after !== 9) return false;
    if (free) return true;
    return i === line.pos + 1 && c === 49 && !restBlank(line, i + 1);
  }
  return false;
};

/** micromark html-flow: a complete tag (kind 7) cannot interrupt a paragraph, except on a lazy line (or below a table). */
const htmlInterrupts: EndLeaf = (cx, line, leaf) => line.next === 60 && htmlKind(line.text.slice(line.pos), !(lazy(cx, line) || tableLeaves.has(leaf))) > 0;

/** A footnote definition is a container: it may start on any line (micromark-extension-gfm-footnote). */
const footnoteInterrupts: EndLeaf = (_cx, line) => line.next === 91 && footnoteDefinitionEnd(line.text, line.pos) >= 0;

/**
 * Installs the interruption rules above in place of lezer's list checks (found by their source,
 * so that a lezer upgrade that changes them fails loudly here rather than parsing differently).
 */
export function matchMicromark<P extends object>(parser: P, options: { containers?: boolean } = {}): P {
  const containers = options.containers !== false;
  const internal = parser as unknown as {
    endLeafBlock: EndLeaf[];
    blockParsers: (BlockParse | undefined)[];
    blockNames: string[];
    skipContextMarkup: Record<number, (bl: unknown, cx: BlockContext, line: Line) => boolean>;
    nodeSet: { types: readonly { id: number; name: string }[] };
  };
  const lists = internal.endLeafBlock.filter((f) => /isBulletList|isOrderedList/.test(String(f)));
  const quotes = internal.endLeafBlock.filter((f) => /isBlockquote/.test(String(f)));
  const html = internal.endLeafBlock.filter((f) => /isHTMLBlock/.test(String(f)));
  const at = (name: string) => internal.blockNames.indexOf(name);
  const bullet = internal.blockParsers[at('BulletList')];
  const ordered = internal.blockParsers[at('OrderedList')];
  const indented = internal.blockParsers[at('IndentedCode')];
  if (lists.length !== 2 || quotes.length !== 1 || html.length !== 1 || !indented || (containers && (!bullet || !ordered))) throw new Error('lezer-blocks: unexpected @lezer/markdown internals');
  // Remember where a paragraph was interrupted (not lazily): list items that open there after
  // another container are still interrupting in micromark (its `interrupt` flag lingers), so an
  // empty one, or an ordered one not at 1, is not a list item. The same holds on the line where
  // indented code ends (blank lines between or not).
  const kept = internal.endLeafBlock.filter((f) => !lists.includes(f) && !html.includes(f) && (containers || !quotes.includes(f)));
  const endLeaf = containers ? [...kept, listInterrupts, htmlInterrupts, footnoteInterrupts] : [...kept, htmlInterrupts];
  internal.endLeafBlock = endLeaf.map((f): EndLeaf => (cx, line, leaf) => {
    if (!f(cx, line, leaf)) return false;
    // Below a table nothing is interrupted (micromark's `_gfmTableDynamicInterruptHack`).
    interrupted = lazy(cx, line) || tableLeaves.has(leaf) ? null : { cx, lineStart: cx.lineStart, pos: line.pos };
    return true;
  });
  internal.blockParsers[at('IndentedCode')] = (cx, line) => {
    // A blank rest of a line (after a list marker, say) is no code block.
    if (line.pos >= line.text.length) return false;
    const opened = (cx as unknown as { block: { from: number } }).block.from >= cx.lineStart;
    if (line.indent >= line.baseIndent + 4 && closedAt?.cx === cx && closedAt.lineStart === cx.lineStart && !opened) {
      // On a line that closed a container and opened none (micromark: a lazy line), indented
      // code cannot go on past the line, and nothing after it is interrupted.
      const from = cx.lineStart + line.findColumn(line.baseIndent + 4);
      cx.addElement(cx.elt('LazyCodeBlock', from, cx.lineStart + line.text.length));
      cx.nextLine();
      interrupted = null;
      return true;
    }
    // Lezer's own measures every line's indent from the first line's base; a block quote's
    // optional space makes the base differ from line to line.
    if (line.indent < line.baseIndent + 4) return false;
    const from = cx.lineStart + line.findColumn(line.baseIndent + 4);
    let to = cx.lineStart + line.text.length;
    while (cx.nextLine() && !lazy(cx, line)) {
      if (line.pos >= line.text.length) continue;
      if (line.indent < line.baseIndent + 4) break;
      to = cx.lineStart + line.text.length;
    }
    cx.addElement(cx.elt('CodeBlock', from, to));
    interrupted = lazy(cx, line) ? null : { cx, lineStart: cx.lineStart, pos: -1 };
    return true;
  };
  // A block quote continues with `>` after at most three columns of indent (lezer takes any).
  // And remember the lines that close a container.
  const skip = { ...internal.skipContextMarkup };
  const typeId = (name: string) => internal.nodeSet.types.find((t) => t.name === name)?.id ?? -1;
  const quoteType = typeId('Blockquote');
  const quoteSkip = skip[quoteType];
  if (!quoteSkip) throw new Error('lezer-blocks: unexpected @lezer/markdown internals (block quote markup)');
  // A tab after `>` gives one column to the marker, the rest stays indent (CommonMark); lezer
  // took the whole tab (continuation lines) or none of it (the first line).
  skip[quoteType] = (bl, cx, line) => {
    if (line.indent - line.baseIndent >= 4 || line.next !== 62) return false;
    line.addMarker(cx.elt('QuoteMark', cx.lineStart + line.pos, cx.lineStart + line.pos + 1));
    quoteBase(line);
    (bl as { end: number }).end = cx.lineStart + line.text.length;
    return true;
  };
  if (internal.blockParsers[at('Blockquote')]) internal.blockParsers[at('Blockquote')] = (cx, line) => {
    if (line.next !== 62) return false;
    cx.startComposite('Blockquote', line.pos);
    cx.addElement(cx.elt('QuoteMark', cx.lineStart + line.pos, cx.lineStart + line.pos + 1));
    quoteBase(line);
    return null;
  };
  // An item whose first line was blank ends at a blank line only if that is its second line:
  // lezer counts its children, and the paragraph on its second line is not one yet.
  const itemType = typeId('ListItem');
  const itemSkip = skip[itemType];
  if (itemSkip) {
    skip[itemType] = (bl, cx, line) => {
      const item = bl as { blankFirstLine: boolean; firstLineEnd?: number; value: number };
      if (line.next < 0 && item.blankFirstLine && item.firstLineEnd !== undefined && item.firstLineEnd + 1 < cx.lineStart) {
        line.moveBaseColumn(line.baseIndent + item.value);
        return true;
      }
      return itemSkip(bl, cx, line);
    };
  }
  for (const name of ['Blockquote', 'BulletList', 'OrderedList', 'ListItem', 'FootnoteDefinition']) {
    const type = typeId(name);
    const inner = skip[type];
    if (!inner) continue;
    skip[type] = (bl, cx, line) => {
      if (inner(bl, cx, line)) return true;
      closedAt = { cx, lineStart: cx.lineStart };
      return false;
    };
  }
  internal.skipContextMarkup = skip;
  if (!containers) return parser;
  const stillInterrupting = (cx: BlockContext, line: Line) => interrupted !== null && interrupted.cx === cx && interrupted.lineStart === cx.lineStart && line.pos > interrupted.pos;
  internal.blockParsers[at('BulletList')] = (cx, line) => {
    if (stillInterrupting(cx, line) && (line.next === 45 || line.next === 43 || line.next === 42) && restBlank(line, line.pos + 1)) return false;
    const markerEnd = line.pos + 1;
    const result = bullet!(cx, line);
    if (result === null) fixBlankFirstLine(cx, line, markerEnd);
    return result;
  };
  internal.blockParsers[at('OrderedList')] = (cx, line) => {
    if (stillInterrupting(cx, line) && line.next >= 48 && line.next <= 57) {
      let i = line.pos;
      while (i < line.text.length && line.text.charCodeAt(i) >= 48 && line.text.charCodeAt(i) <= 57) i++;
      if (i !== line.pos + 1 || line.next !== 49 || restBlank(line, i + 1)) return false;
    }
    let markerEnd = line.pos;
    while (markerEnd < line.text.length && line.text.charCodeAt(markerEnd) >= 48 && line.text.charCodeAt(markerEnd) <= 57) markerEnd++;
    const result = ordered!(cx, line);
    if (result === null) fixBlankFirstLine(cx, line, markerEnd + 1);
    return result;
  };
  return parser;
}

type BlockParse = (cx: BlockContext, line: Line) => boolean | null;

/**
 * Whether a new list item's first line is blank after the marker (it may then not continue over
 * a blank line): lezer compares a column with a string length, which a tab after the marker
 * throws off.
 */
function fixBlankFirstLine(cx: BlockContext, line: Line, markerEnd: number): void {
  const block = (cx as unknown as { block: { blankFirstLine: boolean; firstLineEnd?: number } }).block;
  block.blankFirstLine = restBlank(line, markerEnd);
  block.firstLineEnd = cx.lineStart + line.text.length;
}

/** Moves the line's base past `>` and its optional space (one column of a tab). */
function quoteBase(line: Line): void {
  const after = line.text.charCodeAt(line.pos + 1);
  if (after === 9) line.moveBaseColumn(line.indent + 2);
  else line.moveBase(line.pos + (after === 32 ? 2 : 1));
}

/** The block extensions above, for `parser.configure()` (then matchMicromark on the result). */
export const blockExtensions: MarkdownConfig[] = [Definitions, HTMLBlocks, Table, Footnote];
