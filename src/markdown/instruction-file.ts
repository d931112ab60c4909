import type { Code, Nodes, Paragraph, Root } from 'mdast';
import { Locator } from './locate.js';
import { decodeLossy } from '../util/text.js';
import type { InstructionKind } from '../repo/instruction-names.js';

export interface TextSpan {
  /** Offsets in the file's decoded text (UTF-16 units), end exclusive. */
  start: number;
  end: number;
}

export interface HeadingInfo extends TextSpan {
  depth: number;
  text: string;
}

export interface CodeBlockInfo extends TextSpan {
  lang: string | null;
  value: string;
  /** Text offset of each line of `value` in the file, so positions inside the block are exact. */
  lineOffsets: number[];
}

export interface InlineCodeInfo extends TextSpan {
  value: string;
  /** Text offset of `value`'s first character. */
  valueStart: number;
}

export interface LinkInfo extends TextSpan {
  url: string;
  text: string;
}

/** A unit a rule talks about: a list item's own paragraph(s) or a paragraph outside lists. */
export interface Statement extends TextSpan {
  text: string;
  /** The nearest heading above, for messages ("in section Testing"). */
  section: string | null;
  /** For a list item nested in another, the start of its parent item's statement. */
  parent?: number;
}

/** What hiddenMarkup reads of the tree: HTML nodes, the identifiers references use, definitions. */
export interface MarkupNodes {
  /** Text offsets of each HTML node, end exclusive. */
  html: [number, number][];
  /** Identifiers of link and image references. */
  references: Set<string>;
  definitions: { start: number; end: number; id: string; label: string; title: string }[];
}

export type MarkdownParser = (text: string) => Root;

/**
 * One instruction file: raw bytes (encoding matters to Codex), lossy-decoded text exactly as Codex
 * decodes it, and lazily computed Markdown selections shared by every rule.
 */
export class InstructionFile {
  readonly path: string;
  readonly absPath: string;
  readonly kind: InstructionKind;
  readonly bytes: Uint8Array;
  readonly #parse: MarkdownParser;
  #text: string | undefined;
  #locator: Locator | undefined;
  #tree: Root | undefined;
  #headings: HeadingInfo[] | undefined;
  #codeBlocks: CodeBlockInfo[] | undefined;
  #inlineCode: InlineCodeInfo[] | undefined;
  #links: LinkInfo[] | undefined;
  #statements: Statement[] | undefined;
  readonly #derived = new Map<symbol, unknown>();
  #markup: MarkupNodes | undefined;

  constructor(init: { path: string; absPath: string; kind: InstructionKind; bytes: Uint8Array; parse: MarkdownParser }) {
    this.path = init.path;
    this.absPath = init.absPath;
    this.kind = init.kind;
    this.bytes = init.bytes;
    this.#parse = init.parse;
  }

  get text(): string {
    this.#text ??= decodeLossy(this.bytes);
    return this.#text;
  }

  get locator(): Locator {
    this.#locator ??= new Locator(this.text, this.bytes);
    return this.#locator;
  }

  /** Why the Markdown tree could not be built (the tree is then empty), or null. */
  parseProblem: string | null = null;

  tree(): Root {
    if (!this.#tree) {
      try {
        this.#tree = this.#parse(this.text);
      } catch (error) {
        // Pathological input: tree-based rules see an empty document and the engine reports why.
        this.parseProblem = error instanceof Error ? error.message : String(error);
        this.#tree = { type: 'root', children: [] };
      }
    }
    return this.#tree;
  }

  /**
   * Lets go of the Markdown tree once the file rules are done with it (the engine runs them file by
   * file, so one tree is alive at a time). Selections computed earlier stay; a later tree() call
   * parses again (correct, only slower).
   */
  releaseTree(): void {
    this.#tree = undefined;
  }

  /**
   * Lets go of the tree and of every selection but the statements, computed first: what repo rules
   * read of every file after the file rules are done (no-duplicate-instructions). A file's other
   * selections are most of what it holds, and a repository's files are all kept until repo rules run;
   * one asked for later is parsed again (correct, only slower).
   */
  keepOnlyStatements(): void {
    this.statements();
    this.#tree = undefined;
    this.#headings = this.#codeBlocks = this.#inlineCode = this.#links = this.#markup = undefined;
  }

  /**
   * What a module derives from this file's text and selections (its commands, its masked text),
   * made once under the module's `key` and kept until the file's rules are done (dropDerived).
   * WeakMaps keyed by the file kept them as long as the file: the whole run, since repo rules keep
   * every file. Only what can be derived again the same way belongs here.
   */
  derived<T>(key: symbol, make: () => T): T {
    if (this.#derived.has(key)) return this.#derived.get(key) as T;
    const value = make();
    this.#derived.set(key, value);
    return value;
  }

  /** Lets go of every derived value (the engine calls it after the file's rules). */
  dropDerived(): void {
    this.#derived.clear();
  }

  /** Takes the statements another thread computed from the same bytes, instead of parsing here. */
  adoptStatements(statements: Statement[]): void {
    this.#statements = statements;
  }

  /** The statements if something computed or adopted them already (nothing is parsed). */
  knownStatements(): Statement[] | undefined {
    return this.#statements;
  }

  headings(): HeadingInfo[] {
    if (!this.#headings) this.collectSelections();
    return this.#headings!;
  }

  codeBlocks(): CodeBlockInfo[] {
    if (!this.#codeBlocks) this.collectSelections();
    return this.#codeBlocks!;
  }

  inlineCode(): InlineCodeInfo[] {
    if (!this.#inlineCode) this.collectSelections();
    return this.#inlineCode!;
  }

  links(): LinkInfo[] {
    if (!this.#links) this.collectSelections();
    return this.#links!;
  }

  statements(): Statement[] {
    if (!this.#statements) this.collectSelections();
    return this.#statements!;
  }

  /** The HTML, link reference and definition nodes hiddenMarkup reads (src/markdown/hidden.ts). */
  markup(): MarkupNodes {
    if (!this.#markup) this.collectSelections();
    return this.#markup!;
  }

  /**
   * Headings, code blocks, inline code, links, statements and markup nodes in one walk of the tree
   * (rules ask for all of them). A statement is a list item's own paragraphs, or a paragraph
   * outside list items; headings, statement paragraphs and a list item's paragraphs are not looked
   * into for statements, and a heading names the section of the statements after it.
   */
  private collectSelections(): void {
    const headings: HeadingInfo[] = [];
    const codeBlocks: CodeBlockInfo[] = [];
    const inlineCode: InlineCodeInfo[] = [];
    const links: LinkInfo[] = [];
    const statements: Statement[] = [];
    const markup: MarkupNodes = { html: [], references: new Set(), definitions: [] };
    const text = this.text;
    let section: string | null = null;
    /** The statement start of the list item being walked, the parent of the items nested in it. */
    let parent: number | undefined;
    /** `reach`: 0, not looked into for statements; 1, outside list items; 2, inside one. */
    const visit = (node: Nodes, reach: number) => {
      let childReach = reach;
      switch (node.type) {
        case 'heading': {
          const title = plainText(node);
          headings.push({ start: offsetOf(node, 'start'), end: offsetOf(node, 'end'), depth: node.depth, text: title });
          if (reach !== 0) {
            section = title;
            childReach = 0;
          }
          break;
        }
        case 'code': {
          const span = spanOf(node);
          codeBlocks.push({ start: span.start, end: span.end, lang: node.lang ? node.lang.toLowerCase() : null, value: node.value, lineOffsets: this.codeLineOffsets(node, span) });
          break;
        }
        case 'inlineCode': {
          const start = offsetOf(node, 'start');
          const end = offsetOf(node, 'end');
          const found = text.indexOf(node.value, start);
          inlineCode.push({ start, end, value: node.value, valueStart: found >= 0 && found < end ? found : start });
          break;
        }
        case 'link':
          links.push({ start: offsetOf(node, 'start'), end: offsetOf(node, 'end'), url: node.url, text: plainText(node) });
          break;
        case 'paragraph':
          if (reach === 1) {
            statements.push({ start: offsetOf(node, 'start'), end: offsetOf(node, 'end'), text: plainText(node), section });
            childReach = 0;
          }
          break;
        case 'listItem':
          if (reach !== 0) {
            const own = node.children.filter((c): c is Paragraph => c.type === 'paragraph');
            const first = own[0];
            const last = own[own.length - 1];
            const outer = parent;
            if (first && last) {
              const start = offsetOf(first, 'start');
              statements.push({ start, end: offsetOf(last, 'end'), text: own.length === 1 ? plainText(first) : own.map(plainText).join(' '), section, ...(outer === undefined ? {} : { parent: outer }) });
              parent = start;
            }
            for (const c of node.children) visit(c, c.type === 'paragraph' ? 0 : 2);
            parent = outer;
            return;
          }
          break;
        case 'html':
          markup.html.push([node.position?.start.offset ?? 0, node.position?.end.offset ?? node.position?.start.offset ?? 0]);
          break;
        case 'linkReference':
        case 'imageReference':
          markup.references.add(node.identifier);
          break;
        case 'definition': {
          const start = node.position?.start.offset ?? 0;
          markup.definitions.push({ start, end: node.position?.end.offset ?? start, id: node.identifier, label: node.label ?? node.identifier, title: node.title ?? '' });
          break;
        }
        default:
          break;
      }
      const children = (node as { children?: Nodes[] }).children;
      if (children !== undefined) for (const child of children) visit(child, childReach);
    };
    visit(this.tree(), 1);
    // A selection computed earlier stays (the same objects, should a rule hold on to them).
    this.#headings ??= headings;
    this.#codeBlocks ??= codeBlocks;
    this.#inlineCode ??= inlineCode;
    this.#links ??= links;
    this.#statements ??= statements;
    this.#markup ??= markup;
  }

  /**
   * A fenced or indented block's value drops the fence line and container prefixes ("> ", list
   * indentation). Each value line is the tail of its source line, so its offset is found from the end.
   */
  private codeLineOffsets(node: Code, span: TextSpan): number[] {
    const text = this.text;
    const lines = node.value.split('\n');
    const startLine = node.position?.start.line ?? 1;
    const fenced = /^\s*(?:>\s*)*(?:[-*+]\s+|\d+[.)]\s+)?(`{3,}|~{3,})/.test(text.slice(span.start, text.indexOf('\n', span.start) >>> 0));
    const firstLine = fenced ? startLine + 1 : startLine;
    const loc = this.locator;
    return lines.map((line, i) => {
      const lineStart = loc.offset({ line: firstLine + i, column: 1 });
      let lineEnd = text.indexOf('\n', lineStart);
      if (lineEnd < 0) lineEnd = text.length;
      if (text.charCodeAt(lineEnd - 1) === 13) lineEnd--;
      return Math.max(lineStart, lineEnd - line.length);
    });
  }
}

function spanOf(node: Nodes): TextSpan {
  return { start: offsetOf(node, 'start'), end: offsetOf(node, 'end') };
}

function offsetOf(node: Nodes, edge: 'start' | 'end'): number {
  return node.position?.[edge].offset ?? 0;
}

/** Concatenated text content of a node (like mdast-util-to-string, without the dependency's breadth). */
export function plainText(node: Nodes): string {
  const value = (node as { value?: unknown }).value;
  if (typeof value === 'string') return value;
  const children = (node as { children?: Nodes[] }).children;
  if (children === undefined) return '';
  return children.length === 1 ? plainText(children[0]!) : children.map(plainText).join('');
}
