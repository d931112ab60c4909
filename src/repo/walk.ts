import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { FileSystem } from './vfs.js';
import { gitFailure, gitListText, splitListing } from './git-listing.js';
import { listingText } from './listing-text.js';
import { isAscending, isSorted } from '../util/bisect.js';

export interface FileListing {
  /** Repository-relative POSIX paths of files (tracked plus untracked-not-ignored), sorted. */
  files: string[];
  /** How the list was made, for --debug and explain. */
  source: 'git' | 'walk';
  /** Problems met while listing (unreadable directories, a broken git), as located notes. */
  problems: { path: string; message: string }[];
  /**
   * `files` as one string, each path followed by NUL, when the lister had it at hand (git's own
   * output, when the files are exactly its paths): the index searches it natively instead of
   * looping over the paths.
   */
  text?: string;
  /** Whether `files` is strictly ascending (sorted, no path twice), when the lister knows. */
  ascending?: boolean;
  /** Why a work tree was walked although it has `.git` (git failed), for a warning. */
  gitFailure?: string;
}

/** Directories never entered: dependency trees and VCS metadata. */
const SKIP_DIRS = new Set(['node_modules', '.git', '.hg', '.svn']);

/**
 * Lists the repository's files: `git ls-files` when the root is a work tree (fast and exactly the
 * user's ignore rules), else a walk that honours `.gitignore` files. `gitListing`: git's output for
 * the root, when the caller has it.
 */
export function listFiles(fs: FileSystem, root: string, useGit = true, gitListing?: string): FileListing {
  if (useGit && gitListing !== undefined) return walkNested(fs, root, gitListing);
  if (useGit && fs.probe(path.join(root, '.git')).kind !== 'missing') {
    const listed = gitListText(root);
    if (listed !== null) return walkNested(fs, root, listed);
    return { ...walk(fs, root), gitFailure: gitFailure() ?? 'git ls-files failed' };
  }
  return walk(fs, root);
}

/**
 * git lists a nested repository (untracked, "inner/") or a submodule (a gitlink) as one entry; their
 * files matter too, since a nested root marker changes what Codex loads below it.
 */
function walkNested(fs: FileSystem, root: string, text: string): FileListing {
  const listed = splitListing(text);
  const submodules = submodulePaths(fs, root);
  if (submodules.size === 0 && !text.includes('/\0')) return withoutNested(listed, text);
  const files: string[] = [];
  const problems: FileListing['problems'] = [];
  let previous = '';
  // An indexed loop: it runs once per run over every listed file, mostly in V8's interpreter, where for-of costs more.
  for (let i = 0; i < listed.length; i++) {
    const entry = listed[i]!;
    if (entry === previous) continue; // --cached lists a conflicted file once per stage
    previous = entry;
    // Only the entries that may be directories are probed: probing all would cost a stat per file.
    const nested = entry.endsWith('/') ? entry.slice(0, -1) : submodules.has(entry) ? entry : null;
    if (nested === null) {
      files.push(entry);
      continue;
    }
    const probe = fs.probe(path.join(root, nested));
    // A path .gitmodules names that is not a directory here is no submodule: git lists it as the
    // file (or symlink) it is, and so does this listing (`path = AGENTS.md` must not hide AGENTS.md).
    if (probe.kind !== 'dir' || probe.symlink) {
      if (!entry.endsWith('/') && probe.kind !== 'missing') files.push(entry);
      continue;
    }
    const inner = walk(fs, path.join(root, nested));
    for (const f of inner.files) files.push(`${nested}/${f}`);
    for (const p of inner.problems) problems.push({ path: `${nested}/${p.path}`, message: p.message });
  }
  // git prints byte order, JavaScript's order unless a path mixes surrogate pairs with characters
  // above U+E000: a sort of an ordered list is a no-op that still calls the comparator per file.
  if (!isAscending(files)) {
    if (!isSorted(files)) files.sort();
    // A file both of git's listings saw (staged between them): once.
    dropRepeats(files);
  }
  return { files, source: 'git', problems };
}

/**
 * The listing when nothing in it is nested (no entry ends with `/`, no submodule): git's paths,
 * each once (`--cached` lists a conflicted file once per stage, in a row), sorted. Usually they come
 * sorted, and are the result as they are; `--others` prints untracked files first, and then a
 * sorted copy is the result unless a path came twice. Each check is one comparison per path, and
 * the sort compares natively (no comparator), instead of a copy of the list in a loop.
 */
function withoutNested(listed: string[], text: string): FileListing {
  if (isAscending(listed)) {
    // The text is the paths with a NUL after each when git printed no empty entry.
    const asPrinted = text.endsWith('\0') && text.charCodeAt(0) !== 0 && !text.includes('\0\0');
    return { files: listed, source: 'git', problems: [], ascending: true, text: asPrinted ? text : listingText(listed) };
  }
  // Strictly ascending once sorted: no path came twice, so none was a repeat to drop.
  listed.sort();
  if (isAscending(listed)) return { files: listed, source: 'git', problems: [], ascending: true, text: listingText(listed) };
  // A path came twice: a conflicted file once per stage, or a file git's two listings both saw
  // (staged between them; see git-listing.ts).
  dropRepeats(listed);
  return { files: listed, source: 'git', problems: [], text: listingText(listed) };
}

/** Drops, in place, each entry of a sorted list that equals the one before it. */
function dropRepeats(sorted: string[]): void {
  let kept = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i]!;
  sorted.length = kept;
}

/** Submodule paths from .gitmodules: git lists each as one entry (a gitlink), not its files. */
function submodulePaths(fs: FileSystem, root: string): Set<string> {
  const paths = new Set<string>();
  try {
    const text = Buffer.from(fs.read(path.join(root, '.gitmodules'))).toString('utf8');
    for (const match of text.matchAll(/^\s*path\s*=\s*(.+?)\s*$/gm)) if (match[1]) paths.add(match[1]);
  } catch {
    // no .gitmodules: no submodules
  }
  return paths;
}

export function walk(fs: FileSystem, root: string): FileListing {
  const files: string[] = [];
  const problems: FileListing['problems'] = [];
  const visit = (rel: string, rules: { base: string; ig: Ignore }[]) => {
    const abs = rel ? path.join(root, rel) : root;
    let entries;
    try {
      entries = fs.list(abs);
    } catch (error) {
      problems.push({ path: rel || '.', message: `cannot list directory: ${(error as { code?: string }).code ?? 'error'}` });
      return;
    }
    const own = entries.find((e) => e.name === '.gitignore' && e.kind === 'file');
    let active = rules;
    if (own) {
      try {
        const text = Buffer.from(fs.read(path.join(abs, '.gitignore'))).toString('utf8');
        active = [...rules, { base: rel, ig: ignore().add(text) }];
      } catch {
        problems.push({ path: rel ? `${rel}/.gitignore` : '.gitignore', message: 'cannot read .gitignore' });
      }
    }
    const ignored = (childRel: string, isDir: boolean) =>
      active.some(({ base, ig }) => {
        const local = base ? childRel.slice(base.length + 1) : childRel;
        return ig.ignores(isDir ? `${local}/` : local);
      });
    for (const entry of entries) {
      const childRel = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.kind === 'dir') {
        if (SKIP_DIRS.has(entry.name) || ignored(childRel, true)) continue;
        visit(childRel, active);
      } else if (entry.kind === 'special') {
        // FIFOs, sockets and devices hold no instructions and are never opened (git skips them too).
        continue;
      } else if (!ignored(childRel, false)) {
        // Symlinks are listed, never entered: git does the same, and it rules out loops.
        files.push(childRel);
      }
    }
  };
  visit('', []);
  files.sort();
  return { files, source: 'walk', problems };
}

/**
 * Byte-wise path order, the same on every platform and locale (determinism of output). It is the
 * order of Array.prototype.sort without a comparator (code units, `<`), which the listers use:
 * that sort compares natively instead of calling back per comparison.
 */
export function comparePaths(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
