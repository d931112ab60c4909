import * as fs from 'node:fs';

/** Writes all of `data` to `fd` (writeSync may write less than it was given). */
export function writeFully(fd: number, data: string | Uint8Array): void {
  const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data;
  for (let done = 0; done < bytes.length; ) done += fs.writeSync(fd, bytes, done, bytes.length - done);
}
