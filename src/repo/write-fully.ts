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
