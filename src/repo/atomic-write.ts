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
 * (raw-path.ts). The staging directory is removed whatever happens; errors are thrown.
 */
export function writeAtomically(file: string, fill: (fd: number) => void, mode = 0o644): void {
  const staging = privateDir(nativeBytes(path.dirname(file)));
  try {
    const temp = Buffer.concat([staging, Buffer.from(path.sep), nativeBytes(path.basename(file))]);
    const fd = fs.openSync(temp, fs.constants.O_WRONLY | fs.constants.O_CREAT | fs.constants.O_EXCL | (fs.constants.O_NOFOLLOW ?? 0), mode);
    try {
      fill(fd);
      // openSync's mode passes through the umask: the new version keeps the mode asked for.
      fs.fchmodSync(fd, mode);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temp, nativePath(file));
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
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
