import type { BlockContent, Code, Definition, DefinitionContent, FootnoteDefinition, Heading, Html, List, ListItem, Paragraph, PhrasingContent, Root, RootContent, Table, TableCell, TableRow } from 'mdast';
import type { Point, Position } from 'unist';
import { TreeBuffer, type NodeType, type Tree } from '@lezer/common';
import { parser as commonmark } from '@lezer/markdown';
import { decodeString, normalizeIdentifier, parseDefinition, parseInline, type InlineContext, type InlineLine, type InlineResult } from './mdast-inline.js';
import { blockExtensions, HTML_END, htmlKind, matchMicromark } from './lezer-blocks.js';
import { transformAutolinkLiterals } from './mdast-autolink-transform.js';
import { lineStarts } from './locate.js';
import { lastAtMost } from '../kit/bisect.js';

/**
 * Markdown to mdast, the tree remark-parse + remark-gfm + remark-frontmatter (yaml, toml) build,
 * field for field and position for position, at a small fraction of the cost (the bench corpus,
 * 501 files: about 0.2 s warm against remark's 5 s): @lezer/markdown finds the blocks
 * (lezer-blocks.ts makes it find micromark's), this file turns them into mdast nodes, and
 * mdast-inline.ts parses the phrasing content as micromark does. Where micromark places a
 * container's end in odd ways (around block quotes, open fences, footnote definitions), the
 * functions below say so. test/markdown/parse-differential.test.ts holds remark as the oracle
 * and lists the few known differences.
 *
 * Positions are offsets into the text as given (a leading U+FEFF included), with 1-based lines
 * and columns counted in UTF-16 units, as remark counts them.
 */

/** Lezer's own inline parsers: not used (mdast-inline.ts parses inline content). */
const LEZER_INLINE = ['Escape', 'Entity', 'InlineCode', 'HTMLTag', 'Emphasis', 'HardBreak', 'Link', 'Image', 'LinkEnd'];

const lezer = noInline(matchMicromark(commonmark.configure(blockExtensions).configure({ remove: LEZER_INLINE })));

/**
 * For a document whose first line opens front matter that never closes: micromark (remark) then
 * feeds every later line to its flow parser with no container checks (the front matter attempt
 * is "concrete" until it fails at the end), so no block quote, list or footnote definition opens.
 */
const lezerWithoutContainers = noInline(
  matchMicromark(commonmark.configure(blockExtensions).configure({ remove: [...LEZER_INLINE, 'Blockquote', 'BulletList', 'OrderedList', 'FootnoteDefinition'] }), { containers: false }),
);

/** With no inline parsers left, lezer would still walk every character of every paragraph. */
function noInline<P extends { parseInline(text: string, offset: number): unknown[] }>(parser: P): P {
  parser.parseInline = () => [];
  return parser;
}

const T: Record<string, number> = {};
for (const type of lezer.nodeSet.types) T[type.name] = type.id;
const id = (name: string): number => {
  const found = T[name];
  if (found === undefined) throw new Error(`lezer node type ${name} is missing`);
  return found;
};
const PARAGRAPH = id('Paragraph');
const BLOCKQUOTE = id('Blockquote');
const BULLET_LIST = id('BulletList');
const ORDERED_LIST = id('OrderedList');
const LIST_ITEM = id('ListItem');
const LIST_MARK = id('ListMark');
const HORIZONTAL_RULE = id('HorizontalRule');
const ATX1 = id('ATXHeading1');
const ATX6 = id('ATXHeading6');
const SETEXT1 = id('SetextHeading1');
const SETEXT2 = id('SetextHeading2');
const HEADER_MARK = id('HeaderMark');
const CODE_BLOCK = id('CodeBlock');
const LAZY_CODE_BLOCK = id('LazyCodeBlock');
const FENCED_CODE = id('FencedCode');
const CODE_MARK = id('CodeMark');
const HTML_BLOCK = id('HTMLBlock');
const COMMENT_BLOCK = id('CommentBlock');
const PI_BLOCK = id('ProcessingInstructionBlock');
const LINK_REFERENCE = id('LinkReference');
const TABLE = id('Table');
const FOOTNOTE_DEFINITION = id('FootnoteDefinition');
const FOOTNOTE_MARK = id('FootnoteDefinitionMark');

type Positioned = { position?: { start: Point; end: Point } | undefined };

/** The children of a lezer node without any (most are leaves: marks, paragraphs): one array for all, never added to. */
const NO_CHILDREN: LNode[] = [];

/** A lezer node, offsets already in the original text. */
interface LNode {
  type: number;
  from: number;
  to: number;
  children: LNode[];
}

type Container =
  | { kind: 'quote'; line: number; marker: number }
  /** `col`: the content column on the marker line; `indent`: columns past the outer prefixes on later lines. */
  | { kind: 'item'; line: number; markerEnd: number; col: number; indent: number; list: LNode | undefined }
  | { kind: 'footnote'; line: number; markerEnd: number; col: number };

/** Where a line's content starts once its container prefixes are taken. */
/**
 * Takes up to `n` columns of white space at `at` (in place; before `end`): a tab reaches the next
 * multiple of 4, and the part of a tab not taken stays as virtual columns. Returns the columns taken.
 */
function takeColumns(src: string, end: number, at: { pos: number; col: number; virtual: number }, n: number): number {
  let taken = 0;
  while (taken < n) {
    if (at.virtual > 0) {
      const k = Math.min(at.virtual, n - taken);
      at.virtual -= k;
      at.col += k;
      taken += k;
      continue;
    }
    if (at.pos >= end) break;
    const c = src.charCodeAt(at.pos);
    if (c === 32) {
      at.pos++;
      at.col++;
      taken++;
    } else if (c === 9) {
      at.pos++;
      at.virtual = 4 - (at.col % 4);
    } else break;
  }
  return taken;
}

interface Stripped {
  pos: number;
  /** Columns of a partly taken tab before `pos`. */
  virtual: number;
  /** Logical column at `pos` (the virtual columns not yet counted). */
  col: number;
  /** Whether every container's prefix was there (false: a lazy or blank line). */
  all: boolean;
}

/** Phrasing of single lines by text, with the point its first character was at (see Converter.inline). */
const inlineMemo = new Map<string, { children: PhrasingContent[]; line: number; column: number; offset: number }>();

/** A deep copy of phrasing nodes, every point moved by the given lines, columns and offset. */
function shifted(nodes: readonly PhrasingContent[], lines: number, columns: number, offset: number): PhrasingContent[] {
  // Points made by the parser always have an offset.
  const move = (p: Point): Point => ({ line: p.line + lines, column: p.column + columns, offset: p.offset! + offset });
  const copy = (node: { position?: Position; children?: unknown[] }): object => {
    // Spread keeps the keys (and their order); the points and children are then replaced.
    const out = { ...node };
    if (node.position !== undefined) out.position = { start: move(node.position.start), end: move(node.position.end) };
    if (node.children !== undefined) out.children = node.children.map((c) => copy(c as typeof node));
    return out;
  };
  return nodes.map((n) => copy(n) as PhrasingContent);
}

export function markdownToMdast(text: string): Root {
  // micromark reads U+0000 as U+FFFD (CommonMark 2.3); same length, so offsets stay.
  return new Converter(text.indexOf('\0') >= 0 ? text.replaceAll('\0', '\uFFFD') : text).root();
}

class Converter implements InlineContext {
  readonly src: string;
  readonly lineStarts: number[];
  /** Where the first line's content starts: after a byte-order mark, which micromark drops. */
  readonly base: number;
  definitions = new Set<string>();
  footnotes = new Set<string>();
  /** Definitions found in the first pass, by their start offset. */
  readonly defs = new Map<number, Definition | null>();
  /** Lines where a block quote, list item or footnote definition starts. */
  readonly containerLines = new Set<number>();
  /** Per line, the lists whose items start on it (`- - a` starts two). */
  readonly itemLists = new Map<number, LNode[]>();
  /** Per list item, its list. */
  readonly #listOfItem = new Map<LNode, LNode>();
  /** Whether the last quotedEnd() took empty lines, and after which container's prefix it closed. */
  #blankTaken = false;
  #closedAfter: Container['kind'] | null = null;
  readonly #setext = new Map<number, { definitions: Definition[]; textFrom: number; textTo: number }>();
  #lastLine = 0;
  /** Each list item's container, made by the first pass (collect). */
  readonly #itemContainers = new Map<LNode, Container>();

  constructor(text: string) {
    this.src = text;
    this.base = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.lineStarts = lineStarts(text);
  }

  // --- positions ----------------------------------------------------------------------------

  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let i = this.#lastLine;
    if (starts[i]! <= offset && (i + 1 >= starts.length || starts[i + 1]! > offset)) return i;
    i = lastAtMost(starts, offset);
    this.#lastLine = i;
    return i;
  }

  point(offset: number): Point {
    const line = this.lineOf(offset);
    return { line: line + 1, column: offset - this.lineStarts[line]! + 1, offset };
  }

  /** Offset of the end of line `i` (before its line ending). */
  lineEnd(i: number): number {
    const next = this.lineStarts[i + 1];
    if (next === undefined) return this.src.length;
    const c = this.src.charCodeAt(next - 1);
    if (c === 10) return this.src.charCodeAt(next - 2) === 13 ? next - 2 : next - 1;
    return next - 1;
  }

  lineNext(i: number): number {
    return this.lineStarts[i + 1] ?? this.src.length;
  }

  /** Where line `i`'s text starts for parsing (the first line after a byte-order mark). */
  lineBegin(i: number): number {
    return i === 0 ? this.base : this.lineStarts[i]!;
  }

  /** The visual column (tabs to multiples of 4) of `offset`, counted from its line's start. */
  columnOf(offset: number): number {
    const src = this.src;
    let col = 0;
    for (let i = this.lineBegin(this.lineOf(offset)); i < offset; i++) col += src.charCodeAt(i) === 9 ? 4 - (col % 4) : 1;
    return col;
  }

  // --- the document ---------------------------------------------------------------------------

  root(): Root {
    const src = this.src;
    let start = src.charCodeAt(0) === 0xfeff ? 1 : 0;
    const children: RootContent[] = [];
    const matter = this.frontmatter(start);
    if (matter) {
      children.push(matter.node);
      start = matter.next;
    }
    const tree = this.lezerTree(start, matter === false ? lezerWithoutContainers : lezer);
    this.collect(tree, []);
    this.blocks(tree.children, [], children);
    const root: Root = {
      type: 'root',
      children,
      position: { start: this.point(src.charCodeAt(0) === 0xfeff ? 1 : 0), end: this.point(src.length) },
    };
    transformAutolinkLiterals(root, src);
    return root;
  }

  /** remark-frontmatter (yaml `---`, toml `+++`): only at the very start. False: opened, never closed. */
  frontmatter(start: number): { node: RootContent; next: number } | null | false {
    const src = this.src;
    const c = src.charCodeAt(start);
    if (c !== 45 && c !== 43) return null;
    const fence = c === 45 ? '---' : '+++';
    const fenceLine = (line: number): boolean => {
      const from = line === 0 ? start : this.lineStarts[line]!;
      if (!src.startsWith(fence, from)) return false;
      for (let i = from + 3, end = this.lineEnd(line); i < end; i++) if (src.charCodeAt(i) !== 32 && src.charCodeAt(i) !== 9) return false;
      return true;
    };
    const first = this.lineOf(start);
    if (!fenceLine(first) || first + 1 >= this.lineStarts.length) return null;
    for (let line = first + 1; line < this.lineStarts.length; line++) {
      if (!fenceLine(line)) continue;
      let value = '';
      for (let l = first + 1; l < line; l++) value += (l > first + 1 ? src.slice(this.lineEnd(l - 1), this.lineStarts[l]) : '') + src.slice(this.lineStarts[l], this.lineEnd(l));
      const node = { type: fence === '---' ? 'yaml' : 'toml', value, position: { start: this.point(start), end: this.point(this.lineEnd(line)) } } as RootContent;
      return { node, next: this.lineNext(line) };
    }
    return false;
  }

  /** Parses from `start` with lezer (line endings as LF, which lezer expects) and maps offsets back. */
  lezerTree(start: number, parser: typeof lezer): LNode {
    const src = this.src;
    let input = start ? src.slice(start) : src;
    let crs: number[] | null = null;
    if (input.indexOf('\r') >= 0) {
      crs = [];
      let out = '';
      let at = 0;
      for (let i = input.indexOf('\r'); i >= 0; i = input.indexOf('\r', at)) {
        if (input.charCodeAt(i + 1) === 10) {
          out += input.slice(at, i);
          crs.push(out.length);
          at = i + 1;
        } else {
          out += `${input.slice(at, i)}\n`;
          at = i + 1;
        }
      }
      input = out + input.slice(at);
    }
    const map = (t: number): number => {
      if (!crs) return t + start;
      let lo = 0;
      let hi = crs.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (crs[mid]! < t) lo = mid + 1;
        else hi = mid;
      }
      return t + start + lo;
    };
    const tree = parser.parse(input);
    // The tree is read from its own arrays rather than through a cursor (which a first pass over
    // cold code pays for at every step): the nodes a cursor visits, in its order, anonymous ones
    // (lezer's balancing groups) left out and their children taken in their place.
    const made = (type: number, from: number, to: number): LNode => {
      const node: LNode = { type, from: map(from), to: map(to), children: NO_CHILDREN };
      if (type === LIST_ITEM || type === BLOCKQUOTE || type === FOOTNOTE_DEFINITION) this.containerLines.add(this.lineOf(node.from));
      return node;
    };
    const adopt = (parent: LNode, child: LNode) => {
      if (parent.children === NO_CHILDREN) parent.children = [child];
      else parent.children.push(child);
      if (child.type === LIST_ITEM) {
        const line = this.lineOf(child.from);
        const lists = this.itemLists.get(line);
        if (lists) lists.push(parent);
        else this.itemLists.set(line, [parent]);
        this.#listOfItem.set(child, parent);
      }
    };
    const fromBuffer = (buffer: Uint16Array, types: readonly NodeType[], base: number, at: number, end: number, parent: LNode) => {
      while (at < end) {
        const type = buffer[at]!;
        const next = buffer[at + 3]!;
        if (types[type]!.isAnonymous) fromBuffer(buffer, types, base, at + 4, next, parent);
        else {
          const node = made(type, base + buffer[at + 1]!, base + buffer[at + 2]!);
          fromBuffer(buffer, types, base, at + 4, next, node);
          adopt(parent, node);
        }
        at = next;
      }
    };
    const fromTree = (t: Tree, pos: number, parent: LNode) => {
      for (let i = 0; i < t.children.length; i++) {
        const child = t.children[i]!;
        const at = pos + t.positions[i]!;
        if (child instanceof TreeBuffer) fromBuffer(child.buffer, child.set.types, at, 0, child.buffer.length, parent);
        else if (child.type.isAnonymous) fromTree(child, at, parent);
        else {
          const node = made(child.type.id, at, at + child.length);
          fromTree(child, at, node);
          adopt(parent, node);
        }
      }
    };
    const root = made(tree.type.id, 0, tree.length);
    fromTree(tree, 0, root);
    return root;
  }

  /** First pass: every definition (link and footnote), so references resolve anywhere. */
  collect(node: LNode, containers: Container[]): void {
    for (const child of node.children) {
      if (child.type === LINK_REFERENCE) {
        const def = this.definition(child, containers);
        this.defs.set(child.from, def);
        if (def) this.definitions.add(normalizeIdentifier(def.identifier));
      } else if (child.type === SETEXT1 || child.type === SETEXT2) {
        for (const def of this.setextSplit(child, containers).definitions) this.definitions.add(normalizeIdentifier(def.identifier));
      } else if (child.type === FOOTNOTE_DEFINITION) {
        const label = this.footnoteLabel(child);
        this.footnotes.add(normalizeIdentifier(label));
        this.collect(child, [...containers, this.footnoteContainer(child)]);
      } else if (child.type === BLOCKQUOTE) {
        this.collect(child, [...containers, { kind: 'quote', line: this.lineOf(child.from), marker: child.from }]);
      } else if (child.type === BULLET_LIST || child.type === ORDERED_LIST) {
        for (const item of child.children) {
          if (item.type !== LIST_ITEM) continue;
          const container = this.itemContainer(item, containers);
          // blocks() reaches the item under the same containers: it takes this one.
          this.#itemContainers.set(item, container);
          this.collect(item, [...containers, container]);
        }
      }
    }
  }

  // --- container prefixes -------------------------------------------------------------------

  itemContainer(item: LNode, containers: readonly Container[]): Container {
    const mark = item.children.find((c) => c.type === LIST_MARK)!;
    const line = this.lineOf(mark.from);
    const col = this.contentColumn(mark.to);
    // Later lines need the content's columns past wherever the outer containers' prefixes end
    // on them (a block quote's optional space makes that vary), as micromark and lezer count.
    return { kind: 'item', line, markerEnd: mark.to, col, indent: col - this.strip(line, containers).col, list: this.#listOfItem.get(item) };
  }

  footnoteContainer(node: LNode): Container {
    const mark = node.children.find((c) => c.type === FOOTNOTE_MARK)!;
    return { kind: 'footnote', line: this.lineOf(mark.from), markerEnd: mark.to, col: 0 };
  }

  /** The column where a list item's content starts, given the end of its marker (CommonMark). */
  contentColumn(markerEnd: number): number {
    const src = this.src;
    const after = this.columnOf(markerEnd);
    let col = after;
    let i = markerEnd;
    const end = this.lineEnd(this.lineOf(markerEnd));
    for (; i < end; i++) {
      const c = src.charCodeAt(i);
      if (c === 32) col++;
      else if (c === 9) col += 4 - (col % 4);
      else break;
    }
    return i >= end || col >= after + 5 ? after + 1 : col;
  }

  /** Takes the prefixes of `containers` from line `line`. */
  strip(line: number, containers: readonly Container[]): Stripped {
    const src = this.src;
    const end = this.lineEnd(line);
    // Where the prefixes taken so far end (one object for the whole line, taken from in place).
    const at = { pos: this.lineBegin(line), col: 0, virtual: 0 };
    for (const c of containers) {
      if (c.line === line) {
        // The container starts on this line: its marker is here.
        if (c.kind === 'quote') {
          at.pos = c.marker + 1;
          at.col = this.columnOf(c.marker) + 1;
          at.virtual = 0;
          takeColumns(src, end, at, 1);
        } else if (c.kind === 'item') {
          at.pos = c.markerEnd;
          at.col = this.columnOf(at.pos);
          at.virtual = 0;
          takeColumns(src, end, at, c.col - at.col);
        } else {
          at.pos = c.markerEnd;
          at.col = this.columnOf(at.pos);
          at.virtual = 0;
          takeColumns(src, end, at, Number.POSITIVE_INFINITY);
        }
        continue;
      }
      const { pos, col, virtual } = at;
      if (c.kind === 'quote') {
        takeColumns(src, end, at, 3);
        if (at.virtual > 0 || src.charCodeAt(at.pos) !== 62) return { pos, virtual, col, all: false };
        at.pos++;
        at.col++;
        takeColumns(src, end, at, 1);
      } else {
        const need = c.kind === 'item' ? c.indent : 4;
        const taken = takeColumns(src, end, at, need);
        if (taken < need) {
          // A blank line continues a list item (or footnote definition) whatever its indent.
          if (this.blankFrom(at.pos, end)) {
            at.pos = end;
            at.virtual = 0;
            continue;
          }
          return { pos, virtual, col, all: false };
        }
      }
    }
    return { pos: at.pos, virtual: at.virtual, col: at.col, all: true };
  }

  /**
   * Where micromark ends a container inside a block quote: after the prefix of the empty quote
   * lines that follow it, when it goes on over empty lines (a list, a footnote definition) or they
   * run to the end; and when the next line opens another container in that quote, after that
   * line's prefix. Outside block quotes, `end` stands.
   */
  quotedEnd(end: number, containers: readonly Container[], blankContinues: boolean): number {
    const quoted = this.upToQuote(containers);
    if (!quoted.length) return end;
    let line = this.lineOf(end) + 1;
    let lastBlank = -1;
    for (; line < this.lineStarts.length && this.lineStarts[line] !== this.src.length; line++) {
      const s = this.strip(line, quoted);
      // An empty line of the container (a prefix on it, like `>`, but nothing else).
      if (!s.all || !this.blankFrom(s.pos, this.lineEnd(line)) || this.lineEnd(line) === this.lineStarts[line]) break;
      lastBlank = line;
    }
    // Only empty lines of the outermost quote to the very end (no final line ending): the end.
    const outer = containers.slice(0, containers.findIndex((c) => c.kind === 'quote') + 1);
    const first = this.lineOf(end) + 1;
    if (first < this.lineStarts.length && !/[\r\n]$/.test(this.src)) {
      let l = first;
      while (l < this.lineStarts.length) {
        const s = this.strip(l, outer);
        if (!s.all || !this.blankFrom(s.pos, this.lineEnd(l))) break;
        l++;
      }
      if (l >= this.lineStarts.length) {
        this.#blankTaken = true;
        return this.src.length;
      }
    }
    this.#blankTaken = lastBlank >= 0 && blankContinues;
    this.#closedAfter = null;
    if (this.#blankTaken) end = this.lineEnd(lastBlank);
    return this.closedByContainer(end, containers) ?? end;
  }

  /**
   * Inside a block quote, a container whose next line opens another container (inside that
   * quote) ends after the prefixes of the quote and what encloses it on that line (micromark).
   */
  closedByContainer(to: number, containers: readonly Container[], anyContainer = false): number | null {
    const next = this.lineOf(to) + 1;
    if (next >= this.lineStarts.length || !this.containerLines.has(next) || this.lineEnd(next - 1) !== to) return null;
    // After the prefixes of the enclosing containers that go on on that line (a quote among them).
    for (let k = containers.length - 1; k >= 0; k--) {
      if (!anyContainer && !containers.slice(0, k + 1).some((c) => c.kind !== 'item')) return null;
      // Not when the line's container is the next item of a list around (that list goes on).
      if (this.opensItemOf(next, containers.slice(k + 1))) return null;
      const s = this.strip(next, containers.slice(0, k + 1));
      if (s.all) {
        this.#closedAfter = containers.slice(0, k + 1).some((c) => c.kind === 'footnote') ? 'footnote' : containers[k]!.kind;
        return s.pos;
      }
    }
    return null;
  }

  /** `containers` up to the innermost block quote or footnote definition (none when there is none). */
  upToQuote(containers: readonly Container[]): readonly Container[] {
    let q = containers.length - 1;
    while (q >= 0 && containers[q]!.kind === 'item') q--;
    return containers.slice(0, q + 1);
  }

  blankFrom(pos: number, end: number): boolean {
    for (let i = pos; i < end; i++) {
      const c = this.src.charCodeAt(i);
      if (c !== 32 && c !== 9) return false;
    }
    return true;
  }

  /** Inline lines for text from `from` (first line, as lezer found it) to `to`. */
  inlineLines(from: number, to: number, containers: readonly Container[]): InlineLine[] {
    const first = this.lineOf(from);
    const last = this.lineOf(to);
    const lines: InlineLine[] = [];
    for (let l = first; l <= last; l++) {
      const end = l === last ? to : this.lineEnd(l);
      if (l === first) {
        lines.push({ start: from, end, next: this.lineNext(l), virtual: 0 });
      } else {
        const s = this.strip(l, containers);
        lines.push({ start: Math.min(s.pos, end), end, next: this.lineNext(l), virtual: s.pos < end ? s.virtual : 0, col: s.col + s.virtual });
      }
    }
    return lines;
  }

  inline(from: number, to: number, containers: readonly Container[], options: { task?: boolean; inTable?: boolean } = {}): InlineResult {
    const lines = this.inlineLines(from, to, containers);
    const line = lines.length === 1 ? lines[0]! : undefined;
    if (!line || line.virtual !== 0 || options.inTable) return parseInline(this, lines, options);
    // One line without brackets: no reference (which would depend on the document's definitions)
    // and no task check, so its phrasing depends on its text alone, and its positions on where the
    // line starts (every point is on that line). Template copies repeat lines across files.
    const text = this.src.slice(line.start, line.end);
    if (text.indexOf('[') >= 0 || text.indexOf(']') >= 0) return parseInline(this, lines, options);
    const at = this.point(line.start);
    const known = inlineMemo.get(text);
    if (known) return { children: shifted(known.children, at.line - known.line, at.column - known.column, line.start - known.offset), checked: null };
    const result = parseInline(this, lines, options);
    if (inlineMemo.size >= 20_000) inlineMemo.clear();
    // The copy kept is never handed out: callers may change what they get.
    inlineMemo.set(text, { children: shifted(result.children, 0, 0, 0), line: at.line, column: at.column, offset: line.start });
    return result;
  }

  // --- blocks ---------------------------------------------------------------------------------

  blocks(nodes: readonly LNode[], containers: readonly Container[], out: (RootContent | BlockContent | DefinitionContent)[], item?: ListItem): void {
    for (const node of nodes) {
      const type = node.type;
      if (type === PARAGRAPH) {
        const task = item !== undefined && out.length === 0;
        const { children, checked } = this.inline(node.from, node.to, containers, { task });
        const paragraph: Paragraph = { type: 'paragraph', children, position: this.position(node.from, node.to) };
        if (task && checked !== null && item) {
          item.checked = checked;
          // mdast-util-gfm-task-list-item drops the space after the check from the first text.
          const head = children[0];
          if (head && head.type === 'text') {
            head.value = head.value.slice(1);
            if (head.value.length === 0) children.shift();
            else if (head.position) {
              head.position.start.column++;
              head.position.start.offset = (head.position.start.offset ?? 0) + 1;
              paragraph.position!.start = { ...head.position.start };
            }
          }
        }
        out.push(paragraph);
      } else if (type >= ATX1 && type <= ATX6) {
        out.push(this.atxHeading(node, type - ATX1 + 1, containers));
      } else if (type === SETEXT1 || type === SETEXT2) {
        this.setextHeading(node, type === SETEXT1 ? 1 : 2, containers, out);
      } else if (type === HORIZONTAL_RULE) {
        out.push({ type: 'thematicBreak', position: this.position(node.from, node.to) });
      } else if (type === BLOCKQUOTE) {
        const inner = [...containers, { kind: 'quote' as const, line: this.lineOf(node.from), marker: node.from }];
        const children: BlockContent[] = [];
        this.blocks(node.children, inner, children);
        let end = this.containerEnd(node.to, children, containers);
        end = this.quotedEnd(end, containers, false);
        // A block quote whose content ran onto the next line (an open fence took the line ending)
        // and that the line closes by opening a container ends after that line's prefixes,
        // whatever encloses it.
        const lastEnd = children[children.length - 1]?.position?.end.offset ?? 0;
        if (!this.upToQuote(containers).length && lastEnd > node.to) end = this.closedByContainer(node.to, containers, true) ?? end;
        out.push({ type: 'blockquote', children: children as never, position: this.position(node.from, end) });
      } else if (type === BULLET_LIST || type === ORDERED_LIST) {
        out.push(this.list(node, type === ORDERED_LIST, containers));
      } else if (type === FENCED_CODE) {
        out.push(this.fencedCode(node, containers));
      } else if (type === CODE_BLOCK || type === LAZY_CODE_BLOCK) {
        out.push(this.indentedCode(node, containers, type === LAZY_CODE_BLOCK));
      } else if (type === HTML_BLOCK || type === COMMENT_BLOCK || type === PI_BLOCK) {
        out.push(this.html(node, containers));
      } else if (type === LINK_REFERENCE) {
        const def = this.defs.get(node.from);
        if (def) out.push(def);
      } else if (type === TABLE) {
        out.push(this.table(node, containers));
      } else if (type === FOOTNOTE_DEFINITION) {
        out.push(this.footnoteDefinition(node, containers));
      }
    }
  }

  position(from: number, to: number) {
    return { start: this.point(from), end: this.point(to) };
  }

  /**
   * A setext heading's text may start with definitions (lezer reads them as heading text):
   * micromark takes them out, and the heading is what remains.
   */
  setextSplit(node: LNode, containers: readonly Container[]): { definitions: Definition[]; textFrom: number; textTo: number } {
    const cached = this.#setext.get(node.from);
    if (cached) return cached;
    const mark = node.children.find((c) => c.type === HEADER_MARK)!;
    const textTo = this.lineEnd(this.lineOf(mark.from) - 1);
    const definitions: Definition[] = [];
    let from = node.from;
    while (from < textTo && this.src.charCodeAt(from) === 91) {
      const found = parseDefinition(this, this.inlineLines(from, textTo, containers));
      if (!found) break;
      definitions.push({ type: 'definition', identifier: found.identifier, label: found.label, title: found.title, url: found.url, position: this.position(from, found.end) });
      const line = this.lineOf(found.end) + 1;
      if (found.end >= textTo) {
        from = textTo;
        break;
      }
      from = this.skipSpace(this.strip(line, containers).pos, this.lineEnd(line));
    }
    const result = { definitions, textFrom: from, textTo };
    this.#setext.set(node.from, result);
    return result;
  }

  setextHeading(node: LNode, depth: 1 | 2, containers: readonly Container[], out: (RootContent | BlockContent | DefinitionContent)[]): void {
    const { definitions, textFrom, textTo } = this.setextSplit(node, containers);
    out.push(...definitions);
    if (textFrom < textTo) {
      const { children } = this.inline(textFrom, textTo, containers);
      // The heading starts where its lines start, definitions included (micromark), unless the
      // line after them looked like an underline: that line started new content in micromark.
      const start = definitions.length && /^(?:-+|=+)[ \t]*$/.test(this.src.slice(textFrom, this.lineEnd(this.lineOf(textFrom)))) ? textFrom : node.from;
      out.push({ type: 'heading', depth, children, position: this.position(start, node.to) });
      return;
    }
    // Only definitions: the underline is a thematic break (`---`) or a paragraph (`===`).
    const mark = node.children.find((c) => c.type === HEADER_MARK)!;
    const lineEnd = this.lineEnd(this.lineOf(mark.from));
    const underline = this.src.slice(mark.from, mark.to);
    if (underline.charCodeAt(0) === 45 && underline.length >= 3) {
      out.push({ type: 'thematicBreak', position: this.position(mark.from, lineEnd) });
    } else {
      const { children } = this.inline(mark.from, lineEnd, containers);
      out.push({ type: 'paragraph', children, position: this.position(mark.from, lineEnd) });
    }
  }

  atxHeading(node: LNode, depth: number, containers: readonly Container[]): Heading {
    const src = this.src;
    let from = node.from + depth;
    let to = node.to;
    while (from < to && (src.charCodeAt(from) === 32 || src.charCodeAt(from) === 9)) from++;
    while (to > from && (src.charCodeAt(to - 1) === 32 || src.charCodeAt(to - 1) === 9)) to--;
    let k = to;
    while (k > from && src.charCodeAt(k - 1) === 35) k--;
    if (k < to && (k === from || src.charCodeAt(k - 1) === 32 || src.charCodeAt(k - 1) === 9)) {
      to = k;
      while (to > from && (src.charCodeAt(to - 1) === 32 || src.charCodeAt(to - 1) === 9)) to--;
    }
    const children = from < to ? this.inline(from, to, containers).children : [];
    return { type: 'heading', depth: depth as Heading['depth'], children, position: this.position(node.from, node.to) };
  }

  list(node: LNode, ordered: boolean, containers: readonly Container[]): List {
    const items: ListItem[] = [];
    const itemNodes: LNode[] = [];
    for (const child of node.children) {
      if (child.type !== LIST_ITEM) continue;
      itemNodes.push(child);
      const container = this.#itemContainers.get(child) ?? this.itemContainer(child, containers);
      const mark = child.children.find((c) => c.type === LIST_MARK)!;
      const item: ListItem = { type: 'listItem', spread: false, checked: null, children: [], position: undefined };
      this.blocks(child.children, [...containers, container], item.children as never, item);
      const last = item.children[item.children.length - 1];
      // An empty item ends at its line's end (micromark's prefix takes the trailing whitespace).
      item.position = {
        start: this.point(mark.from),
        end: last?.position ? this.point(this.containerEnd(last.position.end.offset ?? 0, item.children, containers)) : this.point(this.lineEnd(this.lineOf(mark.from))),
      };
      for (let i = 1; i < item.children.length; i++) {
        if (item.children[i]!.position!.start.line - item.children[i - 1]!.position!.end.line > 1) item.spread = true;
      }
      items.push(item);
    }
    // An item whose last block took the line ending before the next item (a fence left open)
    // ends where the next item's marker and its whitespace end (micromark's list preparation).
    for (let i = 0; i + 1 < items.length; i++) {
      const line = this.swallowed(items[i]!.children);
      if (line >= 0 && line === items[i + 1]!.position!.start.line - 1) items[i]!.position!.end = this.point(this.itemPrefixEnd(itemNodes[i + 1]!));
    }
    let spread = false;
    if (containers[containers.length - 1]?.kind === 'footnote') {
      // Directly in a footnote definition, micromark's list preparation cannot walk back over the
      // definition's indent: an item ends where the next item's prefix ends (taking the empty
      // lines between, which make it spread), and the list never spreads for them.
      for (let i = 0; i + 1 < items.length; i++) {
        const item = items[i]!;
        if (items[i + 1]!.position!.start.line - item.position!.end.line > 1) item.spread = true;
        item.position!.end = this.point(this.itemPrefixEnd(itemNodes[i + 1]!));
      }
    } else {
      for (let i = 1; i < items.length; i++) if (items[i]!.position!.start.line - items[i - 1]!.position!.end.line > 1) spread = true;
    }
    const first = items[0]!;
    let end = items[items.length - 1]!.position!.end;
    // In a block quote, the list takes the empty quote lines after it (micromark); two or more
    // line endings inside it then make it spread.
    const to = this.quotedEnd(end.offset ?? 0, containers, true);
    if (to !== end.offset) {
      const point = this.point(to);
      if (point.line - end.line >= 2) spread = true;
      // Closed by the next line's container with a footnote definition's indent on that line, no
      // empty line between: the last item ends there too (micromark's list preparation walks back
      // over line endings and quote or item prefixes only).
      if (!this.#blankTaken && this.#closedAfter === 'footnote') items[items.length - 1]!.position!.end = { ...point };
      end = point;
    }
    const list: List = { type: 'list', ordered, start: null, spread, children: items, position: { start: { ...first.position!.start }, end: { ...end } } };
    if (ordered) {
      const mark = node.children[0]!.children.find((c) => c.type === LIST_MARK)!;
      list.start = Number.parseInt(this.src.slice(mark.from, mark.to - 1), 10);
    }
    return list;
  }

  /**
   * A container ends with its lines, or, when its last block took the line ending after them (a
   * fence or HTML block left open), on the next line after the prefixes of the containers around
   * it (micromark closes it there); where that line opens the next item of a list around it, where
   * the line starts.
   */
  containerEnd(to: number, children: readonly Positioned[], containers: readonly Container[]): number {
    const line = this.swallowed(children);
    if (line < 0) return to;
    return this.opensItemOf(line, containers) ? this.lineStarts[line]! : this.strip(line, containers).pos;
  }

  /** Whether `line` starts an item of the list of one of `containers` (that list goes on there). */
  opensItemOf(line: number, containers: readonly Container[]): boolean {
    const lists = this.itemLists.get(line);
    return lists !== undefined && containers.some((c) => c.kind === 'item' && c.list !== undefined && lists.includes(c.list));
  }

  /** The line whose start the last of `children` ends at, having taken the line ending before it; or -1. */
  swallowed(children: readonly Positioned[]): number {
    const last = children[children.length - 1]?.position;
    if (!last || last.end.column !== 1 || last.end.line <= last.start.line || last.end.offset !== this.lineStarts[last.end.line - 1]) return -1;
    return last.end.line - 1;
  }

  /** Where a list item's prefix (marker and the whitespace before its content) ends. */
  itemPrefixEnd(item: LNode): number {
    const mark = item.children.find((c) => c.type === LIST_MARK)!;
    const end = this.lineEnd(this.lineOf(mark.to));
    if (this.blankFrom(mark.to, end)) return mark.to;
    const col = this.contentColumn(mark.to);
    let pos = mark.to;
    let c = this.columnOf(pos);
    while (pos < end && c < col) {
      c += this.src.charCodeAt(pos) === 9 ? 4 - (c % 4) : 1;
      pos++;
    }
    return pos;
  }

  /** Line content for a code block line: container prefixes and up to `indent` columns taken. */
  codeLine(line: number, containers: readonly Container[], indent: number): string {
    const src = this.src;
    const end = this.lineEnd(line);
    const s = this.strip(line, containers);
    const at = { pos: s.pos, col: s.col, virtual: s.virtual };
    takeColumns(src, end, at, indent);
    return (at.virtual > 0 ? ' '.repeat(at.virtual) : '') + src.slice(Math.min(at.pos, end), end);
  }

  eol(line: number): string {
    return this.src.slice(this.lineEnd(line), this.lineNext(line));
  }

  fencedCode(node: LNode, containers: readonly Container[]): Code {
    const src = this.src;
    const first = this.lineOf(node.from);
    const marks = node.children.filter((c) => c.type === CODE_MARK);
    const closing = marks.length > 1 ? marks[marks.length - 1]! : null;
    const last = closing ? this.lineOf(closing.from) - 1 : this.lineOf(node.to);
    const fenceIndent = this.columnOf(node.from) - this.strip(first, containers).col;
    // Info string: lang up to the first whitespace, meta after it.
    let i = node.from;
    const fenceChar = src.charCodeAt(i);
    while (src.charCodeAt(i) === fenceChar) i++;
    // Info: lang up to the first whitespace; meta after it, to the end of the line (trailing
    // whitespace included, as micromark reads it).
    const info = src.slice(i, this.lineEnd(first)).replace(/^[ \t]+/, '');
    let lang: string | null = null;
    let meta: string | null = null;
    if (info) {
      const ws = info.search(/[ \t]/);
      lang = decodeString(ws < 0 ? info : info.slice(0, ws));
      const rest = ws < 0 ? '' : info.slice(ws).replace(/^[ \t]+/, '');
      if (rest) meta = decodeString(rest);
    }
    const lines: string[] = [];
    const eols: string[] = [];
    for (let l = first + 1; l <= last; l++) {
      lines.push(this.codeLine(l, containers, fenceIndent));
      eols.push(this.eol(l));
    }
    const end = closing ? node.to : this.unclosedEnd(node, containers);
    if (!closing && end === node.to && lines.length > 0 && lines[lines.length - 1] === '') lines.pop();
    let value = '';
    for (let k = 0; k < lines.length; k++) value += (k > 0 ? eols[k - 1]! : '') + lines[k]!;
    return { type: 'code', lang, meta, value, position: this.position(node.from, end) };
  }

  /**
   * Where a fenced code block or HTML block that never closed ends: when the line after it opens
   * a container (a list item, say), micromark takes the line ending into the block; after a lazy
   * line or at the end, lezer's end stands.
   */
  unclosedEnd(node: LNode, containers: readonly Container[]): number {
    const next = this.lineOf(node.to) + 1;
    if (next >= this.lineStarts.length || this.lineEnd(next - 1) !== node.to) return node.to;
    // Before a container's line, or before the empty line at the very end when the containers go
    // on over it: after the line ending.
    const last = this.lineStarts[next] === this.src.length && this.strip(next, containers).all;
    return this.containerLines.has(next) || last ? this.lineStarts[next]! : node.to;
  }

  indentedCode(node: LNode, containers: readonly Container[], lazy: boolean): Code {
    const first = this.lineOf(node.from);
    let last = this.lineOf(node.to);
    let to = node.to;
    // micromark keeps going over lines of only whitespace indented four columns or more (lezer
    // counts them as blank), and over blank lines between them.
    for (let l = last + 1; !lazy && l < this.lineStarts.length; l++) {
      const s = this.strip(l, containers);
      const end = this.lineEnd(l);
      if (!s.all || !this.blankFrom(s.pos, end)) break;
      if (this.whitespaceColumns(s, end) >= 4) {
        last = l;
        to = end;
      }
    }
    let value = '';
    for (let l = first; l <= last; l++) value += (l > first ? this.eol(l - 1) : '') + this.codeLine(l, containers, 4);
    const start = this.strip(first, containers).pos;
    return { type: 'code', lang: null, meta: null, value: value.replace(/(?:\r?\n|\r)$/, ''), position: this.position(start, to) };
  }

  /** Columns of whitespace from a stripped line's content start to `end`. */
  whitespaceColumns(s: Stripped, end: number): number {
    let col = s.col + s.virtual;
    for (let i = s.pos; i < end; i++) col += this.src.charCodeAt(i) === 9 ? 4 - (col % 4) : 1;
    return col - s.col;
  }

  html(node: LNode, containers: readonly Container[]): Html {
    const first = this.lineOf(node.from);
    const last = this.lineOf(node.to);
    // The value and position take the indent before `<` (up to three columns) too.
    const start = this.strip(first, containers);
    let value = this.codeLine(first, containers, 0);
    for (let l = first + 1; l <= last; l++) value += this.eol(l - 1) + this.codeLine(l, containers, 0);
    if (first === last) value = value.slice(0, value.length - (this.lineEnd(first) - node.to));
    let end = node.to;
    if (this.htmlUnclosed(node, first, last, containers)) {
      end = this.unclosedEnd(node, containers);
      if (end !== node.to) value += this.eol(last);
    }
    return { type: 'html', value, position: this.position(start.pos, end) };
  }

  /** An HTML block of kinds 1-5 (which end at a marker, not a blank line) whose marker never came. */
  htmlUnclosed(node: LNode, first: number, last: number, containers: readonly Container[]): boolean {
    const src = this.src;
    const head = src.slice(node.from, this.lineEnd(first));
    const tail = first === last ? head : src.slice(this.strip(last, containers).pos, this.lineEnd(last));
    const end = HTML_END[htmlKind(head, false)];
    return end ? !end.test(tail) : false;
  }

  definition(node: LNode, containers: readonly Container[]): Definition | null {
    const lines: InlineLine[] = this.inlineLines(node.from, node.to, containers);
    const found = parseDefinition(this, lines);
    if (!found) return null;
    return { type: 'definition', identifier: found.identifier, label: found.label, title: found.title, url: found.url, position: this.position(node.from, found.end) };
  }

  footnoteLabel(node: LNode): string {
    const mark = node.children.find((c) => c.type === FOOTNOTE_MARK)!;
    const text = this.src.slice(mark.from, mark.to);
    return text.slice(2, -2);
  }

  footnoteDefinition(node: LNode, containers: readonly Container[]): FootnoteDefinition {
    const raw = this.footnoteLabel(node);
    const children: BlockContent[] = [];
    this.blocks(node.children, [...containers, this.footnoteContainer(node)], children);
    const last = children[children.length - 1];
    const mark = node.children.find((c) => c.type === FOOTNOTE_MARK)!;
    return {
      type: 'footnoteDefinition',
      identifier: normalizeIdentifier(raw).toLowerCase(),
      label: decodeString(raw),
      children: children as never,
      // A block left open at its end (a fence) took the line ending: closed on the next line, as any container is.
      position: { start: this.point(node.from), end: this.point(this.quotedEnd(last?.position ? this.containerEnd(last.position.end.offset ?? 0, children, containers) : this.lineEnd(this.lineOf(mark.to)), containers, true)) },
    };
  }


  // --- tables (micromark-extension-gfm-table) ------------------------------------------------

  table(node: LNode, containers: readonly Container[]): Table {
    const first = this.lineOf(node.from);
    const last = this.lineOf(node.to);
    const rows: TableRow[] = [];
    let align: Table['align'] = [];
    for (let l = first; l <= last; l++) {
      const start = l === first ? node.from : this.strip(l, containers).pos;
      const end = this.lineEnd(l);
      const cells = this.cells(start, end);
      if (l === first + 1) {
        align = cells.map((c) => {
          const value = this.src.slice(c.contentFrom, c.contentTo);
          const left = value.startsWith(':');
          const right = value.length > 1 && value.endsWith(':');
          return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
        });
        continue;
      }
      const rowStart = this.skipSpace(start, end);
      rows.push({
        type: 'tableRow',
        children: cells.map((c): TableCell => {
          const children: PhrasingContent[] = c.contentFrom < c.contentTo ? parseInline(this, [{ start: c.contentFrom, end: c.contentTo, next: c.contentTo, virtual: 0 }], { inTable: true }).children : [];
          return { type: 'tableCell', children, position: this.position(c.from, c.to) };
        }),
        position: this.position(rowStart, end),
      });
    }
    return { type: 'table', align, children: rows, position: this.position(node.from, this.lineEnd(last)) };
  }

  skipSpace(from: number, end: number): number {
    while (from < end && (this.src.charCodeAt(from) === 32 || this.src.charCodeAt(from) === 9)) from++;
    return from;
  }

  /** A row's cells: each from its leading pipe (the first from the row's start) to the next. */
  cells(start: number, end: number): { from: number; to: number; contentFrom: number; contentTo: number }[] {
    const src = this.src;
    const rowStart = this.skipSpace(start, end);
    const out: { from: number; to: number; contentFrom: number; contentTo: number }[] = [];
    let cellFrom = rowStart;
    let contentFrom = -1;
    let contentTo = -1;
    let leading = true;
    const flush = (to: number) => {
      out.push({ from: cellFrom, to, contentFrom: contentFrom < 0 ? cellFrom : contentFrom, contentTo: contentFrom < 0 ? cellFrom : contentTo });
    };
    for (let i = rowStart; i < end; i++) {
      const c = src.charCodeAt(i);
      if (c === 124) {
        if (leading && contentFrom < 0 && out.length === 0 && i === rowStart) {
          leading = false;
          continue;
        }
        flush(i);
        cellFrom = i;
        contentFrom = -1;
        contentTo = -1;
        continue;
      }
      if (c === 32 || c === 9) continue;
      if (contentFrom < 0) contentFrom = i;
      if (c === 92 && (src.charCodeAt(i + 1) === 124 || src.charCodeAt(i + 1) === 92)) i++;
      contentTo = i + 1;
    }
    if (contentFrom >= 0 || out.length === 0) flush(end);
    else if (out.length) out[out.length - 1]!.to = end;
    return out;
  }
}
