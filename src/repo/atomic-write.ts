import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { nativeBytes, nativePath } from './raw-path.js';

/** The prefix of the private directory a write stages its new version in (tests look for leftovers). */
export const STAGING_PREFIX = '.agents-lint-write-';

/**
 * Replaces `file` with what `fill` writes to a new file, atomically: the new version is written in a
 * fresh private directory beside `file` and renamed over it, so a reader sees the old version or the
 * new one, never half of one. No name a repository could plant in advance (a symlink named like the
 * temporary file) is opened for writing: the directory is made by mkdir, which fails on an existing
 * name, and the file in it is opened with O_EXCL | O_NOFOLLOW. `file` may be a name that is not UTF-8
 * (raw-path.ts). The new version gets `mode` when given; otherwise the mode of the file it replaces,
 * or, for a new file, what the umask leaves of 0666 (as writeFileSync would). The staging directory
 * is removed whatever happens; errors are thrown.
 */
export function writeAtomically(file: string, fill: (fd: number) => void, mode?: number): void {
  const keep = mode ?? existingMode(file);
  const staging = privateDir(nativeBytes(path.dirname(file)));
  try {
    const temp = Buffer.concat([staging, Buffer.from(path.sep), nativeBytes(path.basename(file))]);
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), keep ?? 0o666);
    try {
      fill(fd);
      // openSync's mode passes through the umask: a mode asked for or kept is set as it is.
      if (keep !== undefined) fs.fchmodSync(fd, keep);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, nativePath(file));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** The permission bits of the regular file at `file`, or undefined (none there, or a symlink: it is replaced, not followed). */
function existingMode(file: string): number | undefined {
  try {
    const stat = fs.lstatSync(nativePath(file));
    return stat.isFile() ? stat.mode & 0o7777 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A new directory only this process can use, in `parent` (bytes: the name may not be UTF-8). mkdir
 * creates it or fails, so a name planted in advance is never written through: mkdtemp's guarantee,
 * which node:fs gives for string paths only.
 */
function privateDir(parent: Buffer): Buffer {
  for (let attempt = 0; ; attempt++) {
    const dir = Buffer.concat([parent, Buffer.from(`${path.sep}${STAGING_PREFIX}${randomBytes(6).toString('hex')}`)]);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || attempt >= 9) throw error;
    }
  }
}
