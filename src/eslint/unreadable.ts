import * as fs from 'node:fs';

/**
 * Whether ESLint would fail to read a file: it reads every file a config applies to itself, before
 * any rule runs, and an error there (a symlink loop, a dangling link, no read permission) stops the
 * whole `eslint .` run. configs.recommended ignores such a file (an `ignores` function, evaluated
 * only for the instruction files its `files` match), so ESLint lints the others; the CLI reports
 * it (no-unreadable-instructions). A path that does not exist at all is not ignored: that is an
 * editor's new buffer, never saved, which ESLint lints from its text (lintText).
 */
export function unreadable(file: string): boolean {
  try {
    fs.accessSync(file, fs.constants.R_OK);
    return false;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') return true;
  }
  // ENOENT: a link whose target is missing (unreadable), or nothing at all (a new buffer).
  try {
    fs.lstatSync(file);
    return true;
  } catch {
    return false;
  }
}
