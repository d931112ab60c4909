import * as path from 'node:path';
import type { Definition, Heading, Image, Link, Nodes, Root } from 'mdast';
import ignore, { type Ignore } from 'ignore';
import type { InstructionFile } from './instruction-file.js';
import { parseMarkdown } from './parse.js';
import type { RepoIndex } from '../repo/repo-index.js';
import { isRecord } from '../repo/manifests.js';
import { closest, editDistance } from '../kit/text.js';

// ---------------------------------------------------------------------------------------------
// Paths in inline code
// ---------------------------------------------------------------------------------------------

/**
 * How a path was written. `explicit` (./x, ../x) and `absolute` (/x, root-relative) say outright
 * that they are paths; `nested` (a/b) and `bare` (README.md) must first look like one.
 */
export type PathShape = 'explicit' | 'absolute' | 'nested' | 'bare';

export interface PathReference {
  /** The path as written, without a `:line` or `#L10` suffix. */
  value: string;
  shape: PathShape;
  /** Written with a trailing slash: must be a directory. */
  dir: boolean;
  /** Text offsets of `value` in the file, end exclusive. */
  start: number;
  end: number;
  /** A nearby word makes the path's existence optional ("if present", "create", "e.g."). */
  qualified: boolean;
}

/** Why an inline code span is not a path reference, for the extraction tests and --debug. */
export type NotPathReason =
  | 'whitespace'
  | 'url'
  | 'email'
  | 'scoped-package'
  | 'glob'
  | 'placeholder'
  | 'extension'
  | 'identifier'
  | 'home'
  | 'not-path-like';

/**
 * Extensions that make a slash-free word a file name. Deliberately absent: `log` (`console.log`),
 * `io`, `com`, `dev` and other endings that are far more often identifiers or domains.
 */
const FILE_EXTENSIONS = new Set(
  (
    'md mdx markdown txt rst adoc json jsonc json5 yaml yml toml ini cfg conf lock ts tsx mts cts js jsx mjs cjs vue svelte ' +
    'astro css scss sass less html htm py pyi ipynb rs go rb java kt kts swift c h cc cpp hpp cs fs php sh bash zsh fish ps1 ' +
    'bat sql prisma graphql gql proto tf tfvars hcl xml csv tsv svg png jpg jpeg gif webp ico pdf wasm mod sum gradle properties ' +
    'dockerfile'
  ).split(' '),
);

/** Parts of multi-part extensions (`.test.ts`, `.d.ts`): a span made only of these is an extension. */
const EXTENSION_PARTS = new Set([...FILE_EXTENSIONS, 'test', 'spec', 'd', 'config', 'stories', 'story', 'module', 'min', 'e2e', 'snap']);

/** Extensionless names that are files by convention. */
const CONVENTIONAL_FILES = new Set(
  'Makefile GNUmakefile makefile Justfile justfile Taskfile Dockerfile Containerfile Procfile Gemfile Rakefile Brewfile Vagrantfile Jenkinsfile Tiltfile LICENSE LICENCE CODEOWNERS OWNERS NOTICE AUTHORS CHANGELOG'.split(
    ' ',
  ),
);

/** Product and site names that look like file names in prose ("Node.js", "docs.rs"). */
const NOT_FILES = new Set(
  'node.js next.js vue.js nuxt.js express.js three.js d3.js chart.js ember.js backbone.js react.js angular.js alpine.js solid.js deno.js bun.sh docs.rs crates.io go.dev pkg.go.dev npmjs.com'.split(
    ' ',
  ),
);

/** Files people create locally and are told to create: never expected in a checkout. */
const LOCAL_ONLY = /^\.env(\.[\w-]*local)?$|^\.env\.(development|production|test)(\.local)?$/;

/**
 * Words that make a path's existence optional or hypothetical in its sentence. A prohibition alone
 * ("never edit `generated/`") does not: the path it guards must still exist, or the rule is stale.
 */
const QUALIFIERS = new RegExp(
  [
    'if (?:it |they |one )?(?:present|exists?|any|available|needed|missing|applicable)',
    'when (?:present|it exists|available)',
    "(?:may|might|does ?n[o']t|do ?n[o']t|does not|do not|will) (?:not )?(?:yet )?exist",
    'not (?:yet )?(?:exist|present|committed|checked in)',
    'if you have (?:it|one|them)',
    'optional(?:ly)?',
    '(?:re)?generat(?:e|es|ed|ing)',
    'creat(?:e|es|ed|ing)',
    'output(?:s|ted)?',
    'writ(?:e|es|ten|ing) (?:to|into|out)',
    'emit(?:s|ted)?',
    'produc(?:e|es|ed)',
    'build(?:s)? (?:to|into)',
    'cop(?:y|ies|ied)',
    'renam(?:e|es|ed|ing)',
    'mov(?:e|es|ed|ing)',
    'migrat(?:e|es|ed|ing)',
    'delet(?:e|ed|es)',
    'remov(?:e|ed|es)',
    'e\\.g\\.',
    'for (?:example|instance)',
    'such as',
    'branch(?:es)?',
    'prefix(?:es|ed)?',
    'placeholder',
    'hypothetical',
  ]
    .map((w) => `\\b${w}`)
    .join('|'),
  'i',
);

/** Classifies one inline code span. Returns the path (with offsets inside `value`) or why it is not one. */
export function classifyPath(raw: string): { value: string; shape: PathShape; dir: boolean; offset: number } | { reason: NotPathReason } {
  const lead = raw.length - raw.trimStart().length;
  let value = raw.trim();
  if (value === '' || /\s/.test(value)) return { reason: 'whitespace' };
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value) || /^(mailto|tel|data|javascript|file|git@|node|npm|jsr|bun|workspace|link|catalog):/i.test(value)) return { reason: 'url' };
  if (/^[^@/\s]+@[^@/\s]+\.[a-z]{2,}$/i.test(value)) return { reason: 'email' };
  if (value.startsWith('@')) return { reason: 'scoped-package' };
  if (value.startsWith('~') || value.startsWith('$HOME')) return { reason: 'home' };
  if (/<[^>]*>|\$\{?[A-Za-z_]|\{[\w-]+\}|\.\.\.|…|%[sd]|\{\{|(^|\/):[a-z_]+(\/|$)|\bpath\/to\b/i.test(value) || /([A-Z])\1{2,}|YYYY|\bMM\b|\bDD\b/.test(value)) return { reason: 'placeholder' };
  if (/[*?[\]{}]|^!/.test(value)) return { reason: 'glob' };
  // Code, not paths: calls, Rust/C++ paths, key=value, flags, Windows separators, pipes.
  if (/[()=;,'"`|&\\]|::|^-|->|=>/.test(value)) return { reason: 'identifier' };
  // A trailing location suffix (`src/a.ts:42`, `src/a.ts:42:7`, `src/a.ts#L10-L20`) is not part of the path.
  value = value.replace(/(?::\d+(?::\d+)?|#L\d+(?:-L\d+)?)$/, '');
  if (/[:#]/.test(value)) return { reason: 'identifier' };
  if (value === '.' || value === '..' || value === './' || value === '../' || value === '/') return { reason: 'not-path-like' };

  const dir = value.endsWith('/') && value.length > 1;
  const body = dir ? value.replace(/\/+$/, '') : value;
  if (body.includes('//')) return { reason: 'not-path-like' };
  const shape: PathShape = /^\.\.?\//.test(body) ? 'explicit' : body.startsWith('/') ? 'absolute' : body.includes('/') ? 'nested' : 'bare';
  const base = body.slice(body.lastIndexOf('/') + 1);
  if (shape === 'bare' && !dir) {
    if (NOT_FILES.has(base.toLowerCase())) return { reason: 'identifier' };
    if (base.startsWith('.') && base.slice(1).split('.').every((p) => EXTENSION_PARTS.has(p.toLowerCase()))) return { reason: 'extension' };
    if (!looksLikeFileName(base)) return { reason: 'identifier' };
  }
  if (shape === 'bare' && dir && !/^[\w.-]+$/.test(body)) return { reason: 'not-path-like' };
  if (isPlaceholderName(body)) return { reason: 'placeholder' };
  return { value, shape, dir, offset: lead };
}

function extensionOf(base: string): string {
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** `README.md`, `.nvmrc`, `Makefile`; not `foo.bar`, `process.env.X` or `v1.2.3`. */
function looksLikeFileName(base: string): boolean {
  if (!/^[\w.@+-]+$/.test(base)) return false;
  if (CONVENTIONAL_FILES.has(base) || CONVENTIONAL_FILES.has(base.split('.')[0] ?? '')) return true;
  // Dotfiles: `.nvmrc`, `.env.example`, `.eslintrc.json` (a lone extension was excluded above).
  if (/^\.[a-z][\w.-]*$/i.test(base)) return true;
  const ext = extensionOf(base);
  // `math.h` and `stdio.h` are system headers and `a.b.c` a member chain: a slash-free name with a
  // one-letter or F# extension is too ambiguous to check (`src/x.c` still is).
  if (!FILE_EXTENSIONS.has(ext) || ext.length === 1 || ext === 'fs') return false;
  // `foo.bar.ts` is a file, but a camelCase member chain ending in an extension-like word is rare
  // enough; digits-only stems (`1.0.md`) are versions.
  return !/^[\d.]+$/.test(base.slice(0, -ext.length - 1));
}

/** Example names: `foo.ts`, `src/MyComponent.tsx`, `your-package/`. */
function isPlaceholderName(body: string): boolean {
  return body.split('/').some((segment) => {
    const stem = segment.replace(/\..*$/, '');
    return (
      /^(foo|bar|baz|qux|quux|xxx+|yyy+|zzz+|example|sample|something|whatever|name|filename|dirname)$/i.test(stem) ||
      /^(foo|Foo)[A-Z_.-]/.test(stem) ||
      /^(my|My|your|Your|some|Some)[A-Z_-]/.test(stem)
    );
  });
}

/** Every inline code span that names a path, with its exact position and whether it is qualified. */
export function pathReferences(file: InstructionFile): PathReference[] {
  const tree = file.tree();
  const out: PathReference[] = [];
  const windows = sentenceWindows(file);
  const visit = (node: Nodes, inLink: boolean) => {
    if (node.type === 'inlineCode' && !inLink) {
      const start = node.position?.start.offset;
      const end = node.position?.end.offset;
      if (start === undefined || end === undefined) return;
      // The value sits between the backtick runs; find it in the source so offsets are exact.
      const ticks = /^`+/.exec(file.text.slice(start, end))?.[0].length ?? 1;
      const inner = file.text.slice(start + ticks, end - ticks);
      const found = classifyPath(inner.replace(/\r?\n/g, ' '));
      if ('reason' in found) return;
      const valueStart = start + ticks + found.offset;
      out.push({
        value: found.value,
        shape: found.shape,
        dir: found.dir,
        start: valueStart,
        end: valueStart + found.value.length,
        qualified: QUALIFIERS.test(windows(start, end)),
      });
      return;
    }
    // A code span used as link text belongs to the link, which no-broken-link checks.
    const link = inLink || node.type === 'link' || node.type === 'linkReference';
    if ('children' in node) for (const child of node.children) visit(child as Nodes, link);
  };
  visit(tree, false);
  return out;
}

/**
 * The sentence around a text range, with every code span blanked out so that words inside code
 * (`generated/`) never count as qualifiers. Sentences end at `. ! ?` before whitespace, except after
 * abbreviations such as "e.g." and "i.e.".
 */
function sentenceWindows(file: InstructionFile): (start: number, end: number) => string {
  const text = file.text;
  let masked: string | undefined;
  const statements = file.statements();
  return (start, end) => {
    if (masked === undefined) {
      const chars = text.split('');
      for (const span of file.inlineCode()) for (let i = span.start; i < span.end; i++) chars[i] = ' ';
      masked = chars.join('');
    }
    const statement = statements.find((s) => s.start <= start && end <= s.end);
    let from = statement ? statement.start : text.lastIndexOf('\n', start - 1) + 1;
    let to = statement ? statement.end : text.indexOf('\n', end) < 0 ? text.length : text.indexOf('\n', end);
    for (const match of masked.slice(from, start).matchAll(/[.!?](?=\s)/g)) {
      const at = from + (match.index ?? 0);
      if (!/\b(e\.g|i\.e|etc|vs|cf)$/i.test(masked.slice(Math.max(from, at - 4), at))) from = at + 1;
    }
    for (const match of masked.slice(end, to).matchAll(/[.!?](?=\s|$)/g)) {
      const at = end + (match.index ?? 0);
      if (/\b(e\.g|i\.e|etc|vs|cf)$/i.test(masked.slice(Math.max(end, at - 4), at))) continue;
      to = at;
      break;
    }
    return masked.slice(from, to);
  };
}

// ---------------------------------------------------------------------------------------------
// Resolution against the repository
// ---------------------------------------------------------------------------------------------

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

interface RepoFacts {
  ignored(rel: string, dir: boolean): boolean;
  /** Whether some package.json names this package or depends on it. */
  dependencies(name: string): boolean;
  dirEntries: Map<string, string[]>;
  /** repo.dirs as an array, in the same order (made once: references search it often). */
  dirs(): readonly string[];
  /** repo.filesNamed(base) under the directory `scope` (not ''), in code-unit order. */
  filesNamedUnder(base: string, scope: string): string[];
  /** suggestPath's answers, by `dir` flag and missing path. */
  suggestions: Map<string, string | null>;
  /** candidatesByName's answers, by `dir` flag and directory. */
  candidates: Map<string, Map<string, string>>;
}

const factsCache = new WeakMap<RepoIndex, RepoFacts>();

function facts(repo: RepoIndex): RepoFacts {
  let cached = factsCache.get(repo);
  if (cached) return cached;
  const matchers: { base: string; ig: Ignore }[] = [];
  for (const file of repo.filesNamed('.gitignore')) {
    const text = repo.text(file);
    if (text === null) continue;
    try {
      matchers.push({ base: path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file), ig: ignore().add(text) });
    } catch {
      // An unparsable .gitignore ignores nothing here, as git would skip its bad lines.
    }
  }
  // Every path below a directory asks about it again: each (prefix, dir) is decided once.
  const ignoredOneMemo = new Map<string, boolean>();
  const ignoredOne = (rel: string, dir: boolean) => {
    const key = dir ? `${rel}/` : rel;
    let known = ignoredOneMemo.get(key);
    if (known === undefined) ignoredOneMemo.set(key, (known = ignoredOneUncached(rel, dir)));
    return known;
  };
  const ignoredOneUncached = (rel: string, dir: boolean) =>
    matchers.some(({ base, ig }) => {
      if (base && !rel.startsWith(`${base}/`)) return false;
      const local = base ? rel.slice(base.length + 1) : rel;
      try {
        return local !== '' && ig.ignores(dir ? `${local}/` : local);
      } catch {
        return false;
      }
    });
  // Many files name the same paths (a template copied into every package): each is decided once.
  const ignoredMemo = new Map<string, boolean>();
  const ignored = (rel: string, dir: boolean) => {
    const key = dir ? `${rel}/` : rel;
    let known = ignoredMemo.get(key);
    if (known === undefined) ignoredMemo.set(key, (known = ignoredUncached(rel, dir)));
    return known;
  };
  const ignoredUncached = (rel: string, dir: boolean) => {
    const parts = rel.split('/');
    if (parts.includes('node_modules') || parts.includes('.git')) return true;
    // A path is ignored when it or any directory above it is: `dist/` covers `dist/index.js`.
    for (let i = 1; i <= parts.length; i++) {
      const prefix = parts.slice(0, i).join('/');
      const last = i === parts.length;
      if (ignoredOne(prefix, !last || dir) || (last && !dir && ignoredOne(prefix, true))) return true;
    }
    return false;
  };
  // Parsed only when a reference needs it: every manifest read counts as "needed" for
  // no-invalid-manifest, so a repository whose paths all resolve never pays for (or reports) them.
  let deps: Set<string> | undefined;
  const dependencies = (name: string) => {
    if (!deps) {
      deps = new Set<string>();
      for (const manifest of repo.filesNamed('package.json').slice(0, 2000)) {
        const json = repo.json(manifest);
        if (!isRecord(json)) continue;
        if (typeof json['name'] === 'string') deps.add(json['name']);
        for (const key of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
          const list = json[key];
          if (isRecord(list)) for (const dep of Object.keys(list)) deps.add(dep);
        }
      }
    }
    return deps.has(name);
  };
  const dirEntries = new Map<string, string[]>();
  const addEntry = (p: string) => {
    const parent = path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p);
    const list = dirEntries.get(parent);
    if (list) list.push(p);
    else dirEntries.set(parent, [p]);
  };
  for (const f of repo.files) addEntry(f);
  for (const d of repo.dirs) if (d !== '') addEntry(d);
  let dirList: string[] | undefined;
  const sortedByBase = new Map<string, string[]>();
  const filesNamedUnder = (base: string, scope: string) => {
    let sorted = sortedByBase.get(base);
    if (!sorted) sortedByBase.set(base, (sorted = [...repo.filesNamed(base)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))));
    // The files under `scope/` are one run of the sorted list: find its start by bisection.
    const prefix = `${scope}/`;
    let lo = 0;
    let hi = sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (sorted[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    const out: string[] = [];
    for (let i = lo; i < sorted.length && sorted[i]!.startsWith(prefix); i++) out.push(sorted[i]!);
    return out;
  };
  cached = { ignored, dependencies, dirEntries, dirs: () => (dirList ??= [...repo.dirs]), filesNamedUnder, suggestions: new Map(), candidates: new Map() };
  factsCache.set(repo, cached);
  return cached;
}

/** Joins and normalizes a repository-relative path; null when it climbs above the root. */
function joinRel(dir: string, rel: string): string | null {
  const joined = path.posix.normalize(path.posix.join(dir || '.', rel));
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '.' ? '' : joined.replace(/\/+$/, '');
}

const TS_SOURCE_OF: Record<string, string[]> = { js: ['ts', 'tsx'], jsx: ['tsx'], mjs: ['mts'], cjs: ['cts'] };

/**
 * A listed entry is a file or a symlink; git lists a symlinked directory (and a submodule it cannot
 * enter) as one entry with nothing below it, so `dir/` naming such an entry, or a path through one,
 * cannot be disproved and counts as existing.
 */
function existsIn(repo: RepoIndex, rel: string): boolean {
  if (repo.dirs.has(rel) || repo.has(rel)) return true;
  for (let i = rel.indexOf('/'); i > 0; i = rel.indexOf('/', i + 1)) if (repo.has(rel.slice(0, i))) return true;
  return false;
}

function dirOf(file: string): string {
  const d = path.posix.dirname(file);
  return d === '.' ? '' : d;
}

/**
 * Resolves an inline-code path of `file`: from the file's directory, and from the repository root
 * when the path is root-relative (`/x`, or a first segment that exists at the root). Slash-free
 * names are also accepted anywhere in the repository ("edit `schema.prisma`" names a file, not a place).
 */
export function resolvePathReference(repo: RepoIndex, file: string, ref: Pick<PathReference, 'value' | 'shape' | 'dir'>): PathResolution {
  const f = facts(repo);
  const body = ref.value.replace(/\/+$/, '');
  const fileDir = dirOf(file);
  const first = body.replace(/^\/+/, '').split('/')[0] ?? '';
  const existsAtRoot = existsIn(repo, first);
  const existsAtFile = existsIn(repo, joinRel(fileDir, first) ?? '\0');
  let tried: string[];
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
    const fromFile = joinRel(fileDir, body) ?? body;
    tried = fromFile !== body ? [fromFile, body] : [body];
    if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
      // Only a clear file path is checked when its first segment exists nowhere: `react-dom/client`,
      // `origin/main`, `application/json` and `github.com/acme/x` are not paths.
      const clearFile = FILE_EXTENSIONS.has(extensionOf(body.slice(body.lastIndexOf('/') + 1))) || (ref.dir && body.includes('/'));
      if (!clearFile || /^[\w-]+(\.[\w-]+)+$/.test(first) || f.dependencies(first)) return { status: 'not-path' };
    }
  }
  for (const t of tried) if (existsIn(repo, t)) return { status: 'exists', path: t };
  // TypeScript's ESM convention names sources by their output: `src/kit/index.js` is the import
  // specifier of `src/kit/index.ts` under NodeNext resolution.
  for (const t of tried) {
    const ts = TS_SOURCE_OF[extensionOf(t)];
    const stemmed = t.slice(0, t.lastIndexOf('.') + 1);
    const hit = ts?.map((e) => stemmed + e).find((c) => repo.has(c));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  for (const t of tried) if (f.ignored(t, ref.dir)) return { status: 'ignored', path: t };
  if (ref.shape === 'bare') {
    if (LOCAL_ONLY.test(body)) return { status: 'ignored', path: body };
    if (f.dependencies(body)) return { status: 'not-path' };
    const named = ref.dir ? f.dirs().filter((d) => d.endsWith(`/${body}`)) : repo.filesNamed(body);
    if (named[0] !== undefined) return { status: 'exists', path: named[0] };
  } else if (ref.shape === 'nested' && !existsAtRoot && !existsAtFile) {
    // "Each package exports `src/index.ts`": a path that exists under some directory is a pattern.
    const suffix = `/${body}`;
    const hit = ref.dir ? f.dirs().find((d) => d.endsWith(suffix)) : (repo.files.find((p) => p.endsWith(suffix)) ?? f.dirs().find((d) => d.endsWith(suffix)));
    if (hit !== undefined) return { status: 'exists', path: hit };
  }
  const fromRoot = ref.shape === 'absolute' || (ref.shape === 'nested' && existsAtRoot && !existsAtFile);
  const primary = fromRoot ? (tried[tried.length - 1] ?? body) : (tried[0] ?? body);
  const found = suggestPath(repo, primary, ref.dir);
  return { status: 'missing', tried, suggestion: found === null ? null : styleLike(ref.value, fileDir, found, fromRoot) };
}

/**
 * "Did you mean": a file or directory with the same name elsewhere (the path moved), else the
 * closest entry under the deepest directory of the path that still exists (a typo or a rename).
 */
export function suggestPath(repo: RepoIndex, missing: string, dir: boolean): string | null {
  const memo = facts(repo).suggestions;
  const key = dir ? `${missing}/` : missing;
  let known = memo.get(key);
  if (known === undefined) memo.set(key, (known = suggestPathUncached(repo, missing, dir)));
  return known;
}

function suggestPathUncached(repo: RepoIndex, missing: string, dir: boolean): string | null {
  const base = missing.slice(missing.lastIndexOf('/') + 1);
  // A moved file stays inside its package: `components/` of another app is not what was meant.
  let scope = dirOf(missing);
  while (scope !== '' && !repo.has(`${scope}/package.json`)) scope = dirOf(scope);
  const inScope = (p: string) => scope === '' || p.startsWith(`${scope}/`);
  const sameName = scope === '' || dir ? (dir ? facts(repo).dirs().filter((d) => d === base || d.endsWith(`/${base}`)) : repo.filesNamed(base)).filter(inScope) : facts(repo).filesNamedUnder(base, scope);
  if (sameName.length > 0) return [...sameName].sort((a, b) => editDistance(missing, a) - editDistance(missing, b) || (a < b ? -1 : 1))[0] ?? null;
  let ancestor = dirOf(missing);
  while (ancestor !== '' && !repo.dirs.has(ancestor)) ancestor = dirOf(ancestor);
  const byName = candidatesByName(repo, ancestor, dir);
  // Same stem, other extension (`schema.ts` → `schema.prisma`), else the closest name.
  const stem = (n: string) => (n.lastIndexOf('.') > 0 ? n.slice(0, n.lastIndexOf('.')) : n);
  const name = [...byName.keys()].find((n) => n !== base && stem(n) === stem(base) && stem(n) !== n) ?? closest(base, byName.keys());
  return name === undefined ? null : (byName.get(name) ?? null);
}

/** The entries up to three levels below `ancestor`, first of each name; shared by every path missing there. */
function candidatesByName(repo: RepoIndex, ancestor: string, dir: boolean): Map<string, string> {
  const f = facts(repo);
  const key = dir ? `${ancestor}/` : ancestor;
  const known = f.candidates.get(key);
  if (known) return known;
  const candidates: string[] = [];
  const collect = (d: string, depth: number) => {
    for (const entry of f.dirEntries.get(d) ?? []) {
      if (candidates.length > 5000) return;
      const isDir = repo.dirs.has(entry);
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
  f.candidates.set(key, byName);
  return byName;
}

/** Writes a repository-relative `target` the way `written` was written (relative to the file, `./`, `/`). */
export function styleLike(written: string, fileDir: string, target: string, fromRoot: boolean): string {
  const trailing = written.endsWith('/') ? '/' : '';
  if (written.startsWith('/')) return `/${target}${trailing}`;
  if (fromRoot) return `${target}${trailing}`;
  const rel = path.posix.relative(fileDir || '.', target) || '.';
  if (written.startsWith('./') && !rel.startsWith('../')) return `./${rel}${trailing}`;
  return `${rel}${trailing}`;
}

// ---------------------------------------------------------------------------------------------
// Links and anchors
// ---------------------------------------------------------------------------------------------

export interface LinkReference {
  kind: 'link' | 'image' | 'definition';
  /** The destination exactly as written in the source. */
  raw: string;
  /** Decoded path part ('' for a same-file `#anchor`). */
  path: string;
  /** Decoded fragment without `#`, or null. */
  anchor: string | null;
  /** Text offsets of the written path and fragment (without `#`). */
  pathStart: number;
  pathEnd: number;
  anchorStart: number;
  anchorEnd: number;
}

/** Relative links, images and link definitions of the file; URLs with a scheme are left out. */
export function linkReferences(file: InstructionFile): LinkReference[] {
  const text = file.text;
  const out: LinkReference[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const ref = locateDestination(text, node);
      if (ref) out.push(ref);
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(file.tree());
  return out;
}

function locateDestination(text: string, node: Link | Image | Definition): LinkReference | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const source = text.slice(start, end);
  let at: number;
  if (node.type === 'definition') {
    at = source.indexOf(']:');
    if (at < 0) return null;
    at += 2;
  } else {
    // Autolinks (`<https://x>`, bare URLs) have no `](`; they always carry a scheme.
    const last = node.type === 'link' ? node.children[node.children.length - 1] : undefined;
    const from = last?.position?.end.offset !== undefined ? last.position.end.offset - start : 0;
    at = source.indexOf('](', from);
    if (at < 0) return null;
    at += 2;
  }
  while (at < source.length && /\s/.test(source[at] ?? '')) at++;
  let rawStart = at;
  let rawEnd: number;
  if (source[at] === '<') {
    rawStart = at + 1;
    rawEnd = source.indexOf('>', rawStart);
    if (rawEnd < 0) return null;
  } else {
    let depth = 0;
    rawEnd = rawStart;
    for (; rawEnd < source.length; rawEnd++) {
      const c = source[rawEnd] ?? '';
      if (c === '\\') {
        rawEnd++;
        continue;
      }
      if (/\s/.test(c)) break;
      if (c === '(') depth++;
      if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
  }
  const raw = source.slice(rawStart, rawEnd);
  if (raw === '' || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return null;
  if (/[{}<>]|\$\{?[A-Za-z_]/.test(raw)) return null; // templates and placeholders
  const hash = raw.indexOf('#');
  const rawPath = hash < 0 ? raw : raw.slice(0, hash);
  const query = rawPath.indexOf('?');
  const pathPart = query < 0 ? rawPath : rawPath.slice(0, query);
  const base = start + rawStart;
  return {
    kind: node.type,
    raw,
    path: decodeDestination(pathPart),
    anchor: hash < 0 ? null : decodeDestination(raw.slice(hash + 1)),
    pathStart: base,
    pathEnd: base + pathPart.length,
    anchorStart: hash < 0 ? base + raw.length : base + hash + 1,
    anchorEnd: base + raw.length,
  };
}

function decodeDestination(value: string): string {
  const unescaped = value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

export type LinkResolution =
  | { status: 'exists'; path: string; markdown: boolean }
  | { status: 'ignored'; path: string }
  | { status: 'outside' }
  | { status: 'missing'; path: string; suggestion: string | null };

/**
 * Resolves a link the way GitHub renders it: relative to the file's directory, or to the repository
 * root for a leading `/` (GitHub rewrites root-relative links in repository Markdown to the tree).
 */
export function resolveLink(repo: RepoIndex, file: string, link: Pick<LinkReference, 'path'>): LinkResolution {
  const dirWanted = link.path.endsWith('/');
  const target = link.path === '' ? file : link.path.startsWith('/') ? joinRel('', link.path.slice(1)) : joinRel(dirOf(file), link.path);
  if (target === null) return { status: 'outside' };
  if (repo.has(target) && !dirWanted) return { status: 'exists', path: target, markdown: /\.(md|mdx|markdown)$/i.test(target) };
  if (existsIn(repo, target)) return { status: 'exists', path: target, markdown: false };
  if (facts(repo).ignored(target, dirWanted)) return { status: 'ignored', path: target };
  return { status: 'missing', path: target, suggestion: suggestPath(repo, target, dirWanted) };
}

/**
 * GitHub's heading ids (github-slugger): lowercase; drop every character that is not a letter,
 * mark, number, connector punctuation (`_`), space or hyphen; each space becomes `-`. Hyphens are
 * not collapsed. https://github.com/Flet/github-slugger/blob/master/index.js
 */
export function githubSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** A github-slugger instance: repeated slugs get `-1`, `-2`, ... in document order. */
export class Slugger {
  readonly #seen = new Map<string, number>();
  slug(heading: string): string {
    const base = githubSlug(heading);
    let slug = base;
    while (this.#seen.has(slug)) {
      const n = (this.#seen.get(base) ?? 0) + 1;
      this.#seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.#seen.set(slug, 0);
    return slug;
  }
}

export interface Anchor {
  id: string;
  /** The heading's text, or null for an HTML `id`/`name` anchor. */
  heading: string | null;
  /** Text offset in its file. */
  offset: number;
}

/** Heading slugs in document order, plus explicit HTML anchors (`<a name="x">`, `id="x"`). */
export function anchorsOf(tree: Root): Anchor[] {
  const slugger = new Slugger();
  const out: Anchor[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const text = headingText(node);
      out.push({ id: slugger.slug(text), heading: text, offset: node.position?.start.offset ?? 0 });
    }
    if (node.type === 'html') {
      for (const m of node.value.matchAll(/\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) out.push({ id: m[1] ?? '', heading: null, offset: node.position?.start.offset ?? 0 });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return out;
}

/** The text GitHub slugs: rendered text of the heading, HTML tags dropped, image alt text kept. */
function headingText(node: Heading | Nodes): string {
  if (node.type === 'html') return '';
  if (node.type === 'image') return node.alt ?? '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(headingText).join('');
  return '';
}

const anchorCache = new WeakMap<RepoIndex, Map<string, Anchor[] | null>>();

/** Anchors of a Markdown file in the repository (parsed once per run), or null if unreadable. */
export function anchorsOfFile(repo: RepoIndex, rel: string): Anchor[] | null {
  let perRepo = anchorCache.get(repo);
  if (!perRepo) anchorCache.set(repo, (perRepo = new Map()));
  if (!perRepo.has(rel)) {
    const text = repo.text(rel);
    perRepo.set(rel, text === null ? null : anchorsOf(parseMarkdown(text.replace(/^\uFEFF/, ''))));
  }
  return perRepo.get(rel) ?? null;
}

/**
 * Whether `anchor` lands somewhere in a file with these anchors. GitHub prefixes ids with
 * `user-content-` and its script accepts the unprefixed form; `#top` and line anchors (`#L10`)
 * always work; the browser decodes and matches ids case-sensitively, yet GitHub's script retries
 * lowercased, so case is ignored here.
 */
export function anchorMatches(anchors: readonly Anchor[], anchor: string): boolean {
  const wanted = anchor.replace(/^user-content-/, '').toLowerCase();
  if (wanted === '' || wanted === 'top' || /^l\d+(-l\d+)?$/.test(wanted)) return true;
  return anchors.some((a) => a.id.toLowerCase() === wanted);
}

/**
 * The anchor a broken fragment most likely meant: the closest by edit distance, else the id whose
 * words best cover the fragment's words by prefix (`#run-tests` → `running-tests`, `#deployment` →
 * `deploy`), since headings are usually reworded rather than misspelt.
 */
export function closestAnchor(anchors: readonly Anchor[], anchor: string): string | null {
  const ids = [...new Set(anchors.map((a) => a.id))];
  const near = closest(anchor, ids);
  if (near !== undefined) return near;
  const words = anchor.toLowerCase().split(/[-_]+/).filter((w) => w.length >= 3);
  let best: string | null = null;
  let bestScore = 0;
  for (const id of ids) {
    const idWords = id.split(/[-_]+/).filter(Boolean);
    const score = words.filter((w) => idWords.some((i) => i.length >= 3 && (i.startsWith(w) || w.startsWith(i)))).length;
    if (score > bestScore && score * 2 >= words.length) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
