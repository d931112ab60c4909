import type { Root } from 'mdast';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import { visit } from 'unist-util-visit';

/**
 * Content rules parse at most this many characters of a file. Beyond it a file is far past every
 * agent's budget anyway, and parsing cost would grow without bound (a 100 MB file, or pathological
 * nesting). The cap is reported by the engine, never applied silently.
 */
export const MAX_PARSE_CHARS = 1 << 20;

/** Deeper container nesting than this is not parsed: the parser's cost and recursion grow with it. */
export const MAX_NESTING = 64;

/** Thrown for input that is not parsed, so the engine can report it at the file (never silently). */
export class UnparsableMarkdown extends Error {}

/**
 * The deepest container nesting a cheap line scan can see: blockquote markers, list markers opening
 * one item inside another on the same line (`- - - x`, `1. - x`), plus list-style indentation (two
 * columns a level). Over-estimates are fine: the guard only needs a bound.
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
      const after = text.charCodeAt(i + 1);
      if (c === 62 /* > */) depth++;
      else if (c === 32) spaces++;
      else if (c === 9) spaces += 4;
      else if ((c === 45 || c === 42 || c === 43) /* - * + */ && (after === 32 || after === 9)) depth++;
      else if (c >= 48 && c <= 57) {
        // An ordered marker: digits, then `.` or `)`, then a space.
        let j = i;
        while (j < text.length && j - i < 9 && text.charCodeAt(j) >= 48 && text.charCodeAt(j) <= 57) j++;
        const mark = text.charCodeAt(j);
        const space = text.charCodeAt(j + 1);
        if ((mark !== 46 && mark !== 41) || (space !== 32 && space !== 9)) break;
        depth++;
        i = j;
      } else break;
    }
    depth += spaces >> 1;
    if (depth > deepest) deepest = depth;
    const next = text.indexOf('\n', i);
    if (next < 0) break;
    lineStart = next + 1;
  }
  return deepest;
}

/**
 * remark-parse with GFM and YAML/TOML frontmatter: the trees rules read are remark's own (unified's
 * `parse` only; no transforms run).
 */
const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']);

/**
 * The mdast tree of `text`. Positions are offsets into `text` itself: a leading U+FEFF, which Codex
 * sends and InstructionFile's text keeps, counts (micromark drops it and counts without it, so every
 * offset, and every column on the first line, moves one on).
 */
export function parseMarkdown(text: string): Root {
  const depth = nestingDepth(text);
  if (depth > MAX_NESTING) throw new UnparsableMarkdown(`nesting ${depth} levels deep (the limit is ${MAX_NESTING})`);
  const capped = text.length > MAX_PARSE_CHARS ? text.slice(0, MAX_PARSE_CHARS) : text;
  const bom = capped.charCodeAt(0) === 0xfeff;
  let tree: Root;
  try {
    tree = processor.parse(bom ? capped.slice(1) : capped);
  } catch (error) {
    // A stack overflow on some other pathological shape: reported, not a crash.
    throw new UnparsableMarkdown(error instanceof Error ? error.message : String(error));
  }
  if (bom) shiftPositions(tree);
  return tree;
}

/** Moves every position one character on, as if the dropped U+FEFF were still there. */
function shiftPositions(tree: Root): void {
  const move = (point: { line: number; column: number; offset?: number }) => {
    if (point.offset !== undefined) point.offset += 1;
    if (point.line === 1) point.column += 1;
  };
  visit(tree, (node) => {
    if (!node.position) return;
    move(node.position.start);
    move(node.position.end);
  });
}
