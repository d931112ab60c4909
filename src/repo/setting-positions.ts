import { findNodeAtLocation, parseTree, type Node } from 'jsonc-parser';

/** Text offsets [start, end) of one string literal, quotes included. */
export interface LiteralSpan {
  start: number;
  end: number;
}

/**
 * Where each string element of a top-level TOML array (`key = ["a", 'b']`) is written, in order.
 * The parsed value says what the strings are; this only finds where, by scanning the text the
 * way a TOML lexer would (comments, the four string forms, tables). Returns [] when the key is not
 * set at the top level (a `[table]` header ends the top level: Codex reads these keys only there).
 */
export function tomlArrayStringSpans(text: string, key: string): LiteralSpan[] {
  let i = 0;
  let lineStart = true;
  // Bracket depth of other keys' values, so a nested array on its own line is not a [table].
  let depth = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      lineStart = true;
      i++;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '#') {
      i = skipComment(text, i);
      continue;
    }
    if (depth === 0 && lineStart && c === '[') return [];
    if (depth === 0 && lineStart) {
      const keyEnd = matchKey(text, i, key);
      lineStart = false;
      if (keyEnd !== -1) {
        let j = skipSpaces(text, keyEnd);
        if (text[j] !== '=') return [];
        j = skipSpaces(text, j + 1);
        return text[j] === '[' ? arraySpans(text, j + 1) : [];
      }
    }
    // Any other key = value: skip the value, including multi-line strings and arrays.
    lineStart = false;
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    i = skipValueChar(text, i);
  }
  return [];
}

function skipSpaces(text: string, i: number): number {
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

function skipComment(text: string, i: number): number {
  const nl = text.indexOf('\n', i);
  return nl === -1 ? text.length : nl;
}

/** The end of `key` written bare or quoted at `i`, or -1. */
function matchKey(text: string, i: number, key: string): number {
  for (const form of [key, `"${key}"`, `'${key}'`]) {
    if (text.startsWith(form, i) && /[\s=]/.test(text[i + form.length] ?? '')) return i + form.length;
  }
  return -1;
}

/** End offset of the string literal starting at `i` (one of ", ', """, '''). */
function stringEnd(text: string, i: number): number {
  const quote = text[i] ?? '"';
  const triple = text.startsWith(quote.repeat(3), i);
  const delimiter = triple ? quote.repeat(3) : quote;
  let j = i + delimiter.length;
  while (j < text.length) {
    if (quote === '"' && text[j] === '\\') {
      j += 2;
      continue;
    }
    if (!triple && text[j] === '\n') return j;
    if (text.startsWith(delimiter, j)) {
      j += delimiter.length;
      // A triple-quoted string may end with up to two extra quotes before the delimiter.
      while (triple && text[j] === quote) j++;
      return j;
    }
    j++;
  }
  return j;
}

function skipValueChar(text: string, i: number): number {
  const c = text[i];
  if (c === '"' || c === "'") return stringEnd(text, i);
  if (c === '#') return skipComment(text, i);
  return i + 1;
}

function arraySpans(text: string, i: number): LiteralSpan[] {
  const spans: LiteralSpan[] = [];
  let depth = 1;
  while (i < text.length && depth > 0) {
    const c = text[i];
    if (c === '"' || c === "'") {
      const end = stringEnd(text, i);
      if (depth === 1) spans.push({ start: i, end });
      i = end;
    } else if (c === '#') i = skipComment(text, i);
    else {
      if (c === '[') depth++;
      else if (c === ']') depth--;
      i++;
    }
  }
  return spans;
}

/** Where each string element of the JSON(C) array at `keyPath` is written, in order; [] when absent. */
export function jsonArrayStringSpans(text: string, keyPath: readonly (string | number)[]): LiteralSpan[] {
  let root: Node | undefined;
  try {
    root = parseTree(text, [], { allowTrailingComma: true, disallowComments: false });
  } catch {
    return [];
  }
  const node = root ? findNodeAtLocation(root, [...keyPath]) : undefined;
  if (!node || node.type !== 'array') return [];
  return (node.children ?? []).filter((c) => c.type === 'string').map((c) => ({ start: c.offset, end: c.offset + c.length }));
}
