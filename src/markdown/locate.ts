import type { Position } from '../util/diagnostic.js';
import { lastAtMost } from '../util/bisect.js';

/** Offset of each line's first character; lines end at LF, CRLF or a lone CR, as in CommonMark. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (text.indexOf('\r') < 0) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/**
 * Maps offsets in a file's decoded text (UTF-16 units) and in its raw bytes to 1-based
 * line/column positions. Lines end at LF, CRLF or a lone CR, as in CommonMark.
 */
export class Locator {
  readonly #text: string;
  readonly #bytes: Uint8Array;
  #lineStarts: number[] | undefined;
  #byteToText: Int32Array | undefined;

  constructor(text: string, bytes: Uint8Array) {
    this.#text = text;
    this.#bytes = bytes;
  }

  get lineCount(): number {
    return this.lineStarts().length;
  }

  private lineStarts(): number[] {
    this.#lineStarts ??= lineStarts(this.#text);
    return this.#lineStarts;
  }

  /** Text offset → position. Offsets past the end clamp to the end. */
  position(offset: number): Position {
    const starts = this.lineStarts();
    const clamped = Math.max(0, Math.min(offset, this.#text.length));
    const line = lastAtMost(starts, clamped);
    return { line: line + 1, column: clamped - (starts[line] ?? 0) + 1 };
  }

  /** Position → text offset. */
  offset(position: Position): number {
    const starts = this.lineStarts();
    const start = starts[Math.max(0, Math.min(position.line - 1, starts.length - 1))] ?? 0;
    return Math.min(this.#text.length, start + position.column - 1);
  }

  /**
   * Raw byte offset → text offset, following the lossy decoder: a byte inside an invalid sequence or
   * inside a multi-byte character maps to the start of the character (or U+FFFD) that holds it.
   */
  textOffsetOfByte(byteOffset: number): number {
    const table = this.byteTable();
    const clamped = Math.max(0, Math.min(byteOffset, this.#bytes.length));
    return table[clamped] ?? this.#text.length;
  }

  bytePosition(byteOffset: number): Position {
    return this.position(this.textOffsetOfByte(byteOffset));
  }

  private byteTable(): Int32Array {
    if (this.#byteToText) return this.#byteToText;
    const bytes = this.#bytes;
    const table = new Int32Array(bytes.length + 1);
    // Walk the bytes with the same maximal-subpart rule as the WHATWG decoder, so each character
    // (or replacement character) in the text accounts for a known run of bytes.
    let i = 0;
    let t = 0;
    while (i < bytes.length) {
      const len = sequenceLength(bytes, i);
      const units = len.valid && len.length === 4 ? 2 : 1;
      for (let k = 0; k < len.length; k++) table[i + k] = t;
      i += len.length;
      t += units;
    }
    table[bytes.length] = t;
    this.#byteToText = table;
    return table;
  }
}

/** Length of the UTF-8 sequence (or maximal invalid subpart) starting at `i`. */
export function sequenceLength(bytes: Uint8Array, i: number): { length: number; valid: boolean } {
  const b0 = bytes[i] ?? 0;
  if (b0 < 0x80) return { length: 1, valid: true };
  let need: number;
  let lower = 0x80;
  let upper = 0xbf;
  if (b0 >= 0xc2 && b0 <= 0xdf) need = 1;
  else if (b0 >= 0xe0 && b0 <= 0xef) {
    need = 2;
    if (b0 === 0xe0) lower = 0xa0;
    if (b0 === 0xed) upper = 0x9f;
  } else if (b0 >= 0xf0 && b0 <= 0xf4) {
    need = 3;
    if (b0 === 0xf0) lower = 0x90;
    if (b0 === 0xf4) upper = 0x8f;
  } else return { length: 1, valid: false };
  let k = 1;
  while (k <= need) {
    const b = bytes[i + k];
    if (b === undefined || b < lower || b > upper) return { length: k, valid: false };
    lower = 0x80;
    upper = 0xbf;
    k++;
  }
  return { length: need + 1, valid: true };
}
