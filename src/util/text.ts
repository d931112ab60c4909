/**
 * Rust's `char::is_whitespace` (Unicode White_Space), which Codex uses via `str::trim`.
 * Unlike JavaScript's `trim()` it excludes U+FEFF and includes U+0085.
 * Source: docs/codex-discovery.md §2.4.
 */
const RUST_WHITESPACE = new Set([
  0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005,
  0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

export function isRustWhitespace(codePoint: number): boolean {
  return RUST_WHITESPACE.has(codePoint);
}

export function isRustWhitespaceOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    if (!RUST_WHITESPACE.has(text.charCodeAt(i))) return false;
  }
  return true;
}

/** Rust's `str::trim`. */
export function rustTrim(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && RUST_WHITESPACE.has(text.charCodeAt(start))) start++;
  while (end > start && RUST_WHITESPACE.has(text.charCodeAt(end - 1))) end--;
  return text.slice(start, end);
}

const lossyDecoder = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

/**
 * Rust's `String::from_utf8_lossy`: each maximal invalid subsequence becomes one U+FFFD, the BOM is
 * kept. WHATWG's decoder makes the same substitutions (docs/codex-discovery.md §5.1).
 */
export function decodeLossy(bytes: Uint8Array): string {
  // One string per buffer: an instruction file's bytes are decoded by its InstructionFile and again
  // by discovery (the repository index hands both the same buffer), and on a 10,000-package
  // monorepo the second copies of every AGENTS.md would stay alive for the whole run. Buffers read
  // from disk are never written to afterwards, so the text of a buffer does not change.
  let text = decodedTexts.get(bytes);
  if (text === undefined) {
    text = lossyDecoder.decode(bytes);
    decodedTexts.set(bytes, text);
  }
  return text;
}

const decodedTexts = new WeakMap<Uint8Array, string>();

export function utf8Length(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** Levenshtein distance, for "did you mean" suggestions. */
export function editDistance(a: string, b: string): number {
  return distanceBelow(a, b, Infinity);
}

/**
 * editDistance(a, b) when it is below `bound`, else some number ≥ `bound`: a row's cells never
 * decrease further down the table, so a row whose every cell is at or over the bound ends the count
 * (a missing path is compared with thousands of names).
 */
function distanceBelow(a: string, b: string, bound: number): number {
  if (a === b) return 0;
  // One row of the classic table, updated in place.
  const row = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    const ca = a.charCodeAt(i - 1);
    let diagonal = row[0]!;
    row[0] = i;
    let least = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j]!;
      const cell = Math.min(above + 1, row[j - 1]! + 1, diagonal + (ca === b.charCodeAt(j - 1) ? 0 : 1));
      row[j] = cell;
      if (cell < least) least = cell;
      diagonal = above;
    }
    if (least >= bound) return least;
  }
  return row[b.length]!;
}

/** The closest candidate within a distance that scales with the name's length, or undefined. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 3)) + 1;
  const lower = name.toLowerCase();
  for (const candidate of candidates) {
    const other = candidate.toLowerCase();
    // The distance is at least the length difference: such a candidate cannot win.
    if (Math.abs(other.length - lower.length) >= bestDistance) continue;
    const d = distanceBelow(lower, other, bestDistance);
    if (d < bestDistance) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

export function plural(count: number, noun: string, pluralNoun = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : pluralNoun}`;
}

/**
 * "a, b, c, and 497 more": the first `max` items joined, then how many were left out (`more` words
 * that count), so a message naming files or sections stays readable on a 2,000-package repository.
 */
export function listSome(items: readonly string[], max: number, more: (count: number) => string = (count) => `, and ${count} more`): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')}${more(items.length - max)}`;
}

/**
 * How many characters of repository text a message quotes in its first sentence: enough to
 * recognise the statement or comment (the finding's position and --verbose's code frame show it
 * whole), short enough that the sentence, its position and the rule id fit one 120-column line.
 */
export const QUOTE_CHARS = 32;

/**
 * `text` shortened to quote inside "…" in a message: whitespace runs read as one space, and text
 * longer than `max` characters (code points, so a surrogate pair is never split) is cut, at a word
 * boundary when one is near, and ends with "…". An odd `"` would leave the quotation open and hide
 * where the message's first sentence ends (splitMessage), so the cut goes before it.
 */
export function quote(text: string, max = QUOTE_CHARS): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const chars = Array.from(flat);
  let shown = flat;
  if (chars.length > max) {
    let cut = chars.slice(0, max - 1).join('');
    // Back to the last space when that keeps at least two thirds: "from the root…", not "from the ro…".
    const space = cut.lastIndexOf(' ');
    if (space >= (cut.length * 2) / 3) cut = cut.slice(0, space);
    shown = `${cut.replace(/[\s.,;:]+$/, '')}…`;
  }
  if ((shown.match(/"/g)?.length ?? 0) % 2 === 1) shown = `${shown.slice(0, shown.lastIndexOf('"')).trimEnd()}…`;
  return shown;
}

/** `text` with every character a regular expression gives a meaning escaped: a pattern matching it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
