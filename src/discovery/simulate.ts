import * as path from 'node:path';
import type { AbsenceProof, FileSystem, Probe } from '../repo/vfs.js';
import { FsError, MISSING } from '../repo/vfs.js';
import { decodeLossy, isRustWhitespaceOnly, utf8Length } from '../util/text.js';
import { sequenceLength } from '../markdown/locate.js';
import { candidateNames, renderBlock, joinInstructions, budgetWarnings, MAX_READ_FILE_BYTES, PROJECT_DOC_SEPARATOR } from './hosts/codex.js';
import type { CandidateProbe, CodexSettings, LoadedFile, RootInfo, SearchedDirectory, Simulation } from './types.js';
import { isCleanRelative, joinPath, joinsByConcatenation } from '../repo/join.js';
import { parentDir } from './parent-dir.js';
import type { Locality, MemoTable } from './local-memo.js';

export interface SimulateOptions {
  /**
   * When the linted repository's root was set by a config file (`"root": true`) or `--root`, the
   * marker walk stops there and treats it as the project root, so fixtures and vendored trees are
   * simulated as repositories of their own. `explain` reports where Codex itself would stop.
   */
  boundary?: string;
}

/**
 * Memoises probes and reads for one run, so chains that share a prefix share the work. It is the
 * only state discovery keeps; simulate() stays a pure function of the file system's answers.
 */
export class ProbeCache {
  readonly #probes = new Map<string, Probe>();
  readonly #reads = new Map<string, { bytes: Uint8Array } | { error: FsError }>();
  /** Directories expected to be probed for many names, and (once listed) what their listing proves. */
  readonly #listed = new Map<string, AbsenceProof | null | undefined>();
  /**
   * `known(absPath)`: the whole file as the run already read it (the repository index holds every
   * instruction file's bytes), or undefined; a read that it answers needs no second trip to the disk.
   */
  constructor(
    readonly fs: FileSystem,
    readonly known?: (absPath: string) => Uint8Array | undefined,
  ) {}

  probe(absPath: string): Probe {
    let p = this.#probes.get(absPath);
    if (!p) {
      p = this.#provenMissing(absPath) ? MISSING : this.fs.probe(absPath);
      this.#probes.set(absPath, p);
    }
    return p;
  }

  /**
   * Marks a directory whose names discovery will probe by the half dozen (every working directory
   * and the directories above it): it is listed once, on its first probe, and names the listing
   * proves absent are answered without a metadata call (FileSystem.absence). Only a hint: answers
   * are the same either way.
   */
  expectProbes(absDir: string): void {
    if (this.fs.absence && !this.#listed.has(absDir)) this.#listed.set(absDir, undefined);
  }

  #provenMissing(absPath: string): boolean {
    if (this.#listed.size === 0) return false;
    const slash = absPath.lastIndexOf('/');
    if (slash <= 0) return false;
    return this.absentIn(absPath.slice(0, slash), absPath.slice(slash + 1));
  }

  /**
   * Whether `dir`'s listing proves `name` absent there (probe(dir/name) is then "missing"), for a
   * directory marked with expectProbes; false when it proves nothing. No path is built for the answer.
   */
  absentIn(dir: string, name: string): boolean {
    const proof = this.#proofIn(dir);
    return proof !== null && proof.missing(name);
  }

  /** What `dir`'s listing proves: listed on the first question about a directory marked with expectProbes; null for any other. */
  #proofIn(dir: string): AbsenceProof | null {
    let proof = this.#listed.get(dir);
    if (proof === undefined) {
      if (!this.#listed.has(dir)) return null;
      proof = this.fs.absence?.(dir) ?? null;
      this.#listed.set(dir, proof);
    }
    return proof;
  }

  /** decoded(): each path's first decoded length and text; other lengths of a path by length and path. */
  readonly #firstTexts = new Map<string, { length: number; text: string }>();
  readonly #texts = new Map<string, string>();

  /**
   * Whether `dir`'s listing proves every one of `names` absent (see absentIn): one lookup and, with a
   * listing's proof, one test for the lot. `names` should be one array asked of many directories.
   */
  absentAllIn(dir: string, names: readonly string[]): boolean {
    const proof = this.#proofIn(dir);
    if (proof === null) return false;
    if (proof.missingAll) return proof.missingAll(names);
    for (let i = 0; i < names.length; i++) if (!proof.missing(names[i]!)) return false;
    return true;
  }

  /**
   * `derive(text)` computed once per run for each distinct text: a root file is scanned (for imports,
   * say) from every cwd below it, 2,000 times on a large monorepo, with the same answer.
   */
  memo<T>(derive: (text: string) => T, text: string): T {
    const byText = this.memoMap<T>(derive);
    let value = byText.get(text);
    if (value === undefined && !byText.has(text)) byText.set(text, (value = derive(text)));
    return value as T;
  }

  readonly #byPath = new Map<object, Map<string, { text: string; value: unknown }>>();

  /**
   * `derive(text)` for the text of the file at `absPath`, memoised by the path: memo() keys its map
   * by the whole text, and a map hashes a string key's every character the first time it sees that
   * string (five hundred 3-KB AGENTS.md files hashed cost more than deriving from them). The text is
   * compared too (the same string, nearly always), so a path read with another text is derived anew.
   */
  derivedOf<T>(derive: (text: string) => T, absPath: string, text: string): T {
    let byPath = this.#byPath.get(derive);
    if (!byPath) this.#byPath.set(derive, (byPath = new Map()));
    const known = byPath.get(absPath);
    if (known !== undefined && known.text === text) return known.value as T;
    const value = derive(text);
    byPath.set(absPath, { text, value });
    return value;
  }

  readonly #keyed = new Map<object, Map<string, unknown>>();

  /**
   * The map memoBy keeps for `scope`, for the hottest callers (a lookup per directory per cwd): they
   * look the key up themselves and need no closure per call.
   */
  memoMap<T>(scope: object): Map<string, T> {
    let byKey = this.#keyed.get(scope);
    if (!byKey) this.#keyed.set(scope, (byKey = new Map()));
    return byKey as Map<string, T>;
  }

  /**
   * memoMap for a memo whose values are local (see Locality): keyed by a path and derived from that
   * path's probes and reads alone, or keyed by a directory and derived from names directly inside it.
   * A cache that hides files shares such a memo with the cache it wraps wherever no hidden path bears
   * on the key (HidingProbeCache); here it is memoMap's map.
   */
  localMemo<T>(scope: object, _by: Locality): MemoTable<T> {
    return this.memoMap<T>(scope);
  }

  /**
   * The map memoBy would make for `key` within `scope` when each value is itself a map (per
   * directory, say): memoMap's entry for the key, made empty the first time, with no closure per call.
   */
  memoMapOf<T>(scope: object, key: string): Map<string, T> {
    const byKey = this.memoMap<Map<string, T>>(scope);
    let map = byKey.get(key);
    if (map === undefined) byKey.set(key, (map = new Map()));
    return map;
  }

  /** `make()` once per run for each key within `scope` (a function or object naming what is memoised). */
  memoBy<T>(scope: object, key: string, make: () => T): T {
    let byKey = this.#keyed.get(scope);
    if (!byKey) {
      byKey = new Map();
      this.#keyed.set(scope, byKey);
    }
    const found = byKey.get(key);
    if (found !== undefined || byKey.has(key)) return found as T;
    const value = make();
    byKey.set(key, value);
    return value;
  }

  /**
   * The lossy text of `bytes` read from `absPath`, memoised by path and length: every cwd below a file
   * decodes the same bytes, and on a large monorepo the root file would otherwise be decoded (and kept
   * in memory) once per working directory.
   */
  decoded(absPath: string, bytes: Uint8Array): string {
    // Looked up by the path first: nearly every path is decoded at one length (the whole file), and
    // a key joining length and path would be a new string, hashed anew, on each of thousands of calls.
    const first = this.#firstTexts.get(absPath);
    if (first !== undefined && first.length === bytes.length) return first.text;
    if (first === undefined) {
      const text = decodeLossy(bytes);
      this.#firstTexts.set(absPath, { length: bytes.length, text });
      return text;
    }
    const key = `${bytes.length}\0${absPath}`;
    let text = this.#texts.get(key);
    if (text === undefined) {
      text = decodeLossy(bytes);
      this.#texts.set(key, text);
    }
    return text;
  }

  /** Reads up to `maxBytes`: Codex ≤0.118 read exactly that much and newer ones cut to it, same bytes. */
  read(absPath: string, maxBytes: number): { bytes: Uint8Array } | { error: FsError } {
    const key = absPath;
    const cached = this.#reads.get(key);
    if (cached && ('error' in cached || cached.bytes.length >= maxBytes || cached.bytes.length === (this.probe(absPath).size ?? -1))) {
      // The cached answer itself when nothing is cut off (the same bytes, no new view per call).
      return 'error' in cached || cached.bytes.length <= maxBytes ? cached : { bytes: cached.bytes.subarray(0, maxBytes) };
    }
    let result: { bytes: Uint8Array } | { error: FsError };
    const whole = this.known?.(absPath);
    if (whole !== undefined && whole.length === this.probe(absPath).size) {
      const all = { bytes: whole };
      this.#reads.set(key, all);
      return whole.length > maxBytes ? { bytes: whole.subarray(0, maxBytes) } : all;
    }
    try {
      result = { bytes: this.fs.read(absPath, maxBytes) };
    } catch (error) {
      result = { error: error instanceof FsError ? error : new FsError('EIO', absPath, String(error)) };
    }
    this.#reads.set(key, result);
    return result;
  }
}

/** Project-root detection (docs/codex-discovery.md §1): nearest ancestor holding any marker. */
export function findRoot(cache: ProbeCache, cwd: string, markers: readonly string[], boundary?: string): RootInfo {
  if (markers.length === 0) return { dir: null, reason: { kind: 'no-markers' } };
  // The answer for a directory is its own marker or its parent's answer: memoised per directory, so
  // the thousands of cwds of a monorepo walk each directory once (and a cwd seen before is one lookup).
  // Per marker array (a settings object's; most runs have one), then boundary: no key string per call.
  const byDir = cache.memoMapOf<RootInfo>(markers, boundary ?? '');
  let info = byDir.get(cwd);
  if (info !== undefined) return info;
  // Most often the cwd answers itself, or its parent was answered before: no walk.
  info = ownRoot(cache, cwd, markers, boundary);
  if (info === undefined) {
    const parent = parentDir(cwd);
    if (parent !== cwd) info = byDir.get(parent);
    if (info === undefined) return walkToRoot(cache, byDir, cwd, markers, boundary);
  }
  byDir.set(cwd, info);
  return info;
}

/** findRoot's walk: up to the first directory answered before or answering itself; those on the way share its answer. */
function walkToRoot(cache: ProbeCache, byDir: Map<string, RootInfo>, cwd: string, markers: readonly string[], boundary: string | undefined): RootInfo {
  let info: RootInfo | undefined;
  const below: string[] = [];
  for (let dir = cwd; ; ) {
    info = byDir.get(dir);
    if (info !== undefined) break;
    info = ownRoot(cache, dir, markers, boundary);
    if (info !== undefined) {
      byDir.set(dir, info);
      break;
    }
    below.push(dir);
    const parent = parentDir(dir);
    if (parent === dir) {
      info = { dir: null, reason: { kind: 'none' } };
      break;
    }
    dir = parent;
  }
  for (let i = 0; i < below.length; i++) byDir.set(below[i]!, info);
  return info;
}

/** The answer a directory gives by itself (a marker in it, or the boundary), or undefined: its parent's answer is its own. */
function ownRoot(cache: ProbeCache, dir: string, markers: readonly string[], boundary: string | undefined): RootInfo | undefined {
  for (let i = 0; i < markers.length; i++) {
    const marker = markers[i]!;
    // A plain name the directory's listing proves absent needs no probe (the answer is "missing").
    if (cache.absentIn(dir, marker)) continue;
    // Markers are joined lexically: "" is the directory itself, ".." its parent, an absolute
    // marker replaces the path (§1.7). Any successful followed metadata counts, errors are absent.
    const probePath = path.isAbsolute(marker) ? marker : joinPath(dir, marker);
    const probe = cache.probe(probePath);
    if (probe.kind !== 'missing' && probe.kind !== 'error') return { dir, reason: { kind: 'marker', marker } };
  }
  if (boundary !== undefined && dir === boundary) return { dir, reason: { kind: 'boundary' } };
  return undefined;
}

/** Directories searched: root → cwd inclusive, or only the cwd without a root (§1.12). */
export function searchDirectories(cwd: string, root: string | null): string[] {
  if (root === null) return [cwd];
  const dirs: string[] = [];
  for (let dir = cwd; ; ) {
    dirs.push(dir);
    const parent = parentDir(dir);
    if (dir === root || parent === dir) break;
    dir = parent;
  }
  return dirs.reverse();
}

/** A name list's memo key, joined once per array (the same array is passed for every directory). */
const namesKeys = new WeakMap<readonly string[], string>();

/** The first candidate whose followed metadata is a regular file wins (§2.1, §2.3). Once per directory and name list. */
export function probeDirectory(cache: ProbeCache, dir: string, names: readonly string[]): SearchedDirectory & { error: CandidateProbe | null } {
  let key = namesKeys.get(names);
  if (key === undefined) namesKeys.set(names, (key = names.join('\0')));
  // Looked up without a closure per call (once per directory and settings, in cold code).
  const byDir = cache.memoMapOf<SearchedDirectory & { error: CandidateProbe | null }>(probeDirectory, key);
  let searched = byDir.get(dir);
  if (!searched) byDir.set(dir, (searched = probeUncached(cache, dir, names)));
  return searched;
}

/** Per name list (one array for every directory searched with it): whether joinPath keeps each name as it is. */
const namesClean = new WeakMap<readonly string[], boolean>();

/**
 * What joinPath(dir, name) is for every one of `names`: this prefix and the name, or null when any
 * path must go through joinPath. joinPath concatenates exactly when the directory is normal and
 * absolute and the name clean: checked here once for the directory and once for the name list,
 * instead of per name (two per directory, thousands of directories, in cold code).
 */
function joinPrefix(dir: string, names: readonly string[]): string | null {
  let clean = namesClean.get(names);
  if (clean === undefined) {
    clean = true;
    for (let i = 0; i < names.length; i++) if (!isCleanRelative(names[i]!)) clean = false;
    namesClean.set(names, clean);
  }
  if (!clean || !joinsByConcatenation(dir)) return null;
  return dir === '/' ? '/' : `${dir}/`;
}

function probeUncached(cache: ProbeCache, dir: string, names: readonly string[]): SearchedDirectory & { error: CandidateProbe | null } {
  const candidates: CandidateProbe[] = [];
  const prefix = joinPrefix(dir, names);
  // Most directories hold none of the names (one test of the listing): each is missing, no lookup per name.
  if (cache.absentAllIn(dir, names)) {
    for (let i = 0; i < names.length; i++) candidates.push({ kind: 'missing', symlink: false, name: names[i]!, path: prefix === null ? joinPath(dir, names[i]!) : prefix + names[i]! });
    return { dir, candidates, chosen: null, error: null };
  }
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const candidatePath = prefix === null ? joinPath(dir, name) : prefix + name;
    // A name the listing proves absent is MISSING's fields, written out (a spread per name and directory costs more, in cold code).
    const probe: CandidateProbe = cache.absentIn(dir, name) ? { kind: 'missing', symlink: false, name, path: candidatePath } : { ...cache.probe(candidatePath), name, path: candidatePath };
    candidates.push(probe);
    if (probe.kind === 'file') {
      // Files over the local read limit fail the read, which is an error for the environment (§4.7).
      if ((probe.size ?? 0) > MAX_READ_FILE_BYTES) return { dir, candidates, chosen: probe, error: { ...probe, kind: 'error', code: 'EFBIG' } };
      return { dir, candidates, chosen: probe, error: null };
    }
    if (probe.kind === 'error') return { dir, candidates, chosen: null, error: probe };
  }
  return { dir, candidates, chosen: null, error: null };
}

/**
 * What Codex sends the model for one working directory, byte for byte (docs/codex-discovery.md,
 * Appendix A, as observed on the released CLI). Pure over the probe cache.
 */
export function simulate(cache: ProbeCache, cwd: string, settings: CodexSettings, options: SimulateOptions = {}): Simulation {
  // Budget 0 disables discovery entirely, and an explicitly untrusted project loads no project docs.
  if (!settings.loadProjectDocs || settings.maxBytes <= 0) {
    return finish({ host: 'codex', cwd, root: { dir: null, reason: { kind: 'none' } }, settings, searched: [], files: [], error: null }, settings, []);
  }
  const root = findRoot(cache, cwd, settings.rootMarkers, options.boundary);
  const chain = chainState(cache, settings, root.dir, cwd);
  const error = chain.error ?? chain.readError;
  // The text and warnings depend only on the files selected (and the settings): every cwd below a
  // directory whose chain adds no file shares its parent's, so they are joined once per chain.
  const joined = joinedFor(cache, settings, chain.files, error !== null);
  return new CodexSimulation(cwd, root, settings, chain.searched, chain.files, error, joined.text, joined.warnings, joined.projectCount > 0);
}

/**
 * A Simulation whose block is rendered when asked for (explain): the block repeats the chain's text
 * under the cwd's own header, and thousands of cwds share one chain, so only the text is kept. A
 * class, not an object literal with a getter: such literals are dictionary-mode objects, several
 * times the size of this one, and made once per cwd.
 */
class CodexSimulation implements Simulation {
  readonly host = 'codex';
  readonly #hasProjectDocs: boolean;
  constructor(
    readonly cwd: string,
    readonly root: RootInfo,
    readonly settings: CodexSettings,
    readonly searched: SearchedDirectory[],
    readonly files: LoadedFile[],
    readonly error: { path: string; code: string } | null,
    readonly text: string | null,
    readonly warnings: string[],
    hasProjectDocs: boolean,
  ) {
    this.#hasProjectDocs = hasProjectDocs;
  }

  get block(): string | null {
    return this.text === null ? null : renderBlock(this.cwd, this.text, this.#hasProjectDocs);
  }

  /** The plain Simulation, block included, in its fields' order: what JSON.stringify wrote before the class. */
  toJSON(): Simulation {
    const { host, cwd, root, settings, searched, files, error, text, block, warnings } = this;
    return { host, cwd, root, settings, searched, files, error, text, block, warnings };
  }
}

interface Joined {
  text: string | null;
  projectCount: number;
  warnings: string[];
}

/** Per files array (chainState shares it along a chain), the joined text and warnings for each outcome. */
const joinedByFiles = new WeakMap<readonly LoadedFile[], { settings: CodexSettings; ok?: Joined; failed?: Joined }>();

function joinedFor(cache: ProbeCache, settings: CodexSettings, files: readonly LoadedFile[], failed: boolean): Joined {
  let entry = joinedByFiles.get(files);
  if (!entry || entry.settings !== settings) {
    entry = { settings };
    joinedByFiles.set(files, entry);
  }
  const cached = failed ? entry.failed : entry.ok;
  if (cached) return cached;
  const kept = failed ? [] : files.filter((f) => f.dropped === null);
  const projectTexts = kept.map((f) => f.text);
  const { text, warnings } = joinParts(settings, files, projectTexts, cache, kept);
  const joined: Joined = { text, projectCount: projectTexts.length, warnings };
  if (failed) entry.failed = joined;
  else entry.ok = joined;
  return joined;
}


/**
 * What discovery has found once it searched every directory from the root down to `dir`: the
 * directories searched, the files selected with what the budget left of each, or the error that
 * voids them all. It depends only on the settings, the root and the directories on the way, so it
 * is built from the parent directory's state and memoised: the cwds of a monorepo share their
 * prefixes, and each directory is probed and each file budgeted once per (settings, root).
 *
 * The order is Codex's: every directory is probed before any file is read, and a probe error
 * anywhere drops all files (Appendix A); a read error drops all files too. Probing a directory
 * after reading the files above it gives the same answers, since reads and probes are pure.
 */
interface ChainState {
  searched: SearchedDirectory[];
  files: LoadedFile[];
  remaining: number;
  error: { path: string; code: string } | null;
  /** A read failed (not a probe): files are dropped, yet deeper directories are still searched. */
  readError: { path: string; code: string } | null;
}

/** Candidate names per settings object: one array for every directory searched with them (probeDirectory keys by it). */
const namesBySettings = new WeakMap<CodexSettings, string[]>();

function namesFor(settings: CodexSettings): string[] {
  let names = namesBySettings.get(settings);
  if (!names) namesBySettings.set(settings, (names = candidateNames(settings.fallbackFilenames)));
  return names;
}

function chainState(cache: ProbeCache, settings: CodexSettings, root: string | null, dir: string): ChainState {
  const byDir = cache.memoMapOf<ChainState>(settings, root ?? '');
  const known = byDir.get(dir);
  if (known) return known;
  const state = chainStateUncached(cache, settings, root, dir);
  byDir.set(dir, state);
  return state;
}

function chainStateUncached(cache: ProbeCache, settings: CodexSettings, root: string | null, dir: string): ChainState {
  const up = parentDir(dir);
  const parent = root === null || dir === root || up === dir ? null : chainState(cache, settings, root, up);
  if (parent?.error) return parent;
  const searched = probeDirectory(cache, dir, namesFor(settings));
  const entry: SearchedDirectory = { dir, candidates: searched.candidates, chosen: searched.chosen };
  const searchedDirs = parent ? parent.searched.slice() : [];
  searchedDirs.push(entry);
  if (searched.error) return { searched: searchedDirs, files: [], remaining: 0, error: { path: searched.error.path, code: searched.error.code ?? 'EIO' }, readError: null };
  const state: ChainState = { searched: searchedDirs, files: parent?.files ?? [], remaining: parent?.remaining ?? settings.maxBytes, error: null, readError: parent?.readError ?? null };
  if (searched.chosen && !state.readError) {
    const file = loadFile(cache, searched.chosen, state.remaining);
    if ('error' in file) state.readError = file.error;
    else {
      state.files = [...state.files, file];
      state.remaining -= file.usedBytes;
    }
  }
  // A read error is what a complete search ends with: it voids the files for this cwd and below.
  if (state.readError) return { ...state, files: [], error: null };
  return state;
}

/** One selected candidate under the budget left (or the read error that drops every file). */
function loadFile(cache: ProbeCache, candidate: CandidateProbe, remaining: number): LoadedFile | { error: { path: string; code: string } } {
  const file: LoadedFile = {
    path: candidate.path,
    name: candidate.name,
    bytes: candidate.size ?? 0,
    usedBytes: 0,
    text: '',
    dropped: null,
    cut: null,
    remainingBefore: remaining,
  };
  if (remaining === 0) {
    file.dropped = 'budget';
    return file;
  }
  const read = cache.read(candidate.path, remaining);
  if ('error' in read) {
    if (read.error.code === 'ENOENT') {
      file.dropped = 'vanished';
      return file;
    }
    return { error: { path: candidate.path, code: read.error.code } };
  }
  const kept = read.bytes;
  if (kept.length < file.bytes) {
    file.cut = { byteOffset: kept.length, splitsCharacter: splitsCharacter(kept) };
  }
  file.text = cache.decoded(candidate.path, kept);
  // Each file is loaded once per chain root and settings, and the scan stops at the first character
  // that is not white space: cheaper than a memo keyed by the whole text.
  if (isRustWhitespaceOnly(file.text)) {
    file.dropped = 'whitespace';
    return file;
  }
  file.usedBytes = kept.length;
  return file;
}

/** Whether the kept bytes end inside a UTF-8 sequence (the agent then sees U+FFFD). */
function splitsCharacter(kept: Uint8Array): boolean {
  // The last lead byte within the final 3 bytes starts the last sequence (searching from the end:
  // an earlier, complete character such as "é" before a cut "€" must not hide the split).
  for (let start = kept.length - 1; start >= Math.max(0, kept.length - 3); start--) {
    const b = kept[start] ?? 0;
    if (b >= 0xc2 && b <= 0xf4) {
      const seq = sequenceLength(kept, start);
      return !seq.valid && start + seq.length === kept.length && seq.length < expectedLength(b);
    }
  }
  return false;
}

function expectedLength(lead: number): number {
  return lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
}

function finish(base: Omit<Simulation, 'text' | 'block' | 'warnings'>, settings: CodexSettings, projectTexts: string[], cache?: ProbeCache): Simulation {
  const { text, warnings } = joinParts(settings, base.files, projectTexts, cache);
  return new CodexSimulation(base.cwd, base.root, settings, base.searched, base.files, base.error, text, warnings, projectTexts.length > 0);
}

/** The text Codex sends (user text, then the project docs) and the warnings it prints about them. */
/** UTF-8 length of a loaded file's text, once per LoadedFile (chains share them; no memo keyed by the whole text). */
const textBytes = new WeakMap<LoadedFile, number>();

function textBytesOf(file: LoadedFile): number {
  let bytes = textBytes.get(file);
  if (bytes === undefined) textBytes.set(file, (bytes = utf8Length(file.text)));
  return bytes;
}

function joinParts(settings: CodexSettings, files: readonly LoadedFile[], projectTexts: string[], cache?: ProbeCache, parts?: readonly LoadedFile[]): { text: string | null; warnings: string[] } {
  const userText = settings.userInstructions?.text ?? null;
  const text = joinInstructions(userText, projectTexts);
  // The joined text's UTF-8 length, summed over its parts exactly as joinInstructions joins them.
  let textBytes: number | undefined;
  if (cache && text !== null) {
    let bytes = userText === null ? 0 : cache.memo(utf8Length, userText);
    let length = userText?.length ?? 0;
    // An indexed loop, not forEach with a closure: once per chain, in cold code.
    for (let i = 0; i < projectTexts.length; i++) {
      const part = projectTexts[i]!;
      if (length > 0) {
        const separator = i === 0 ? PROJECT_DOC_SEPARATOR : '\n\n';
        bytes += separator.length;
        length += separator.length;
      }
      const file = parts?.[i];
      bytes += file ? textBytesOf(file) : cache.memo(utf8Length, part);
      length += part.length;
    }
    textBytes = bytes;
  }
  return { text, warnings: [...settings.userWarnings, ...budgetWarnings(files, settings.maxBytes, text, textBytes)] };
}
