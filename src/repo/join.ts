import * as path from 'node:path';

/** A relative name path.join would normalise: empty, `.`/`..` segments, doubled or trailing slashes, backslashes. */
const UNCLEAN_NAME = /^$|^\/|\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)|\\/;

/**
 * path.join for the hot paths of discovery (a probe per candidate name per directory per cwd, tens of
 * thousands on a monorepo): an absolute, already-normal directory and a clean relative name join
 * by concatenation, which is exactly what path.join returns for them; anything else goes to path.join.
 */
export function joinPath(dir: string, name: string): string {
  if (isCleanRelative(name) && joinsByConcatenation(dir)) return dir === '/' ? `/${name}` : `${dir}/${name}`;
  return path.join(dir, name);
}

/** Whether path.join(dir, name) is `dir`, a slash and `name` for every clean `name` (see joinPath): a POSIX directory that is absolute and normal. */
export function joinsByConcatenation(dir: string): boolean {
  return path.sep === '/' && dir.charCodeAt(0) === 47 && isNormalAbsolute(dir);
}

/** Whether path.join(dir, name) would keep `name` as it is (not empty, no `.`/`..` segments, no doubled, leading or trailing slash, no backslash). */
export function isCleanRelative(name: string): boolean {
  return !UNCLEAN_NAME.test(name);
}

/**
 * What path.posix.normalize changes in a path starting with `/`, or a trailing slash: a doubled
 * slash, a `.` or `..` segment, a slash at the end. normalize rebuilds such a path from its segments,
 * dropping empty and `.` ones and resolving `..`, so it returns the path unchanged exactly when none
 * of these occurs (test/repo/join.test.ts checks this against path.posix.normalize).
 */
const NOT_NORMAL_ABSOLUTE = /\/\/|\/\.\.?(?:\/|$)|\/$/;

const normal = new Map<string, boolean>();

/**
 * Whether path.normalize leaves `dir` (which starts with `/`, on POSIX) unchanged and it has no
 * trailing slash, memoised: directories repeat. One regular expression, not path.normalize: that one
 * walks the path character by character in code this cold, once for each of thousands of cwds.
 */
export function isNormalAbsolute(dir: string): boolean {
  let ok = normal.get(dir);
  if (ok === undefined) {
    ok = dir === '/' || !NOT_NORMAL_ABSOLUTE.test(dir);
    if (normal.size > 100_000) normal.clear();
    normal.set(dir, ok);
  }
  return ok;
}

/**
 * path.posix.dirname by one cut at the last `/` when that is all dirname does (the slash has a
 * non-slash on both sides; none at all gives '.'), else path.posix.dirname itself: that one scans
 * character by character, which cost milliseconds over a listing of tens of thousands of files.
 */
export function posixDirname(p: string): string {
  const cut = p.lastIndexOf('/');
  if (cut > 0 && cut < p.length - 1 && p.charCodeAt(cut - 1) !== 47) return p.slice(0, cut);
  if (cut < 0 && p.length > 0) return '.';
  return path.posix.dirname(p);
}

/** path.posix.basename, by a cut at the last `/` unless the path ends with one (or is empty). */
export function posixBasename(p: string): string {
  const cut = p.lastIndexOf('/');
  if (cut < p.length - 1) return cut < 0 ? p : p.slice(cut + 1);
  return path.posix.basename(p);
}

/**
 * path.posix.relative(from, to) for clean repo-relative paths (no empty, `.` or `..` segments, no
 * leading or trailing `/`; `.` or '' for the root): by segments, without path.posix.relative's
 * resolving both against the process's working directory first.
 */
export function relativeRepoPath(from: string, to: string): string {
  const a = from === '.' || from === '' ? [] : from.split('/');
  const b = to === '.' || to === '' ? [] : to.split('/');
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up = a.length - common;
  const rest = b.slice(common).join('/');
  return up === 0 ? rest : rest === '' ? Array(up).fill('..').join('/') : `${'../'.repeat(up)}${rest}`;
}
