import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { closest, editDistance } from '../../util/text.js';
import { extensionOf, FILE_EXTENSIONS, LOCAL_ONLY } from './path-shape.js';
import type { PathReference } from './path-references.js';
import { dirOf, existsIn, facts, joinRel, UNCLEAN_REL, type Candidates, type Place, type RepoFacts } from './repo-facts.js';

// Resolving a path reference against the repository, and the "did you mean" for a missing one.

export type PathResolution =
  | { status: 'exists'; path: string }
  /** Matched by a .gitignore (build output, local files) or inside node_modules: not in a checkout. */
  | { status: 'ignored'; path: string }
  /** Escapes the repository root: cannot be checked. */
  | { status: 'outside'; path: string }
  /** On reflection not a path (a package subpath, a git ref, a MIME type, a Go import path). */
  | { status: 'not-path' }
  /** `suggestion` is written the way the reference was (relative to the file, or root-relative). */
  | { status: 'missing'; tried: string[]; suggestion: string | null };

/** A clean nested or bare path as written, cut once per distinct value (values recur across files). */
interface ValueParts {
  /** The path's directory part ('' for a bare name) and last segment. */
  parent: string;
  leaf: string;
  /** extensionOf(leaf). */
  ext: string;
}

/** What resolvePathReference reads of a value as written, worked out once per distinct value. */
interface ValueInfo {
  /** The value without trailing slashes. */
  body: string;
  /** Its first segment (after leading slashes). */
  first: string;
  /** The body is a clean relative path (not UNCLEAN_REL). */
  clean: boolean;
  /** The body cut at its last `/`. */
  parts: ValueParts;
}

const valueInfos = new Map<string, ValueInfo>();

function valueInfo(value: string): ValueInfo {
  let info = valueInfos.get(value);
  if (!info) {
    const body = value.endsWith('/') ? value.replace(/\/+$/, '') : value;
    let lead = 0;
    while (body.charCodeAt(lead) === 47) lead++;
    const slash = body.indexOf('/', lead);
    const cut = body.lastIndexOf('/');
    const leaf = body.slice(cut + 1);
    if (valueInfos.size >= 50_000) valueInfos.clear();
    info = {
      body,
      first: slash < 0 ? body.slice(lead) : body.slice(lead, slash),
      clean: !UNCLEAN_REL.test(body),
      parts: { parent: cut < 0 ? '' : body.slice(0, cut), leaf, ext: extensionOf(leaf) },
    };
    valueInfos.set(value, info);
  }
  return info;
}

/** `schema` for `schema.prisma`; a name without an extension (or a dotfile) is its own stem. */
function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

const TS_SOURCE_OF: Record<string, string[]> = { js: ['ts', 'tsx'], jsx: ['tsx'], mjs: ['mts'], cjs: ['cts'] };

/**
 * Resolves an inline-code path of `file`: from the file's directory, and from the repository root
 * when the path is root-relative (`/x`, or a first segment that exists at the root). Slash-free
 * names are also accepted anywhere in the repository ("edit `schema.prisma`" names a file, not a place).
 * Whether a name is a package (`lodash.merge`, `react-dom/index.js`) is asked last, of a path found
 * nowhere, since it may read every manifest: a package name that also exists as a path resolves.
 */
export function resolvePathReference(repo: RepoIndex, file: string, ref: Pick<PathReference, 'value' | 'shape' | 'dir'>): PathResolution {
  const f = facts(repo);
  const info = valueInfo(ref.value);
  const { body, first } = info;
  const here = f.fileContext(file);
  const fileDir = here.dir;
  let firstExists = here.firsts.get(first);
  if (!firstExists) here.firsts.set(first, (firstExists = { atRoot: existsIn(f, first), atFile: existsIn(f, joinRel(fileDir, first) ?? '\0') }));
  const existsAtRoot = firstExists.atRoot;
  const existsAtFile = firstExists.atFile;
  let tried: string[];
  /** The first segment of a nested path found nowhere: not a path if it names a package. */
  let packageName: string | null = null;
  if (ref.shape === 'absolute') {
    // `/api/users` is a route and `/usr/bin` a system path unless the first segment is in the repo.
    if (!existsAtRoot) return { status: 'not-path' };
    tried = [body.slice(1)];
  } else if (ref.shape === 'explicit') {
    const fromFile = joinRel(fileDir, body);
    if (fromFile === null) return { status: 'outside', path: body };
    const fromRoot = joinRel('', body);
    tried = fromRoot !== null && fromRoot !== fromFile ? [fromFile, fromRoot] : [fromFile];
  } else {
    // joinRel's own first case, its tests answered once per file and per value.
    const fromFile = body !== '' && here.cleanDir && info.clean ? (fileDir === '' ? body : `${fileDir}/${body}`) : (joinRel(fileDir, body) ?? body);
    tried = fromFile !== body ? [fromFile, body] : [body];
    if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
      // Only a clear file path is checked when its first segment exists nowhere: `react-dom/client`,
      // `origin/main`, `application/json` and `github.com/acme/x` are not paths.
      const clearFile = FILE_EXTENSIONS.has(extensionOf(body.slice(body.lastIndexOf('/') + 1))) || (ref.dir && body.includes('/'));
      if (!clearFile || /^[\w-]+(\.[\w-]+)+$/.test(first)) return { status: 'not-path' };
      packageName = first;
    }
  }
  // For clean paths the answers above settle most of this: a bare name is its own first segment,
  // and nothing exists below a first segment that does not (it would be a listed directory).
  const clean = (ref.shape === 'nested' || ref.shape === 'bare') && info.clean && here.cleanDir;
  // Whether the first segment of tried path `t` exists (the body is from the root, the other from the file).
  // mayExist(t): !clean || ref.shape === 'bare' || firstFound(t).
  const parts = info.parts;
  // A clean tried path is cut into its directory and name once: the name is the value's, the
  // directory the value's own (the path from the root) or that below the file's (once per file).
  let below: string | undefined;
  if (clean) {
    below = parts.parent === '' ? fileDir : here.below.get(parts.parent);
    if (below === undefined) here.below.set(parts.parent, (below = `${fileDir}/${parts.parent}`));
  }
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    const firstFound = t === body ? existsAtRoot : existsAtFile;
    if (clean && ref.shape === 'bare' ? firstFound : (!clean || ref.shape === 'bare' || firstFound) && (clean ? existsIn(f, t, t === body ? parts.parent : below, parts.leaf) : existsIn(f, t))) {
      return { status: 'exists', path: t };
    }
  }
  // TypeScript's ESM convention names sources by their output: `src/kit/index.js` is the import
  // specifier of `src/kit/index.ts` under NodeNext resolution.
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    const ts = TS_SOURCE_OF[clean ? parts.ext : extensionOf(t)];
    if (ts === undefined || !(!clean || ref.shape === 'bare' || (t === body ? existsAtRoot : existsAtFile))) continue;
    const stemmed = t.slice(0, t.lastIndexOf('.') + 1);
    const hit = ts.map((e) => stemmed + e).find((c) => repo.has(c));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  for (let i = 0; i < tried.length; i++) {
    const t = tried[i]!;
    if (ref.dir || !clean ? f.ignored(t, ref.dir) : f.ignoredFile(t, t === body ? parts.parent : below!, parts.leaf)) return { status: 'ignored', path: t };
  }
  // `settings.local.json`, `CLAUDE.local.md`, `docker-compose.local.yml`: personal files, by
  // convention never committed, wherever they sit.
  if (/\.local(?:\.[\w-]+)?$/.test(body)) return { status: 'ignored', path: body };
  if (ref.shape === 'bare') {
    if (LOCAL_ONLY.test(body)) return { status: 'ignored', path: body };
    // A directory of that name below the root, or a file of that name anywhere.
    const named = ref.dir ? findByTail(repo, body, true) : repo.filesNamed(body)[0];
    if (named !== undefined) return { status: 'exists', path: named };
    // "Each client's `build/`": a name the repository's .gitignore files give to build output
    // somewhere (`clients/**/build`), which exists after a build, wherever it is meant.
    if (ref.dir && f.ignoresName(body.replace(/\/$/, ''))) return { status: 'ignored', path: body };
    packageName = body;
  } else if (packageName !== null) {
    // "Each package exports `src/index.ts`": a path that exists under some directory is a pattern.
    const hit = findByTail(repo, body, ref.dir);
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  if (packageName !== null && f.dependencies(packageName)) return { status: 'not-path' };
  const fromRoot = ref.shape === 'absolute' || (ref.shape === 'nested' && existsAtRoot && !existsAtFile);
  const at = fromRoot ? tried.length - 1 : 0;
  const primary = tried[at] ?? body;
  const found = clean && at < tried.length ? suggestIn(f, primary, ref.dir, primary === body ? parts.parent : below, parts.leaf) : suggestIn(f, primary, ref.dir);
  return { status: 'missing', tried, suggestion: found === null ? null : styleLike(ref.value, fileDir, found, fromRoot) };
}

/**
 * Whether a .gitignore of the repository names `name` as an entry (`crates/x_tests/prettier/`): a
 * directory a build or a test run fills, such as another project's checkout.
 */
export function ignoresDirectoryName(repo: RepoIndex, name: string): boolean {
  return facts(repo).ignoresName(name);
}

/** A directory's entries: its files in repo.files order, then its subdirectories in repo.dirs order. */
export function directoryEntries(repo: RepoIndex, dir: string): readonly string[] {
  return facts(repo).entriesOf(dir);
}

/**
 * The first listed path ending with `/tail`: a file (in repo.files order), else a directory (in
 * repo.dirs order); only a directory when `dir`. Only entries named like the tail's last segment
 * can end with it, so the lists of that name are searched, not the whole listing.
 */
export function findByTail(repo: RepoIndex, tail: string, dir: boolean): string | undefined {
  const f = facts(repo);
  const suffix = `/${tail}`;
  const base = tail.slice(tail.lastIndexOf('/') + 1);
  const inDirs = () => f.dirsNamed(base).find((d) => d.endsWith(suffix));
  return dir ? inDirs() : (repo.filesNamed(base).find((p) => p.endsWith(suffix)) ?? inDirs());
}

/**
 * "Did you mean": a file or directory with the same name elsewhere (the path moved), else the
 * closest entry under the deepest directory of the path that still exists (a typo or a rename).
 */
export function suggestPath(repo: RepoIndex, missing: string, dir: boolean): string | null {
  return suggestIn(facts(repo), missing, dir);
}

/** `cutParent` and `cutLeaf`: `missing` cut at its last `/` already (both or neither). */
function suggestIn(f: RepoFacts, missing: string, dir: boolean, cutParent?: string, cutLeaf?: string): string | null {
  // The answer depends on the directory and the name: it is kept per directory, by name.
  const parent = cutParent ?? dirOf(missing);
  const place = f.placeOf(parent);
  const memo = dir ? place.dirs : place.files;
  const at = missing.lastIndexOf('/');
  const base = cutLeaf ?? missing.slice(at + 1);
  // Kept by name only when the directory and the name make up the path (dirOf returns a prefix).
  if (cutLeaf === undefined && (at < 0 ? parent !== '' : parent.length !== at)) return suggestPathUncached(f, missing, base, place, dir);
  let known = memo.get(base);
  if (known === undefined) memo.set(base, (known = suggestPathUncached(f, missing, base, place, dir)));
  return known;
}

function suggestPathUncached(f: RepoFacts, missing: string, base: string, place: Place, dir: boolean): string | null {
  const repo = f.repo;
  // A moved file stays inside its package: `components/` of another app is not what was meant.
  const { scope, ancestor } = place;
  const inScope = (p: string) => scope === '' || p.startsWith(`${scope}/`);
  // Files of the name below a package: none when there are none anywhere, so the run below it alone tells.
  let sameName: readonly string[];
  if (!dir && scope !== '') sameName = f.filesNamedUnder(base, scope);
  else {
    const everywhere = dir ? f.dirsNamed(base) : repo.filesNamed(base);
    sameName = everywhere.length === 0 ? everywhere : everywhere.filter(inScope);
  }
  if (sameName.length > 0) {
    // Under the deepest directory of the path that exists first (`src/tools/` → `src/app/tools/`,
    // not `tests/tools/`), then the closest.
    const outside = (p: string) => (ancestor !== '' && !p.startsWith(`${ancestor}/`) ? 1 : 0);
    return [...sameName].sort((a, b) => outside(a) - outside(b) || editDistance(missing, a) - editDistance(missing, b) || (a < b ? -1 : 1))[0] ?? null;
  }
  const candidates = candidatesByName(f, ancestor, dir);
  const picks = candidates.picks;
  let name = picks.byBase.get(base);
  if (name === undefined && !picks.byBase.has(base)) {
    // Same stem, other extension (`schema.ts` → `schema.prisma`), else the closest name.
    name = picks.byStem.get(stemOf(base))?.find((n) => n !== base) ?? closest(base, candidates.byName.keys());
    picks.byBase.set(base, name);
  }
  return name === undefined ? null : (candidates.byName.get(name) ?? null);
}

/** The entries up to three levels below `ancestor`, first of each name; shared by every path missing there. */
function candidatesByName(f: RepoFacts, ancestor: string, dir: boolean): Candidates {
  const repo = f.repo;
  const key = dir ? `${ancestor}/` : ancestor;
  const known = f.candidates.get(key);
  if (known) return known;
  const candidates: string[] = [];
  const collect = (d: string, depth: number) => {
    for (const entry of f.entriesOf(d)) {
      if (candidates.length > 5000) return;
      const isDir = repo.isDir(entry);
      if (!dir || isDir) candidates.push(entry);
      if (isDir && depth < 3) collect(entry, depth + 1);
    }
  };
  collect(ancestor, 0);
  // Compare names, not whole paths: a long path would otherwise tolerate an unrelated file name.
  const byName = new Map<string, string>();
  for (const c of candidates) {
    const name = c.slice(c.lastIndexOf('/') + 1);
    if (!byName.has(name)) byName.set(name, c);
  }
  // The pick depends on the names alone (in order): directories holding the same ones share it.
  const names = [...byName.keys()].join('\0');
  let picks = f.picks.get(names);
  if (!picks) {
    const byStem = new Map<string, string[]>();
    for (const n of byName.keys()) {
      const stem = stemOf(n);
      if (stem === n) continue;
      const list = byStem.get(stem);
      if (list) list.push(n);
      else byStem.set(stem, [n]);
    }
    f.picks.set(names, (picks = { byBase: new Map(), byStem }));
  }
  const result = { byName, picks };
  f.candidates.set(key, result);
  return result;
}

/** Writes a repository-relative `target` the way `written` was written (relative to the file, `./`, `/`). */
export function styleLike(written: string, fileDir: string, target: string, fromRoot: boolean): string {
  const trailing = written.endsWith('/') ? '/' : '';
  if (written.startsWith('/')) return `/${target}${trailing}`;
  if (fromRoot) return `${target}${trailing}`;
  // A target below the file's directory is its tail (path.posix.relative resolves both against the cwd).
  const below = target !== '' && !UNCLEAN_REL.test(target) && (fileDir === '' || (target.startsWith(`${fileDir}/`) && !UNCLEAN_REL.test(fileDir)));
  const rel = below ? target.slice(fileDir === '' ? 0 : fileDir.length + 1) : path.posix.relative(fileDir || '.', target) || '.';
  if (written.startsWith('./') && !rel.startsWith('../')) return `./${rel}${trailing}`;
  return `${rel}${trailing}`;
}
