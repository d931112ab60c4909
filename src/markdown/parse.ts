import type { Root } from 'mdast';
import type { Point } from 'unist';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';

/**
 * Content rules parse at most this many characters of a file. Beyond it a file is far past every
 * agent's budget anyway, and remark's cost would grow without bound (a 100 MB file, or pathological
 * nesting). The cap is reported by the engine, never applied silently.
 */
export const MAX_PARSE_CHARS = 1 << 20;

let processor: Processor<Root> | undefined;

function getProcessor(): Processor<Root> {
  processor ??= unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']) as unknown as Processor<Root>;
  return processor;
}

/** Deeper container nesting than this is not parsed: remark's cost and recursion grow with it. */
export const MAX_NESTING = 64;

/** Thrown for input that is not parsed, so the engine can report it at the file (never silently). */
export class UnparsableMarkdown extends Error {}

/**
 * The deepest container nesting a cheap line scan can see: blockquote markers plus list-style
 * indentation (two columns a level). Over-estimates are fine: the guard only needs a bound.
 */
export function nestingDepth(text: string): number {
  let deepest = 0;
  let lineStart = 0;
  while (lineStart < text.length) {
    let i = lineStart;
    let depth = 0;
    let spaces = 0;
    for (; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 62 /* > */) depth++;
      else if (c === 32) spaces++;
      else if (c === 9) spaces += 4;
      else break;
    }
    depth += spaces >> 1;
    if (depth > deepest) deepest = depth;
    const next = text.indexOf('\n', i);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return deepest;
}

export function parseMarkdown(text: string): Root {
  const depth = nestingDepth(text);
  if (depth > MAX_NESTING) throw new UnparsableMarkdown(`nesting ${depth} levels deep (the limit is ${MAX_NESTING})`);
  let tree: Root;
  try {
    tree = getProcessor().parse(text.length > MAX_PARSE_CHARS ? text.slice(0, MAX_PARSE_CHARS) : text);
  } catch (error) {
    // A stack overflow on some other pathological shape: reported, not a crash.
    throw new UnparsableMarkdown(error instanceof Error ? error.message : String(error));
  }
  // micromark drops a leading BOM and counts positions without it, while InstructionFile's text
  // keeps U+FEFF (Codex sends it): shift positions back onto the text rules report against.
  if (text.charCodeAt(0) === 0xfeff) shiftForBom(tree);
  return tree;
}

function shiftForBom(node: { position?: { start: Point; end: Point }; children?: unknown[] }): void {
  for (const point of node.position ? [node.position.start, node.position.end] : []) {
    if (point.offset !== undefined) point.offset += 1;
    if (point.line === 1) point.column += 1;
  }
  for (const child of node.children ?? []) shiftForBom(child as { position?: { start: Point; end: Point }; children?: unknown[] });
}
