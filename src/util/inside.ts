import * as path from 'node:path';

const SEP = path.sep.charCodeAt(0);

/** Whether absolute path `p` is `dir` or lies below it (both normalised, no trailing separator but a root's). */
export function isInside(p: string, dir: string): boolean {
  // p.startsWith(dir + sep) without building that string (asked per approval check per cwd).
  return p === dir || (p.startsWith(dir) && (dir.charCodeAt(dir.length - 1) === SEP || p.charCodeAt(dir.length) === SEP));
}
