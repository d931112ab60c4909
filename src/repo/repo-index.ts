import * as path from 'node:path';
import { FsError, type FileSystem, type Probe } from './vfs.js';
import { listFiles, type FileListing } from './walk.js';
import { instructionKind, instructionPathCandidates, type InstructionKind } from './instruction-names.js';
import { firstAtLeast, isAscending } from '../util/bisect.js';
import { MAX_MANIFEST_BYTES, parseJsonManifest, parseTomlManifest, parseYamlManifest, tooLarge, type ManifestProblem, type ParseOutcome } from './manifests.js';
import { findWorkspacePackages, type WorkspacePackage } from './workspaces.js';
import { isCleanRelative, joinPath, posixBasename, posixDirname } from './join.js';
import { listingText, pathsMatching } from './listing-text.js';
import { escapeRegExp } from '../util/text.js';

export interface RepoIndexOptions {
  root: string;
  fs: FileSystem;
  /** Extra instruction-file names (Codex fallbacks). */
  fallbackNames?: readonly string[];
  /** Use `git ls-files` when the root is a work tree (default true). */
  useGit?: boolean;
  /**
   * The run asks few questions (a lint of a few files, as lint-staged runs it): the first names are
   * scanned for in the listing's text before the index of all names is built. Default false: a name
   * that no scanNames() batch covered builds that index on first use, which a run over the
   * repository soon needs.
   */
  fewLookups?: boolean;
  /** git's listing of the root (`git ls-files -z` output), when the caller has it already (--cache lists before it lints). */
  gitListing?: string;
  /**
   * A listing made earlier, to use as it is: a long-lived caller (the ESLint plugin) lists a root
   * once, and the indexes built over one listing (ListingIndexes) then serve every index made of it.
   */
  listing?: FileListing;
}

/**
 * The indexes of a listing that depend on nothing else, built on first use: kept with the listing
 * (not the index), so that indexes made of the same listing object share them.
 */
interface ListingIndexes {
  fileSet?: Set<string>;
  byBase?: Map<string, string[]>;
  dirs?: Set<string>;
  fileIsDir: boolean;
  ascending?: boolean;
  clean?: boolean;
}

const listingIndexes = new WeakMap<FileListing, ListingIndexes>();

/**
 * Lookups answered by bisection before the index they would otherwise read is built, in every run:
 * a run of the discovery rules asks has() half a dozen times, where a set of 22,500 paths costs
 * 2.7 ms to build; a full lint asks tens of thousands of times and builds it after these.
 */
const BISECT_LOOKUPS = 512;

/**
 * Names filesNamed() finds by a scan of the listing's text before it builds the index of all names:
 * one scan per name in a run of few lookups (fewLookups), and in any run the names of one scanNames()
 * batch (a single pass answers them all, where the index costs a slice and a lookup per listed path).
 */
export const NAME_SCANS = 18;

/** A name a path's last segment can equal: not empty, no `/` (a separator) and no NUL (the text's). */
function isPlainName(name: string): boolean {
  return name !== '' && !name.includes('/') && !name.includes('\0');
}

/**
 * The paths of a listing text (each followed by NUL, none ending with `/`) whose last segment is one
 * of `names`, by name, each in order, in one scan: a name at a segment's start (the text's start, a
 * NUL or a `/` before it) and a NUL after it. Each match takes its path's NUL, and the lookbehind
 * does not, so none is missed; a path has one last segment, so it matches once at most.
 */
function pathsNamed(text: string, names: readonly string[]): Map<string, string[]> {
  const found = new Map<string, string[]>(names.map((n) => [n, []]));
  for (const p of pathsMatching(text, new RegExp(`(?<![^\\0/])(?:${names.map(escapeRegExp).join('|')})\\0`, 'g'))) found.get(posixBasename(p))!.push(p);
  return found;
}

/** The longest run below a directory namedBelow() scans instead of building the index of names. */
const NAMED_BELOW_SCAN = 4096;

/** A path in a listing text (see FileListing.text) that is not clean: empty, `.`/`..` segments, a leading, trailing or doubled `/`. */
const UNCLEAN_LISTING = /^\0|\0\0|^\/|\0\/|\/\/|\/\0|(?:^|[\0/])\.\.?(?:[\0/]|$)/;

/**
 * Everything the run knows about the repository, built once and read-only: the file list, the
 * instruction files, parsed manifests and workspace packages. All IO of a lint happens here (and in
 * discovery probes), so rules stay pure.
 */
export class RepoIndex {
  readonly root: string;
  readonly fs: FileSystem;
  readonly listing: FileListing;
  readonly files: readonly string[];
  readonly #fallbacks: readonly string[];
  readonly #bytes = new Map<string, Uint8Array | FsError>();
  readonly #parsed = new Map<string, ParseOutcome<unknown> | null>();
  /** Files parsed by a bulk scan only (scanJson), never by a check that needed that file: not reported. */
  readonly #scannedOnly = new Set<string>();
  // The whole-listing indexes are built on first use, and lookups bisect the sorted listing until
  // then: a lint-staged run asks a few hundred questions of a listing of tens of thousands of paths,
  // each index costs milliseconds to build, and most code runs once, in V8's interpreter.
  readonly #ix: ListingIndexes;
  #scannedNames: Map<string, string[]> | undefined;
  #plain: boolean | undefined;
  #lookups = 0;
  #dirLookups = 0;
  /** How many lookups may bisect, and how many names may be scanned for, before the indexes are built. */
  readonly #lookupBudget: number;
  readonly #nameScanBudget: number;
  #instructionPaths: { path: string; kind: InstructionKind }[] | undefined;
  #packages: WorkspacePackage[] | undefined;
  /** Whether a manifest that findWorkspacePackages read did not parse (see brokenReads). */
  #packagesRestOnBroken = false;
  #brokenReads = 0;
  readonly #plainJoin: boolean;
  readonly #rootSlash: string;

  constructor(options: RepoIndexOptions) {
    this.root = options.root;
    this.#plainJoin = path.sep === '/' && path.isAbsolute(this.root) && path.normalize(this.root) === this.root;
    this.#rootSlash = this.root.endsWith('/') ? this.root : `${this.root}/`;
    this.fs = options.fs;
    this.#fallbacks = options.fallbackNames ?? [];
    this.#lookupBudget = BISECT_LOOKUPS;
    this.#nameScanBudget = options.fewLookups ? NAME_SCANS : 0;
    this.listing = options.listing ?? listFiles(options.fs, options.root, options.useGit ?? true, options.gitListing);
    this.files = this.listing.files;
    let ix = listingIndexes.get(this.listing);
    if (!ix) listingIndexes.set(this.listing, (ix = { fileIsDir: false }));
    this.#ix = ix;
  }

  abs(rel: string): string {
    // Hot (hosts map every listed file to its absolute path): joinPath concatenates clean paths.
    return rel ? joinPath(this.root, rel) : this.root;
  }

  /** Repository-relative POSIX path of an absolute path (may start with ../ when outside). */
  rel(abs: string): string {
    // Hot (every simulated chain maps its files back): below the root and clean, it is the tail.
    if (this.#plainJoin && abs.startsWith(this.#rootSlash)) {
      const tail = abs.slice(this.#rootSlash.length);
      if (tail === '' || isCleanRelative(tail)) return tail;
    }
    return path.relative(this.root, abs).split(path.sep).join('/');
  }

  has(rel: string): boolean {
    if (this.#ix.fileSet === undefined) {
      if (++this.#lookups <= this.#lookupBudget && this.ascending) {
        const at = firstAtLeast(this.files, rel);
        return at < this.files.length && this.files[at] === rel;
      }
      this.#ix.fileSet = new Set(this.files);
    }
    return this.#ix.fileSet.has(rel);
  }

  /**
   * Whether `dirs` holds `rel`, without building it for the first questions: in a sorted listing
   * of clean paths a directory is a prefix `rel/` of the paths of one run, found by bisection.
   */
  isDir(rel: string): boolean {
    // Hot in a full run (tens of thousands of questions): the index, once built, is read directly.
    const dirs = this.#ix.dirs;
    if (dirs !== undefined) return dirs.has(rel);
    if (++this.#dirLookups <= this.#lookupBudget && this.#bisectable()) {
      if (rel === '') return true;
      const prefix = `${rel}/`;
      const at = firstAtLeast(this.files, prefix);
      return at < this.files.length && this.files[at]!.startsWith(prefix);
    }
    return this.dirs.has(rel);
  }

  /**
   * Whether the listing is strictly ascending (sorted in code-unit order, no path twice): a path
   * then has one place, found by bisection. The lister usually knows; else one pass finds out.
   */
  get ascending(): boolean {
    return (this.#ix.ascending ??= this.listing.ascending ?? isAscending(this.files));
  }

  /**
   * Whether directories can be told by bisection: an ascending listing whose paths are all clean
   * (no empty, `.` or `..` segment, no leading or trailing `/`), so that the directories #collectDirs
   * finds are exactly the `dir/` prefixes of listed paths.
   */
  #bisectable(): boolean {
    return (this.#ix.clean ??= this.ascending && !UNCLEAN_LISTING.test(this.#text()));
  }

  /** The listing as one string, each path followed by NUL (git's own output when the lister kept it). */
  #text(): string {
    return this.listing.text ?? listingText(this.files);
  }

  /** The lister's text when name scans can read it: no entry ends with `/` (a last segment is a name). */
  #scannableText(): string | undefined {
    const text = this.listing.text;
    return text !== undefined && (this.#plain ??= !text.includes('/\0')) ? text : undefined;
  }

  /**
   * Whether some listed path contains `fragment` (which holds no NUL): one native search of the
   * listing's text when the lister kept it, instead of a callback per listed path.
   */
  someFileIncludes(fragment: string): boolean {
    const text = this.listing.text;
    if (text !== undefined && !fragment.includes('\0')) return text.includes(fragment);
    for (let i = 0; i < this.files.length; i++) if (this.files[i]!.includes(fragment)) return true;
    return false;
  }

  #hidden: readonly string[] | undefined;
  /**
   * Listed paths with a segment that starts with `.` (`.github/…`, `pkg/.claude/…`), in listing order:
   * the few a monorepo has are found by a native search of the listing's text for a segment start
   * followed by a dot, not by testing every path.
   */
  hiddenFiles(): readonly string[] {
    if (this.#hidden) return this.#hidden;
    const text = this.listing.text;
    if (text === undefined) return (this.#hidden = this.files.filter((f) => f.charCodeAt(0) === 46 || f.includes('/.')));
    const found: string[] = [];
    // A dot at a segment's start: the text's start, a NUL or a `/` before it.
    const dotAtSegmentStart = /(?<![^\0/])\./g;
    for (let m = dotAtSegmentStart.exec(text); m !== null; m = dotAtSegmentStart.exec(text)) {
      const end = text.indexOf('\0', m.index);
      found.push(text.slice(text.lastIndexOf('\0', m.index) + 1, end));
      // On to the next path: one path is taken once, however many hidden segments it has.
      dotAtSegmentStart.lastIndex = end;
    }
    return (this.#hidden = found);
  }

  /**
   * Readies filesNamed() for several names with one native scan of the listing's text, in any run
   * (up to NAME_SCANS scanned names): a run of the discovery rules asks a dozen names and no others,
   * and the index of every name would cost it a few milliseconds and tens of thousands of strings.
   * Nothing when the index of names is built or the text cannot be scanned. Only a head start:
   * filesNamed() answers the same either way.
   */
  scanNames(bases: readonly string[]): void {
    const text = this.#scannableText();
    if (this.#ix.byBase !== undefined || text === undefined) return;
    const room = NAME_SCANS - (this.#scannedNames?.size ?? 0);
    const batch = [...new Set(bases)].filter((b) => isPlainName(b) && !this.#scannedNames?.has(b)).slice(0, Math.max(0, room));
    if (batch.length < 2) return;
    const scanned = (this.#scannedNames ??= new Map());
    for (const [base, found] of pathsNamed(text, batch)) scanned.set(base, found);
  }

  filesNamed(base: string): readonly string[] {
    if (this.#ix.byBase === undefined) {
      // The first few names are found by a native scan of the listing's text each: cheaper than
      // the index of every name (a slice and a lookup per path) for a run that asks only those.
      const known = this.#scannedNames?.get(base);
      if (known !== undefined) return known;
      const text = this.#scannableText();
      if (text !== undefined && (this.#scannedNames?.size ?? 0) < this.#nameScanBudget && isPlainName(base)) {
        const found = pathsNamed(text, [base]).get(base)!;
        (this.#scannedNames ??= new Map()).set(base, found);
        return found;
      }
      const byBase = new Map<string, string[]>();
      // Indexed loops over the listing, here and below: until V8 optimises them they run in its
      // interpreter, where for-of over tens of thousands of files costs several times as much.
      const files = this.files;
      for (let i = 0; i < files.length; i++) {
        const file = files[i]!;
        const name = posixBasename(file);
        const list = byBase.get(name);
        if (list) list.push(file);
        else byBase.set(name, [file]);
      }
      this.#ix.byBase = byBase;
      this.#scannedNames = undefined;
    }
    return this.#ix.byBase.get(base) ?? [];
  }

  /**
   * The files named `base` below the directory `dir` (not ''), in code-unit order, from the
   * listing's run of paths below `dir/` (bisected), in a run of few lookups while the index of names
   * is not built and that run is short; null otherwise (the index answers then). A lint-staged run's suggestions ask this
   * for every missing file name of a package.
   */
  namedBelow(base: string, dir: string): string[] | null {
    if (this.#nameScanBudget === 0 || this.#ix.byBase !== undefined || this.listing.ascending !== true) return null;
    const files = this.files;
    // Below `dir/` the ascending listing is one run: from `dir/` up to `dir0` ('0' follows '/').
    const lo = firstAtLeast(files, `${dir}/`);
    const hi = firstAtLeast(files, `${dir}0`);
    if (hi - lo > NAMED_BELOW_SCAN) return null;
    const found: string[] = [];
    for (let i = lo; i < hi; i++) if (posixBasename(files[i]!) === base) found.push(files[i]!);
    return found;
  }

  /**
   * Whether the directories are indexed and no listed file is also a listed directory: a cheap
   * answer for a path below a listed directory when it is yes; false when building the directories
   * would be needed to say.
   */
  get knownNoFileIsDir(): boolean {
    return this.#ix.dirs !== undefined && !this.#ix.fileIsDir;
  }

  /** Every directory that holds a listed file, and their ancestors ('' is the root). */
  get dirs(): Set<string> {
    return (this.#ix.dirs ??= this.#collectDirs());
  }

  #collectDirs(): Set<string> {
    const dirs = new Set<string>(['']);
    let fileIsDir = this.has('');
    // Sorted files come directory by directory: a file in the previous file's directory adds nothing
    // (that directory and its ancestors are in already), so only the first file of each is walked.
    let previous: string | null = null;
    const files = this.files;
    for (let i = 0; i < files.length; i++) {
      const file = files[i]!;
      // Directly in `previous`: its last `/` ends that prefix.
      if (previous !== null && file.lastIndexOf('/') === previous.length && file.startsWith(previous)) continue;
      const first = posixDirname(file);
      previous = first === '.' ? null : first;
      for (let d = first; d !== '.' && !dirs.has(d); d = posixDirname(d)) {
        dirs.add(d);
        if (!fileIsDir && this.has(d)) fileIsDir = true;
      }
    }
    this.#ix.fileIsDir = fileIsDir;
    return dirs;
  }

  /**
   * Whether some listed file is also a listed directory (a file `a` beside `a/b`), which no checkout
   * has: found while the directories are collected, each of them looked up once.
   */
  get fileIsDir(): boolean {
    this.#ix.dirs ??= this.#collectDirs();
    return this.#ix.fileIsDir;
  }

  instructionFiles(): readonly { path: string; kind: InstructionKind }[] {
    if (this.#instructionPaths) return this.#instructionPaths;
    const found: { path: string; kind: InstructionKind }[] = [];
    // Without fallback names only a few name shapes can be instruction files: a native scan of the
    // listing's text finds the paths of those shapes (git's paths: none empty or ending with `/`).
    const text = this.#scannableText();
    if (this.#fallbacks.length === 0 && text !== undefined) {
      const paths = instructionPathCandidates(text);
      for (let i = 0; i < paths.length; i++) {
        const kind = instructionKind(paths[i]!);
        if (kind) found.push({ path: paths[i]!, kind });
      }
      return (this.#instructionPaths = found);
    }
    // A plain loop: flatMap allocated an array for each of the (mostly non-instruction) files.
    const files = this.files;
    for (let i = 0; i < files.length; i++) {
      const kind = instructionKind(files[i]!, this.#fallbacks);
      if (kind) found.push({ path: files[i]!, kind });
    }
    return (this.#instructionPaths = found);
  }

  /**
   * Raw bytes, read once. Errors are returned, not thrown, so each caller can report them in place.
   * `probed`: the caller's probe of the file (FileSystem.read).
   */
  bytes(rel: string, maxBytes?: number, probed?: Probe): Uint8Array | FsError {
    this.noteUse(rel);
    let cached = this.#bytes.get(rel);
    if (cached === undefined) {
      try {
        // A cap keeps memory bounded on hostile files (a 100 MB AGENTS.md); the first caller decides.
        cached = this.fs.read(this.abs(rel), maxBytes, probed);
      } catch (error) {
        cached = error instanceof FsError ? error : new FsError('EIO', this.abs(rel), String(error));
      }
      this.#bytes.set(rel, cached);
    }
    return cached;
  }

  /** Tells the file system that what it answered about `rel` is used again (see FileSystem.noteUse). */
  noteUse(rel: string): void {
    this.fs.noteUse?.(this.abs(rel));
  }

  /** The bytes already read for an absolute path (as bytes() returned them), or undefined; never reads. */
  bytesRead(abs: string): Uint8Array | undefined {
    if (this.#bytes.size === 0) return undefined;
    const cached = this.#bytes.get(this.rel(abs));
    return cached instanceof Uint8Array ? cached : undefined;
  }

  text(rel: string): string | null {
    if (!this.has(rel)) return null;
    const bytes = this.bytes(rel);
    return bytes instanceof FsError ? null : Buffer.from(bytes).toString('utf8');
  }

  json(rel: string): unknown {
    this.#scannedOnly.delete(rel);
    return this.#parsedJson(rel);
  }

  /**
   * json() for a bulk scan of every file of a name (each package.json, for the packages some manifest
   * names): the answer still rests on the file (brokenReads counts a failure), but a file that does
   * not parse is no manifest a check needed (a deliberately broken test fixture in no workspace), so
   * manifestProblems (no-invalid-manifest) leaves it out unless json() is asked for it too.
   */
  scanJson(rel: string): unknown {
    if (!this.#parsed.has(rel)) this.#scannedOnly.add(rel);
    return this.#parsedJson(rel);
  }

  /** A JSON file parsed once, with comments and trailing commas where its tools allow them (tsconfig, turbo, VS Code, .jsonc). */
  #parsedJson(rel: string): unknown {
    return this.parsed(rel, (b) => parseJsonManifest(rel, b, rel.endsWith('.jsonc') || /(^|\/)(tsconfig[^/]*|turbo)\.json$|(^|\/)\.vscode\/[^/]+\.json$/.test(rel)));
  }

  yaml(rel: string): unknown {
    return this.parsed(rel, (b) => parseYamlManifest(rel, b));
  }

  toml(rel: string): unknown {
    return this.parsed(rel, (b) => parseTomlManifest(rel, b));
  }

  private parsed(rel: string, parse: (bytes: Uint8Array) => ParseOutcome<unknown>): unknown {
    if (!this.#parsed.has(rel)) {
      if (!this.has(rel)) {
        this.#parsed.set(rel, null);
      } else {
        // A manifest over the limit is reported from its size alone: never read, however large.
        const size = this.fs.probe(this.abs(rel)).size;
        if (size !== undefined && size > MAX_MANIFEST_BYTES) {
          this.#parsed.set(rel, tooLarge(rel, size));
          return undefined;
        }
        const bytes = this.bytes(rel);
        this.#parsed.set(
          rel,
          bytes instanceof FsError ? { ok: false, problem: { file: rel, line: 1, column: 1, message: `cannot read: ${bytes.code}` } } : parse(bytes),
        );
      }
    }
    const outcome = this.#parsed.get(rel);
    if (outcome && !outcome.ok) this.#brokenReads++;
    return outcome && outcome.ok ? outcome.value : undefined;
  }

  /**
   * How many times a rule asked for a manifest that exists and did not parse (or could not be read
   * whole), workspacePackages()'s included: what such a file defines is unknown, so a rule that read
   * one while checking a reference cannot call a name missing (src/shell/runners/index.ts).
   */
  get brokenReads(): number {
    return this.#brokenReads;
  }

  /** Every file that a rule needed parsed and that exists (repository-relative), parsed or not: what no-invalid-manifest may report on. */
  parsedFiles(): string[] {
    const files: string[] = [];
    for (const [rel, outcome] of this.#parsed) if (outcome) files.push(rel);
    return files;
  }

  /** Manifests that were needed and failed to parse, in path order (not those only a bulk scan read: scanJson). */
  manifestProblems(): ManifestProblem[] {
    const problems: ManifestProblem[] = [];
    for (const [rel, outcome] of this.#parsed) if (outcome && !outcome.ok && !this.#scannedOnly.has(rel)) problems.push(outcome.problem);
    return problems.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line));
  }

  workspacePackages(): readonly WorkspacePackage[] {
    if (!this.#packages) {
      const broken = this.#brokenReads;
      this.#packages = findWorkspacePackages(this);
      this.#packagesRestOnBroken = this.#brokenReads !== broken;
    } else if (this.#packagesRestOnBroken) {
      this.#brokenReads++;
    }
    return this.#packages;
  }
}
