import { sequenceLength } from './locate.js';

/**
 * Byte-level encoding facts about an instruction file. Codex never detects encodings: it decodes
 * every file as UTF-8 with `String::from_utf8_lossy`, keeps a UTF-8 BOM as U+FEFF, and sends UTF-16
 * files as NULs and U+FFFD (docs/codex-discovery.md §5.1, §5.3, §5.4; observed on 0.171.0).
 */
export type UnicodeEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

export interface EncodingInfo {
  encoding: UnicodeEncoding;
  /** Length of the byte order mark at offset 0 (0 when none). */
  bomLength: number;
}

export const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

function startsWith(bytes: Uint8Array, prefix: readonly number[]): boolean {
  return prefix.every((b, i) => bytes[i] === b);
}

/** How many of the first `limit` bytes at positions ≡ r (mod m) are zero, for each r. */
function zeroCounts(bytes: Uint8Array, modulus: number, limit: number): number[] {
  const counts = new Array<number>(modulus).fill(0);
  const n = Math.min(bytes.length, limit);
  for (let i = 0; i < n; i++) if (bytes[i] === 0) counts[i % modulus] = (counts[i % modulus] ?? 0) + 1;
  return counts;
}

/**
 * Detects UTF-32 and UTF-16 by their BOM, or without one by the NUL pattern of mostly-ASCII text
 * (the usual case for instruction files saved by Windows tools). Everything else is UTF-8.
 */
export function detectEncoding(bytes: Uint8Array): EncodingInfo {
  // UTF-32LE's BOM starts with UTF-16LE's, so it is tested first.
  if (startsWith(bytes, [0xff, 0xfe, 0, 0]) && bytes.length % 4 === 0) return { encoding: 'utf32le', bomLength: 4 };
  if (startsWith(bytes, [0, 0, 0xfe, 0xff])) return { encoding: 'utf32be', bomLength: 4 };
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: 'utf16le', bomLength: 2 };
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: 'utf16be', bomLength: 2 };
  if (startsWith(bytes, UTF8_BOM)) return { encoding: 'utf8', bomLength: 3 };
  const sample = 4096;
  const units = Math.min(bytes.length, sample);
  if (bytes.length >= 4 && bytes.length % 4 === 0) {
    const z = zeroCounts(bytes, 4, sample);
    const quarter = units / 4;
    // Code points stop at U+10FFFF, so in UTF-32 one byte of each unit is always zero and another
    // nearly always (ASCII and Latin text).
    if (z[3] === quarter && (z[2] ?? 0) >= quarter * 0.9 && (z[0] ?? 0) === 0) return { encoding: 'utf32le', bomLength: 0 };
    if (z[0] === quarter && (z[1] ?? 0) >= quarter * 0.9 && (z[3] ?? 0) === 0) return { encoding: 'utf32be', bomLength: 0 };
  }
  if (bytes.length >= 2 && bytes.length % 2 === 0) {
    const [even = 0, odd = 0] = zeroCounts(bytes, 2, sample);
    const half = units / 2;
    if (odd >= half * 0.3 && even === 0) return { encoding: 'utf16le', bomLength: 0 };
    if (even >= half * 0.3 && odd === 0) return { encoding: 'utf16be', bomLength: 0 };
  }
  return { encoding: 'utf8', bomLength: 0 };
}

/**
 * Decodes a UTF-16 or UTF-32 file strictly (BOM dropped), or returns null when it is not valid in
 * that encoding (then no automatic re-encoding is safe).
 */
export function decodeUnicode(bytes: Uint8Array, info: EncodingInfo): string | null {
  const body = bytes.subarray(info.bomLength);
  if (info.encoding === 'utf16le' || info.encoding === 'utf16be') {
    try {
      return new TextDecoder(info.encoding === 'utf16le' ? 'utf-16le' : 'utf-16be', { fatal: true, ignoreBOM: true }).decode(body);
    } catch {
      return null;
    }
  }
  if (info.encoding === 'utf32le' || info.encoding === 'utf32be') {
    if (body.length % 4 !== 0) return null;
    const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
    let out = '';
    for (let i = 0; i < body.length; i += 4) {
      const cp = view.getUint32(i, info.encoding === 'utf32le');
      if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return null;
      out += String.fromCodePoint(cp);
    }
    return out;
  }
  return null;
}

export interface InvalidUtf8Run {
  /** Byte range [start, end) of consecutive invalid sequences. */
  start: number;
  end: number;
  /** How many U+FFFD the lossy decoder puts there: one per maximal invalid subpart. */
  replacements: number;
}

/**
 * Runs of invalid UTF-8, each made of adjacent maximal invalid subparts (the unit that
 * `from_utf8_lossy` and the WHATWG decoder replace with one U+FFFD). Only the first `keep` runs are
 * returned in full (a binary file can hold millions); `total` counts them all.
 */
export function invalidUtf8Runs(bytes: Uint8Array, keep = Number.POSITIVE_INFINITY): { runs: InvalidUtf8Run[]; total: number } {
  const runs: InvalidUtf8Run[] = [];
  let total = 0;
  let current: InvalidUtf8Run | null = null;
  let lastEnd = -1;
  for (let i = 0; i < bytes.length; ) {
    if ((bytes[i] ?? 0) < 0x80) {
      i++;
      continue;
    }
    const seq = sequenceLength(bytes, i);
    if (!seq.valid) {
      if (lastEnd === i) {
        if (current) {
          current.end += seq.length;
          current.replacements++;
        }
      } else {
        total++;
        current = runs.length < keep ? { start: i, end: i + seq.length, replacements: 1 } : null;
        if (current) runs.push(current);
      }
      lastEnd = i + seq.length;
    }
    i += seq.length;
  }
  return { runs, total };
}

/** "E2 82" style hex for messages. */
export function hexBytes(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
}

// Windows-1252 differs from Latin-1 only in 0x80–0x9F (Node's decoder treats the label as Latin-1,
// so the table is spelled out; U+FFFD marks the five undefined bytes).
const CP1252_HIGH = '\u20ac\ufffd\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\ufffd\u017d\ufffd\ufffd\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\ufffd\u017e\u0178';

/**
 * What a run of bytes would read as in Windows-1252, the usual source of stray high bytes in
 * instruction files (0x92 is a curly apostrophe there), or null when that guess is not plausible.
 */
export function windows1252Guess(bytes: Uint8Array): string | null {
  if (bytes.length === 0 || bytes.length > 8) return null;
  // 0x81, 0x8D, 0x8F, 0x90 and 0x9D are undefined in Windows-1252.
  if (bytes.some((b) => b < 0x80 || b === 0x81 || b === 0x8d || b === 0x8f || b === 0x90 || b === 0x9d)) return null;
  return [...bytes].map((b) => (b < 0xa0 ? CP1252_HIGH[b - 0x80] : String.fromCharCode(b))).join('');
}
