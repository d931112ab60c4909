import * as path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { firstAtLeast } from '../../util/bisect.js';
import { posixDirname } from '../../repo/join.js';

// What resolving paths needs to know about a repository (listings, .gitignore files, package names), built on first use.

export interface RepoFacts {
  repo: RepoIndex;
  ignored(rel: string, dir: boolean): boolean;
  /** ignored(rel, false) for a clean path with its directory and name cut out ('' for none). */
  ignoredFile(rel: string, parent: string, leaf: string): boolean;
  /** Whether a .gitignore names a directory or file called `name` (a literal last segment, as in `build`, `/build/` or `clients/` + `**` + `/build`). */
  ignoresName(name: string): boolean;
  /** Whether some package.json names this package or depends on it. */
  dependencies(name: string): boolean;
  /** A directory's entries: its files in repo.files order, then its directories in repo.dirs order. */
  entriesOf(dir: string): readonly string[];
  /** repo.dirs as an array, in the same order (made once: references search it often). */
  dirs(): readonly string[];
  /** The directories whose last segment is `base`, in repo.dirs order. */
  dirsNamed(base: string): readonly string[];
  /** repo.filesNamed(base) under the directory `scope` (not ''), in code-unit order. */
  filesNamedUnder(base: string, scope: string): string[];
  /** For the directory of a missing path: its package directory, its deepest existing ancestor, and suggestPath's answers by name. */
  placeOf(dir: string): Place;
  /** Whether `parent/leaf` (`leaf` for parent '') is a listed file or directory. */
  listedIn(parent: string, leaf: string): boolean;
  /** What the paths of one file share: its directory, and whether each first segment exists at the root and from there. */
  fileContext(file: string): FileContext;
  /** candidatesByName's answers, by `dir` flag and directory. */
  candidates: Map<string, Candidates>;
  /** Candidate picks by name, shared by directories holding the same names (every package's `src/`). */
  picks: Map<string, Picks>;
}

/** What the paths of one file share, kept while its references are resolved one after another. */
interface FileContext {
  file: string;
  dir: string;
  /** By first segment: whether it exists at the root and from the file's directory. */
  firsts: Map<string, { atRoot: boolean; atFile: boolean }>;
  /** By the directory part of a path (`src`): that directory below the file's (one string, hashed once). */
  below: Map<string, string>;
  /** The directory is '' or a clean relative path (see UNCLEAN_REL). */
  cleanDir: boolean;
}

export interface Place {
  scope: string;
  ancestor: string;
  /** suggestPath's answers for files and directories of this name missing here. */
  files: Map<string, string | null>;
  dirs: Map<string, string | null>;
}

/** The entries a missing path is compared with, first of each name, and the names picked from them. */
export interface Candidates {
  byName: Map<string, string>;
  picks: Picks;
}

/** The name picked for each missing name, and the names with an extension by stem, in order. */
interface Picks {
  byBase: Map<string, string | undefined>;
  byStem: Map<string, string[]>;
}

const factsCache = new WeakMap<RepoIndex, RepoFacts>();
/** Directories whose answers are kept at once (see placeOf). */
const MAX_PLACES = 2048;

/**
 * What resolution needs to know about a repository, each part built on first use: a lint-staged run
 * resolving one file's paths must not pay for indexes only a full run's thousands of references use.
 */
export function facts(repo: RepoIndex): RepoFacts {
  let cached = factsCache.get(repo);
  if (cached) return cached;
  const { ignored, ignoredFile, ignoresName } = gitignoreFacts(repo);
  let entries: Map<string, string[]> | undefined;
  // A listing in code-unit order (`git ls-files` prints one) holds the files below a directory as
  // one run, found by bisection: a lint-staged run lists the one or two directories its suggestions
  // need without a pass over the whole listing. Otherwise every directory is indexed in one pass.
  let sorted: boolean | undefined;
  const listed = new Map<string, string[] | null>();
  const entriesOf = (d: string): readonly string[] => {
    if (entries) return entries.get(d) ?? [];
    let list = listed.get(d);
    if (list === undefined) {
      sorted ??= repo.ascending;
      list = sorted && !UNCLEAN_REL.test(d) ? entriesByBisection(repo.files, d) : null;
      listed.set(d, list);
    }
    return list ?? dirEntries().get(d) ?? [];
  };
  const dirEntries = () => {
    if (entries) return entries;
    const map = new Map<string, string[]>();
    // Listings come sorted, so the entries of a directory mostly come in runs: the last parent's
    // list is reused without cutting the parent out of every path and hashing it again.
    let lastParent: string | null = null;
    let lastList: string[] = [];
    const add = (p: string) => {
      const cut = p.lastIndexOf('/');
      if (lastParent !== null && cut === lastParent.length && cut > 0 && p.length > cut + 1 && p.charCodeAt(cut - 1) !== 47 && p.startsWith(lastParent)) {
        lastList.push(p);
        return;
      }
      const parent = dirOf(p);
      let list = map.get(parent);
      if (!list) map.set(parent, (list = []));
      list.push(p);
      lastParent = parent;
      lastList = list;
    };
    for (const f of repo.files) add(f);
    lastParent = null;
    for (const d of repo.dirs) if (d !== '') add(d);
    return (entries = map);
  };
  let dirList: string[] | undefined;
  let dirsByName: Map<string, string[]> | undefined;
  const dirsNamed = (base: string): readonly string[] => {
    if (!dirsByName) {
      dirsByName = new Map();
      for (const d of repo.dirs) {
        const name = d.slice(d.lastIndexOf('/') + 1);
        const list = dirsByName.get(name);
        if (list) list.push(d);
        else dirsByName.set(name, [d]);
      }
    }
    return dirsByName.get(base) ?? [];
  };
  const sortedByBase = new Map<string, string[]>();
  const filesNamedUnder = (base: string, scope: string) => {
    const below = repo.namedBelow(base, scope);
    if (below !== null) return below;
    // None anywhere: nothing below the scope either, and nothing to keep.
    const named = repo.filesNamed(base);
    if (named.length === 0) return [];
    let sorted = sortedByBase.get(base);
    if (!sorted) sortedByBase.set(base, (sorted = [...named].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
    // The files under `scope/` are one run of the sorted list: find its start by bisection.
    const prefix = `${scope}/`;
    const out: string[] = [];
    for (let i = firstAtLeast(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  };
  // Every path missing from a directory shares its package and its deepest existing ancestor.
  const places = new Map<string, Place>();
  const placeOf = (dir: string) => {
    let place = places.get(dir);
    if (!place) {
      // Answers per directory are memos: most directories are asked about by one file only, so a
      // repository of 10,000 packages would keep tens of thousands of them for the whole run.
      if (places.size >= MAX_PLACES) places.clear();
      let scope = dir;
      while (scope !== '' && !repo.has(`${scope}/package.json`)) scope = dirOf(scope);
      let ancestor = dir;
      while (ancestor !== '' && !repo.isDir(ancestor)) ancestor = dirOf(ancestor);
      places.set(dir, (place = { scope, ancestor, files: new Map(), dirs: new Map() }));
    }
    return place;
  };
  let current: FileContext | undefined;
  // Listed files and directories by directory and name. An entry is `dir/name` (or `name`) split at
  // its last `/`; one starting with its only `/` would read back as another path, and is left out.
  let names: Map<string, Set<string>> | undefined;
  let asked = 0;
  const listedIn = (parent: string, leaf: string): boolean => {
    // A lint-staged run asks a few dozen times: the joined path, looked up directly, gives the same
    // answer (an entry's name has no `/`, and '' is no listed directory) without a pass over the listing.
    if (!names && ++asked <= NAME_INDEX_AFTER) {
      if (leaf.includes('/')) return false;
      const rel = parent === '' ? leaf : `${parent}/${leaf}`;
      return repo.has(rel) || (rel !== '' && repo.isDir(rel));
    }
    if (!names) {
      names = new Map();
      const add = (p: string) => {
        const cut = p.lastIndexOf('/');
        if (cut === 0) return;
        const dir = cut < 0 ? '' : p.slice(0, cut);
        const set = names!.get(dir);
        if (set) set.add(cut < 0 ? p : p.slice(cut + 1));
        else names!.set(dir, new Set([cut < 0 ? p : p.slice(cut + 1)]));
      };
      for (const p of repo.files) add(p);
      for (const d of repo.dirs) if (d !== '') add(d);
    }
    return names.get(parent)?.has(leaf) ?? false;
  };
  cached = {
    repo,
    ignored,
    ignoredFile,
    ignoresName,
    dependencies: dependencyNames(repo),
    entriesOf,
    dirs: () => (dirList ??= [...repo.dirs]),
    dirsNamed,
    filesNamedUnder,
    placeOf,
    listedIn,
    // The references of a file are resolved one after another: the last file's context is kept.
    fileContext: (file) => {
      if (current?.file === file) return current;
      const dir = dirOf(file);
      return (current = { file, dir, firsts: new Map(), below: new Map(), cleanDir: dir === '' || !UNCLEAN_REL.test(dir) });
    },
    candidates: new Map(),
    picks: new Map(),
  };
  factsCache.set(repo, cached);
  return cached;
}

/** listedIn questions answered by lookups of the joined path before the index of names is built. */
const NAME_INDEX_AFTER = 2000;

/**
 * The entries of directory `d` (clean, or '' for the root) from a listing in ascending order: the files
 * right below it in listing order, then its subdirectories in the order their first file comes
 * (the order repo.dirs adds them in). Null when a path below `d` is not clean: dirOf and repo.dirs
 * then decide what is whose entry, and the index is built instead.
 */
function entriesByBisection(files: readonly string[], d: string): string[] | null {
  const prefix = d === '' ? '' : `${d}/`;
  const own: string[] = [];
  const below: string[] = [];
  for (let i = firstAtLeast(files, prefix); i < files.length && files[i]!.startsWith(prefix); i++) {
    const p = files[i]!;
    if (UNCLEAN_REL.test(p)) return null;
    const slash = p.indexOf('/', prefix.length);
    if (slash < 0) own.push(p);
    else {
      const sub = p.slice(0, slash);
      if (below[below.length - 1] !== sub) below.push(sub);
    }
  }
  return [...own, ...below];
}

/** A .gitignore below `prefix` ('' or `dir/`), and each last segment's answer when every pattern is about one segment. */
interface GitignoreMatcher {
  prefix: string;
  ig: Ignore;
  /** By last segment: [its answer as a file, as a directory], each found when first asked. */
  bySegment: Map<string, [boolean | undefined, boolean | undefined]> | null;
}

/**
 * Whether every pattern of a .gitignore is about a single path segment: no `/` but a trailing one
 * (`node_modules/`, `*.log`, `!keep.log`, `.env`), nothing escaped. gitignore(5): "If there is a
 * separator at the beginning or middle (or both) of the pattern, then the pattern is relative to the
 * directory level of the particular .gitignore file itself. Otherwise the pattern may also match at
 * any level below the .gitignore level." A wildcard or a class never matches `/`, so such a pattern
 * decides a path by its last segment alone (the `ignore` package matches such rules against the
 * basename for the same reason).
 */
function segmentPatternsOnly(text: string): boolean {
  return text.split(/\r?\n/).every((line) => line === '' || line.startsWith('#') || /^!?[^/\\\s]+\/?$/.test(line));
}

/** A relative path `ignore` takes as it is: no empty, `.` or `..` segment, no leading or trailing `/`. */
export const UNCLEAN_REL = /^\/|\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)/;

/**
 * `ignored(rel, dir)`: a path is ignored when a .gitignore at or above it matches it or a directory
 * above it (`dist/` covers `dist/index.js`), or when it lies in node_modules/ or .git/. Directories are
 * decided once each; a path below directories that are not ignored is decided by its last segment
 * for every .gitignore whose patterns are all about one segment (the usual `node_modules/`, `dist/`,
 * `*.log`), so tens of thousands of distinct missing paths cost a lookup each.
 */
function gitignoreFacts(repo: RepoIndex): Pick<RepoFacts, 'ignored' | 'ignoredFile' | 'ignoresName'> {
  let matchers: GitignoreMatcher[] | undefined;
  let names: Set<string> | undefined;
  const load = () => {
    matchers = [];
    names = new Set();
    for (const file of repo.filesNamed('.gitignore')) {
      const text = repo.text(file);
      if (text === null) continue;
      for (const name of literalNames(text)) names.add(name);
      try {
        const base = dirOf(file);
        matchers.push({ prefix: base ? `${base}/` : '', ig: ignore().add(text), bySegment: segmentPatternsOnly(text) ? new Map() : null });
      } catch {
        // An unparsable .gitignore ignores nothing here, as git would skip its bad lines.
      }
    }
    return matchers;
  };
  const ignores = (ig: Ignore, local: string) => {
    try {
      return ig.ignores(local);
    } catch {
      return false;
    }
  };
  // What the .gitignore files say of `rel` itself, its directories being known not to be ignored:
  // as written, and for a file also as a directory (`dist` in `dist/` is either).
  const leafIgnored = (rel: string, leaf: string, dir: boolean, clean: boolean) => {
    for (const m of matchers ?? load()) {
      if (!rel.startsWith(m.prefix) || rel.length === m.prefix.length) continue;
      if (m.bySegment !== null && clean) {
        // `ignore` decides `a/b/leaf` by its ancestors first, and they are not ignored (see `ignored`).
        let known = m.bySegment.get(leaf);
        if (!known) m.bySegment.set(leaf, (known = [undefined, undefined]));
        if (!dir && (known[0] ??= ignores(m.ig, leaf))) return true;
        if ((known[1] ??= ignores(m.ig, `${leaf}/`))) return true;
        continue;
      }
      const local = rel.slice(m.prefix.length);
      if ((!dir && ignores(m.ig, local)) || ignores(m.ig, `${local}/`)) return true;
    }
    return false;
  };
  // Directories, asked about again by every path below them, are decided once each.
  const dirMemo = new Map<string, boolean>();
  const ignored = (rel: string, dir: boolean, clean = !UNCLEAN_REL.test(rel)): boolean => {
    if (dir) {
      const known = dirMemo.get(rel);
      if (known !== undefined) return known;
    }
    const cut = rel.lastIndexOf('/');
    const leaf = rel.slice(cut + 1);
    // The parent's answer covers every directory above.
    const answer = leaf === 'node_modules' || leaf === '.git' || (cut >= 0 && ignored(rel.slice(0, cut), true, clean)) || leafIgnored(rel, leaf, dir, clean);
    if (dir) dirMemo.set(rel, answer);
    return answer;
  };
  return {
    ignored: (rel, dir) => ignored(rel, dir),
    ignoresName: (name) => {
      if (!names) load();
      return names!.has(name);
    },
    // A clean file path already cut into its directory and name (by the caller, once for every question).
    ignoredFile: (rel, parent, leaf) => leaf === 'node_modules' || leaf === '.git' || (parent !== '' && ignored(parent, true, true)) || leafIgnored(rel, leaf, false, true),
  };
}

/** The literal last segments of a .gitignore's patterns that ignore (`build`, `/out/`, a `build` below a `**`; not `*.log` nor `!keep`). */
function literalNames(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#') || line.startsWith('!') || line.startsWith('\\')) continue;
    const name = line.replace(/\/+$/, '').slice(line.replace(/\/+$/, '').lastIndexOf('/') + 1);
    if (name !== '' && !/[*?[\]]/.test(name)) out.push(name);
  }
  return out;
}

/**
 * Names that validate-npm-package-name rejects even for old packages (errors, not warnings): empty,
 * a leading `.` or `_`, surrounding spaces, `node_modules`/`favicon.ico`, characters a URL would
 * escape (outside a scope). No registry serves and no package manager installs such a name, so it is
 * no dependency, whatever a manifest says. https://github.com/npm/validate-npm-package-name/blob/main/lib/index.js
 */
function cannotBeNpmName(name: string): boolean {
  if (name === '' || name.startsWith('.') || name.startsWith('_') || name.trim() !== name) return true;
  if (name.toLowerCase() === 'node_modules' || name.toLowerCase() === 'favicon.ico') return true;
  return encodeURIComponent(name) !== name && !name.startsWith('@');
}

/**
 * `dependencies(name)`: whether one of the first 2,000 package.json files names this package or
 * depends on it. Manifests are parsed only as far as a question needs, the root manifest first, and
 * a name npm cannot install reads none, so a repository whose paths all resolve never pays for them.
 * A manifest read here is not one no-invalid-manifest reports (see RepoIndex.scanJson).
 */
function dependencyNames(repo: RepoIndex): (name: string) => boolean {
  const known = new Set<string>();
  let manifests: string[] | undefined;
  let next = 0;
  return (name) => {
    if (cannotBeNpmName(name)) return false;
    if (!manifests) {
      const all = repo.filesNamed('package.json').slice(0, 2000);
      manifests = all.includes('package.json') ? ['package.json', ...all.filter((m) => m !== 'package.json')] : all;
    }
    while (!known.has(name) && next < manifests.length) {
      // A bulk scan: a package.json that does not parse here (a test fixture broken on purpose) is no
      // manifest a check needed, so no-invalid-manifest does not report it (RepoIndex.scanJson).
      const json = repo.scanJson(manifests[next++]!);
      if (!isRecord(json)) continue;
      if (typeof json['name'] === 'string') known.add(json['name']);
      for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
        const list = json[key];
        if (isRecord(list)) for (const dep of Object.keys(list)) known.add(dep);
      }
    }
    return known.has(name);
  };
}

/** Whether a repository-relative path is matched by a .gitignore (or lies in node_modules/.git): a build output or a local file. */
export function isIgnoredPath(repo: RepoIndex, rel: string, dir = false): boolean {
  return facts(repo).ignored(rel, dir);
}

/** Joins and normalizes a repository-relative path; null when it climbs above the root. */
export function joinRel(dir: string, rel: string): string | null {
  // Clean parts (no `.`, `..` or empty segment, no leading or trailing `/`) join as they are.
  if (rel !== '' && !UNCLEAN_REL.test(rel) && (dir === '' || !UNCLEAN_REL.test(dir))) return dir === '' ? rel : `${dir}/${rel}`;
  const joined = path.posix.normalize(path.posix.join(dir || '.', rel)).replace(/(.)\/+$/, '$1');
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '.' ? '' : joined;
}

/**
 * A listed entry is a file or a symlink; git lists a symlinked directory (and a submodule it cannot
 * enter) as one entry with nothing below it, so `dir/` naming such an entry, or a path through one,
 * cannot be disproved and counts as existing.
 */
export function existsIn(f: RepoFacts, rel: string, cleanParent?: string, leaf?: string): boolean {
  const repo = f.repo;
  // `rel` is `cleanParent/leaf` (or `leaf`): asked of the directory's names, whose strings are hashed already.
  if (leaf !== undefined && cleanParent !== undefined ? f.listedIn(cleanParent, leaf) : repo.isDir(rel) || repo.has(rel)) return true;
  // Every prefix of a clean path in a listed directory is a listed directory, and no listed directory
  // is also a listed file (unless the listing says otherwise): no prefix is a symlink or a submodule.
  // The loop below gives the same answer then; the shortcut is taken only when the directories are
  // indexed already (a lint-staged run asks a few times, and each asks a few lookups of the loop).
  if (repo.knownNoFileIsDir) {
    if (cleanParent !== undefined) {
      if (cleanParent !== '' && repo.isDir(cleanParent)) return false;
    } else {
      const cut = rel.lastIndexOf('/');
      if (cut > 0 && repo.isDir(rel.slice(0, cut)) && !UNCLEAN_REL.test(rel)) return false;
    }
  }
  for (let i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) if (repo.has(rel.slice(0, i))) return true;
  return false;
}

export function dirOf(file: string): string {
  const d = posixDirname(file);
  return d === '.' ? '' : d;
}
