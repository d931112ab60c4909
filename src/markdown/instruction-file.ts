import type { Code, ListItem, Nodes, Paragraph, Root } from 'mdast';
import { Locator } from './locate.js';
import { decodeLossy } from '../kit/text.js';
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
}

export type MarkdownParser = (text: string) => Root;

/** Every selection of a file: what a worker thread that linted it hands back (plain data). */
export interface Selections {
  headings: HeadingInfo[];
  codeBlocks: CodeBlockInfo[];
  inlineCode: InlineCodeInfo[];
  links: LinkInfo[];
  statements: Statement[];
}

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
   * file, so one tree is alive at a time). With `keepSelections`, every selection is computed first,
   * so repo rules that read statements or headings later find them without parsing again; a later
   * tree() call parses again (correct, only slower).
   */
  releaseTree(options: { keepSelections: boolean }): void {
    if (!this.#tree) return;
    if (options.keepSelections) {
      this.headings();
      this.codeBlocks();
      this.inlineCode();
      this.links();
      this.statements();
    }
    this.#tree = undefined;
  }

  /** Every selection, computed now (parsing if needed). */
  selections(): Selections {
    return { headings: this.headings(), codeBlocks: this.codeBlocks(), inlineCode: this.inlineCode(), links: this.links(), statements: this.statements() };
  }

  /** Takes the selections another thread computed from the same bytes, instead of parsing here. */
  adoptSelections(selections: Selections): void {
    this.#headings = selections.headings;
    this.#codeBlocks = selections.codeBlocks;
    this.#inlineCode = selections.inlineCode;
    this.#links = selections.links;
    this.#statements = selections.statements;
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

  /** Headings, code blocks, inline code and links in one walk of the tree (rules ask for all of them). */
  private collectSelections(): void {
    const headings: HeadingInfo[] = [];
    const codeBlocks: CodeBlockInfo[] = [];
    const inlineCode: InlineCodeInfo[] = [];
    const links: LinkInfo[] = [];
    const visit = (node: Nodes) => {
      switch (node.type) {
        case 'heading':
          headings.push({ ...spanOf(node), depth: node.depth, text: plainText(node) });
          break;
        case 'code': {
          const span = spanOf(node);
          codeBlocks.push({ ...span, lang: node.lang ? node.lang.toLowerCase() : null, value: node.value, lineOffsets: this.codeLineOffsets(node, span) });
          break;
        }
        case 'inlineCode': {
          const span = spanOf(node);
          const found = this.text.indexOf(node.value, span.start);
          inlineCode.push({ ...span, value: node.value, valueStart: found >= 0 && found < span.end ? found : span.start });
          break;
        }
        case 'link':
          links.push({ ...spanOf(node), url: node.url, text: plainText(node) });
          break;
        default:
          break;
      }
      if ('children' in node) for (const child of node.children) visit(child as Nodes);
    };
    visit(this.tree());
    // A selection computed earlier stays (the same objects, should a rule hold on to them).
    this.#headings ??= headings;
    this.#codeBlocks ??= codeBlocks;
    this.#inlineCode ??= inlineCode;
    this.#links ??= links;
  }

  statements(): Statement[] {
    if (this.#statements) return this.#statements;
    const out: Statement[] = [];
    let section: string | null = null;
    const visit = (node: Nodes, inItem: boolean) => {
      if (node.type === 'heading') {
        section = plainText(node);
        return;
      }
      if (node.type === 'listItem') {
        const own = (node as ListItem).children.filter((c): c is Paragraph => c.type === 'paragraph');
        const first = own[0];
        const last = own[own.length - 1];
        if (first && last) {
          const span = { start: offsetOf(first, 'start'), end: offsetOf(last, 'end') };
          out.push({ ...span, text: own.map(plainText).join(' '), section });
        }
        for (const child of (node as ListItem).children) if (child.type !== 'paragraph') visit(child, true);
        return;
      }
      if (node.type === 'paragraph' && !inItem) {
        out.push({ start: offsetOf(node, 'start'), end: offsetOf(node, 'end'), text: plainText(node), section });
        return;
      }
      if ('children' in node) for (const child of node.children) visit(child as Nodes, inItem);
    };
    visit(this.tree(), false);
    this.#statements = out;
    return out;
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
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(plainText).join('');
  return '';
}
