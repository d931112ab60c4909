import type { Fix } from '../util/diagnostic.js';
import { nativeBytes } from '../repo/raw-path.js';

/** Lines of unchanged text around each change, as `diff -u` prints by default. */
const CONTEXT = 3;
const NEWLINE = 0x0a;

interface Change {
  /** 0-based index of the first old line replaced. */
  oldStart: number;
  oldLines: Buffer[];
  newLines: Buffer[];
}

/**
 * The unified diff (`diff -u`, with `--- a/FILE` and `+++ b/FILE` headers, so `git apply` and
 * `patch -p1` take it) of applying `edits` to `before`. The edits are byte-range replacements that do
 * not overlap, sorted by position (the fixes --fix accepts for one file). It is computed from the
 * edits themselves, not by comparing the two versions, so the hunks are exactly the lines --fix
 * rewrites (planFixes refuses files larger than what was linted).
 * Bytes are kept as they are (a file need not be UTF-8), lines end at "\n" (a "\r" stays in its
 * line), and a last line without a newline is marked as `diff` marks it. Empty when nothing changes.
 */
export function unifiedDiff(file: string, before: Uint8Array, edits: readonly Fix[]): Buffer {
  const bytes = Buffer.from(before.buffer, before.byteOffset, before.byteLength);
  const lines = lineTable(bytes);
  const changes = changesOf(bytes, lines, edits);
  if (changes.length === 0) return Buffer.alloc(0);
  const out: Buffer[] = [Buffer.from('--- '), headerName('a/', file), Buffer.from('\n+++ '), headerName('b/', file), Buffer.from('\n')];
  const lineAt = (i: number) => bytes.subarray(lines.starts[i]!, lines.starts[i + 1]!);
  const push = (prefix: string, line: Buffer) => {
    out.push(Buffer.from(prefix), line);
    // A line without its newline is the file's last: `diff` says so on a line of its own.
    if (line[line.length - 1] !== NEWLINE) out.push(Buffer.from('\n\\ No newline at end of file\n'));
  };
  // Line-count difference of the changes before the current hunk, for its position in the new file.
  let delta = 0;
  for (let i = 0; i < changes.length; ) {
    // Changes whose context would touch or overlap share one hunk.
    let j = i + 1;
    while (j < changes.length && changes[j]!.oldStart - end(changes[j - 1]!) <= 2 * CONTEXT) j++;
    const group = changes.slice(i, j);
    const from = Math.max(0, group[0]!.oldStart - CONTEXT);
    const to = Math.min(lines.count, end(group[group.length - 1]!) + CONTEXT);
    const oldCount = to - from;
    const newCount = oldCount + group.reduce((n, c) => n + c.newLines.length - c.oldLines.length, 0);
    // An empty range is numbered by the line before it (`-0,0` for the start of the file).
    const range = (start: number, count: number) => `${count === 0 ? start : start + 1},${count}`;
    out.push(Buffer.from(`@@ -${range(from, oldCount)} +${range(from + delta, newCount)} @@\n`));
    let at = from;
    for (const c of group) {
      for (; at < c.oldStart; at++) push(' ', lineAt(at));
      for (const line of c.oldLines) push('-', line);
      for (const line of c.newLines) push('+', line);
      at = end(c);
    }
    for (; at < to; at++) push(' ', lineAt(at));
    delta += newCount - oldCount;
    i = j;
  }
  return Buffer.concat(out);
}

const end = (c: Change) => c.oldStart + c.oldLines.length;

interface LineTable {
  /** starts[i] is where line i begins; starts[count] is the end of the file. */
  starts: number[];
  count: number;
  /** Whether the last line ends with a newline (an empty file has no unfinished line). */
  complete: boolean;
}

function lineTable(bytes: Buffer): LineTable {
  const starts = [0];
  for (let i = bytes.indexOf(NEWLINE); i !== -1 && i + 1 < bytes.length; i = bytes.indexOf(NEWLINE, i + 1)) starts.push(i + 1);
  const count = bytes.length === 0 ? 0 : starts.length;
  starts[count] = bytes.length;
  return { starts, count, complete: bytes.length === 0 || bytes[bytes.length - 1] === NEWLINE };
}

/** The line holding byte `offset`. The end of the file is the last line's, or, after a final newline, a line of its own (`count`), where appended text goes. */
function lineOf(lines: LineTable, offset: number): number {
  if (offset >= lines.starts[lines.count]!) return lines.complete ? lines.count : lines.count - 1;
  let lo = 0;
  let hi = lines.count - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lines.starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The edits as whole-line changes, the lines common to both sides left out, sorted. */
function changesOf(bytes: Buffer, lines: LineTable, edits: readonly Fix[]): Change[] {
  const lastLine = (e: Fix) => (e.range[1] > e.range[0] ? lineOf(lines, e.range[1] - 1) : lineOf(lines, e.range[0]));
  const lineEnd = (line: number) => (line >= lines.count ? bytes.length : lines.starts[line + 1]!);
  const changes: Change[] = [];
  for (let i = 0; i < edits.length; ) {
    const first = lineOf(lines, edits[i]!.range[0]);
    let last = lastLine(edits[i]!);
    let j = i + 1;
    let content: Buffer;
    for (;;) {
      while (j < edits.length && lineOf(lines, edits[j]!.range[0]) <= last) last = Math.max(last, lastLine(edits[j++]!));
      content = rewrite(bytes, first >= lines.count ? bytes.length : lines.starts[first]!, lineEnd(last), edits.slice(i, j));
      // A change that leaves its last line without a newline joins it to what follows: the next
      // line, or at the end of the file the text appended there, is part of it.
      if (content.length > 0 && content[content.length - 1] !== NEWLINE) {
        if (lineEnd(last) < bytes.length) {
          last++;
          continue;
        }
        if (j < edits.length) {
          last = Math.max(last, lineOf(lines, edits[j]!.range[0]));
          continue;
        }
      }
      break;
    }
    const oldLines: Buffer[] = [];
    for (let k = first; k <= last && k < lines.count; k++) oldLines.push(bytes.subarray(lines.starts[k]!, lines.starts[k + 1]!));
    const newLines = splitLines(content);
    // Lines the edit leaves as they were are context, not change.
    let head = 0;
    while (head < oldLines.length && head < newLines.length && oldLines[head]!.equals(newLines[head]!)) head++;
    let tail = 0;
    while (tail < oldLines.length - head && tail < newLines.length - head && oldLines[oldLines.length - 1 - tail]!.equals(newLines[newLines.length - 1 - tail]!)) tail++;
    if (oldLines.length - head - tail > 0 || newLines.length - head - tail > 0) {
      changes.push({ oldStart: first + head, oldLines: oldLines.slice(head, oldLines.length - tail), newLines: newLines.slice(head, newLines.length - tail) });
    }
    i = j;
  }
  return changes;
}

/** bytes[from, to) with the edits (all inside it) applied. */
function rewrite(bytes: Buffer, from: number, to: number, edits: readonly Fix[]): Buffer {
  const parts: Buffer[] = [];
  let cursor = from;
  for (const e of edits) {
    parts.push(bytes.subarray(cursor, e.range[0]), Buffer.from(e.text, 'utf8'));
    cursor = e.range[1];
  }
  parts.push(bytes.subarray(cursor, to));
  return Buffer.concat(parts);
}

function splitLines(bytes: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = bytes.indexOf(NEWLINE); i !== -1; i = bytes.indexOf(NEWLINE, i + 1)) {
    out.push(bytes.subarray(start, i + 1));
    start = i + 1;
  }
  if (start < bytes.length) out.push(bytes.subarray(start));
  return out;
}

/**
 * The path as the header names it, after `a/` or `b/`: its own bytes (a name need not be UTF-8), or git's C-style quoted
 * form when it holds a space, a quote, a backslash or a control character, which would otherwise end
 * the name early or break the line (`git apply` and GNU patch both read the quoted form).
 */
function headerName(prefix: string, file: string): Buffer {
  const raw = Buffer.concat([Buffer.from(prefix), nativeBytes(file)]);
  if (!raw.some((b) => b <= 0x20 || b === 0x22 || b === 0x5c || b === 0x7f)) return raw;
  let quoted = '"';
  for (const b of raw) {
    if (b === 0x22 || b === 0x5c) quoted += `\\${String.fromCharCode(b)}`;
    else if (b === 0x0a) quoted += '\\n';
    else if (b === 0x09) quoted += '\\t';
    else if (b < 0x20 || b >= 0x7f) quoted += `\\${b.toString(8).padStart(3, '0')}`;
    else quoted += String.fromCharCode(b);
  }
  return Buffer.from(`${quoted}"`);
}
