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
