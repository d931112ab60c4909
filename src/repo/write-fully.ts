import * as fs from 'node:fs';

/**
 * Writes all of `data` to `fd` (writeSync may write less than it was given). A string is written
 * as it is, without first being copied into a Buffer; only a tail left unwritten is encoded.
 */
export function writeFully(fd: number, data: string | Uint8Array): void {
  let bytes: Uint8Array;
  if (typeof data === 'string') {
    const written = fs.writeSync(fd, data);
    if (written >= Buffer.byteLength(data)) return;
    bytes = Buffer.from(data, 'utf8').subarray(written);
  } else bytes = data;
  for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
}

/** Text gathered before one write: a report's pieces are a file's messages each, often a few hundred bytes. */
const BATCH_CHARS = 1 << 16;

/**
 * `pieces` in order, consecutive strings joined into pieces of at least BATCH_CHARS characters (the
 * last may be shorter), bytes passed through: one write per piece would cost a 500-file report 500
 * system calls where a dozen do.
 */
export function* batched(pieces: Iterable<string | Uint8Array>): Generator<string | Uint8Array> {
  let pending = '';
  for (const piece of pieces) {
    if (typeof piece !== 'string') {
      if (pending !== '') yield pending;
      pending = '';
      yield piece;
      continue;
    }
    pending += piece;
    if (pending.length >= BATCH_CHARS) {
      yield pending;
      pending = '';
    }
  }
  if (pending !== '') yield pending;
}

/** Bytes writePieces gathers before one write. */
const WRITE_BUFFER_BYTES = 1 << 16;

/**
 * Writes report pieces to a file descriptor through one buffer, encoded into it piece by piece: what
 * batched() gives writeSync is a rope of pieces that V8 first copies into one flat string, and Node
 * then encodes each 64 KiB batch into a new 192 KiB allocation (large enough to be mapped afresh,
 * every page a fault): a 600 KB report touched some 650 new pages that way, this buffer 16. A piece
 * that does not fit an empty buffer is written on its own. Only for a descriptor written
 * synchronously: the buffer is used again at once.
 */
export function writePieces(fd: number, pieces: Iterable<string | Uint8Array>): void {
  const buffer = Buffer.allocUnsafe(WRITE_BUFFER_BYTES);
  let used = 0;
  const flush = () => {
    if (used > 0) writeFully(fd, buffer.subarray(0, used));
    used = 0;
  };
  for (const piece of pieces) {
    // A string's UTF-8 takes at most 3 bytes per UTF-16 unit: the bound is checked without encoding,
    // and only a piece it does not clear is measured (so a long ASCII piece still goes through the buffer).
    const bound = typeof piece === 'string' ? piece.length * 3 : piece.length;
    if (used + bound > buffer.length) {
      const size = typeof piece === 'string' ? Buffer.byteLength(piece, 'utf8') : piece.length;
      if (used + size > buffer.length) flush();
      if (size > buffer.length) {
        writeFully(fd, piece);
        continue;
      }
    }
    if (typeof piece === 'string') used += buffer.write(piece, used, 'utf8');
    else {
      buffer.set(piece, used);
      used += piece.length;
    }
  }
  flush();
}
