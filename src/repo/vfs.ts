import * as fs from 'node:fs';
import * as path from 'node:path';
import { escapeRegExp } from '../util/text.js';
import { decodePath, nativePath } from './raw-path.js';

/** What a metadata call says about a path, with symlinks followed (Codex uses followed metadata). */
export type EntryKind = 'file' | 'dir' | 'special' | 'missing' | 'error';

export interface Probe {
  kind: EntryKind;
  /** errno code when kind is 'error' (EACCES, ELOOP, ENAMETOOLONG, ...). */
  code?: string;
  /** Whether the path itself is a symlink (lstat). */
  symlink: boolean;
  /** Size in bytes for regular files. */
  size?: number;
  mtimeMs?: number;
  /** Permission bits (st_mode & 0o7777) of regular files, when the file system knows them. */
  mode?: number;
}

export interface DirEntry {
  name: string;
  kind: 'file' | 'dir' | 'symlink' | 'special';
}

export class FsError extends Error {
  constructor(
    readonly code: string,
    readonly filePath: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * All file-system access goes through this interface, so discovery and the index can run over an
 * in-memory tree in tests and fuzzing. Paths are absolute, POSIX style.
 */
export interface FileSystem {
  probe(absPath: string): Probe;
  /**
   * Reads at most `maxBytes` bytes (all when omitted). Throws FsError. `probed`: this run's probe of
   * the path, when the caller has one; a regular file's spares the metadata call before opening.
   */
  read(absPath: string, maxBytes?: number, probed?: Probe): Uint8Array;
  /** Throws FsError. */
  list(absPath: string): DirEntry[];
  /** The path with every symlink resolved, or null when it cannot be resolved. */
  realpath?(absPath: string): string | null;
  /**
   * Optional: what one listing of the directory `absDir` proves, so a caller probing many names in it
   * (discovery probes half a dozen per directory, nearly all missing) needs no metadata call for the
   * names that are not there. Null when the listing proves nothing (unreadable or unsearchable).
   */
  absence?(absDir: string): AbsenceProof | null;
  /**
   * Optional: a remembered answer about `absPath` (bytes read earlier) was used again. A file system
   * that records what a run observed (--cache) counts it as observed by whoever asks now.
   */
  noteUse?(absPath: string): void;
}

/** See FileSystem.absence. */
export interface AbsenceProof {
  /** True only when probe(dir/name) is sure to answer `{ kind: 'missing', symlink: false }`. */
  missing(name: string): boolean;
  /** Optional: `names.every((n) => this.missing(n))`, in one test (a caller asks the same few names of every directory). */
  missingAll?(names: readonly string[]): boolean;
}

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether every UTF-16 unit is ASCII (a regular expression: asked per entry of every listed directory, in cold code, where a loop over characters is interpreted). */
function isAscii(name: string): boolean {
  return !NON_ASCII.test(name);
}

/**
 * A proof from a directory's entry names: a name is missing when no entry equals it, ignoring ASCII
 * case (a case-insensitive disk matches agents.md to AGENTS.md), and the name is a plain ASCII one
 * that the lookup cannot refuse for its own sake (empty, `.`/`..`, a slash or NUL, too long). Any
 * non-ASCII entry makes the listing prove nothing: case-insensitive and normalising file systems
 * fold such names in ways a comparison here would not model (KELVIN SIGN folds to "k").
 */
export function absenceFromNames(names: readonly string[], dirBytes: number): AbsenceProof | null {
  // The entries as one string, each between slashes: a name (never holding a slash) is listed,
  // ignoring ASCII case, exactly when `/name/` in lower case occurs in its lower-case form. Three
  // native calls per directory, where a Set of lower-case names takes a call or three per entry.
  const entries = `/${names.join('/')}/`;
  if (!isAscii(entries)) return null;
  return new ListedNames(entries.toLowerCase(), dirBytes);
}

/** See absenceFromNames: one object per listed directory, its test a method (no closure per directory). */
class ListedNames implements AbsenceProof {
  constructor(
    /** Every entry's name in lower case, each between slashes. */
    readonly lowerEntries: string,
    readonly dirBytes: number,
  ) {}

  missing(name: string): boolean {
    const needle = provable(name);
    return needle !== null && this.dirBytes + 1 + name.length < 4000 && !this.lowerEntries.includes(needle);
  }

  missingAll(names: readonly string[]): boolean {
    const test = listedTest(names);
    return test !== null && this.dirBytes + 1 + test.longest < 4000 && !test.anyListed.test(this.lowerEntries);
  }
}

/**
 * For a list of names (one array, asked of every directory), a regular expression finding any of
 * them among a proof's lower-case entries, and the longest name's length; null when a name is one no
 * listing proves absent. One native test per directory, not a call and a search per name.
 */
const listedTests = new WeakMap<readonly string[], { anyListed: RegExp; longest: number } | null>();

function listedTest(names: readonly string[]): { anyListed: RegExp; longest: number } | null {
  let test = listedTests.get(names);
  if (test === undefined) {
    const needles = names.map(provable);
    if (needles.every((n): n is string => n !== null)) {
      // Each needle is `/name/` in lower case, ASCII, escaped whole; no names at all match nowhere.
      const source = needles.length === 0 ? '(?!)' : needles.map(escapeRegExp).join('|');
      test = { anyListed: new RegExp(source), longest: Math.max(0, ...names.map((n) => n.length)) };
    } else test = null;
    listedTests.set(names, test);
  }
  return test;
}

/** Names asked about (a handful, thousands of times): `/name/` in lower case, or null when no listing can prove them absent. */
const provableNames = new Map<string, string | null>();

function provable(name: string): string | null {
  let key = provableNames.get(name);
  if (key === undefined) {
    key = name.length > 0 && name.length <= 255 && name !== '.' && name !== '..' && !name.includes('/') && !name.includes('\0') && isAscii(name) ? `/${name.toLowerCase()}/` : null;
    if (provableNames.size < 4096) provableNames.set(name, key);
  }
  return key;
}

function errnoOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String((error as { code: unknown }).code) : 'EIO';
}

const NOT_FOUND = new Set(['ENOENT', 'ENOTDIR']);

/** Windows has no executable bit (stat reports 0o666/0o444 for every file), so no mode there. */
const HAS_MODE = process.platform !== 'win32';
function modeOf(st: fs.Stats): { mode?: number } {
  return HAS_MODE ? { mode: st.mode & 0o7777 } : {};
}

/** The answer for a path that does not exist: most probes get it, so it is one frozen object (callers never change a probe). */
export const MISSING: Probe = Object.freeze({ kind: 'missing', symlink: false });
const NO_THROW = { throwIfNoEntry: false } as const;

function direntKind(d: { isFile(): boolean; isDirectory(): boolean; isSymbolicLink(): boolean }): DirEntry['kind'] {
  return d.isFile() ? 'file' : d.isDirectory() ? 'dir' : d.isSymbolicLink() ? 'symlink' : 'special';
}

/** A directory's names, each not in UTF-8 kept as its bytes (raw-path.ts). */
function readNames(absDir: string): string[] {
  const names = fs.readdirSync(nativePath(absDir));
  return names.some((n) => n.includes('\ufffd')) ? fs.readdirSync(nativePath(absDir), 'buffer').map(decodePath) : names;
}

export class NodeFileSystem implements FileSystem {
  probe(absPath: string): Probe {
    let symlink = false;
    try {
      // throwIfNoEntry: most probes miss, and building an exception per miss is the costly part.
      const own = fs.lstatSync(nativePath(absPath), NO_THROW);
      if (!own) return MISSING;
      symlink = own.isSymbolicLink();
      if (!symlink) {
        if (own.isFile()) return { kind: 'file', symlink, size: own.size, mtimeMs: own.mtimeMs, ...modeOf(own) };
        if (own.isDirectory()) return { kind: 'dir', symlink };
        return { kind: 'special', symlink };
      }
    } catch (error) {
      const code = errnoOf(error);
      return NOT_FOUND.has(code) ? { kind: 'missing', symlink: false } : { kind: 'error', code, symlink: false };
    }
    try {
      const st = fs.statSync(nativePath(absPath));
      if (st.isFile()) return { kind: 'file', symlink, size: st.size, mtimeMs: st.mtimeMs, ...modeOf(st) };
      if (st.isDirectory()) return { kind: 'dir', symlink };
      return { kind: 'special', symlink };
    } catch (error) {
      const code = errnoOf(error);
      // A dangling symlink is NotFound to Codex's followed metadata (docs/codex-discovery.md §2.3).
      return NOT_FOUND.has(code) ? { kind: 'missing', symlink } : { kind: 'error', code, symlink };
    }
  }

  read(absPath: string, maxBytes?: number, probed?: Probe): Uint8Array {
    let fd: number;
    try {
      // A FIFO, socket or device is never opened: opening a FIFO can block, a device can be endless.
      // A probe that found a regular file (symlinks followed) answered this already, moments ago: the
      // window it leaves is the one between this stat and the open, guarded the same way below.
      if (probed?.kind !== 'file' && !fs.statSync(nativePath(absPath)).isFile()) throw new FsError('EINVAL', absPath, `${absPath} is not a regular file`);
      // O_NONBLOCK still guards the window between that check and the open.
      fd = fs.openSync(nativePath(absPath), fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
    } catch (error) {
      if (error instanceof FsError) throw error;
      throw new FsError(errnoOf(error), absPath, `cannot open ${absPath}: ${errnoOf(error)}`);
    }
    try {
      const st = fs.fstatSync(fd);
      if (!st.isFile()) throw new FsError('EINVAL', absPath, `${absPath} is not a regular file`);
      const size = maxBytes === undefined ? st.size : Math.min(st.size, maxBytes);
      const buffer = Buffer.allocUnsafe(size);
      let filled = 0;
      while (filled < size) {
        const n = fs.readSync(fd, buffer, filled, size - filled, filled);
        if (n === 0) break;
        filled += n;
      }
      return filled === size ? buffer : buffer.subarray(0, filled);
    } catch (error) {
      if (error instanceof FsError) throw error;
      throw new FsError(errnoOf(error), absPath, `cannot read ${absPath}: ${errnoOf(error)}`);
    } finally {
      fs.closeSync(fd);
    }
  }

  realpath(absPath: string): string | null {
    try {
      const real = fs.realpathSync.native(nativePath(absPath), 'buffer');
      return decodePath(real);
    } catch {
      return null;
    }
  }

  absence(absDir: string): AbsenceProof | null {
    // Windows matches short (8.3) names and drops trailing dots and spaces: a listing proves little there.
    if (process.platform === 'win32') return null;
    let names: string[];
    try {
      // Listing needs read permission, looking a name up search permission: without it every probe
      // in the directory fails (EACCES), whatever the listing says. `dir/.` is listed, not `dir`:
      // resolving its `.` is a lookup in the directory, refused without search permission, so the one
      // call proves both (an access(X_OK) call per directory spared: thousands per run).
      names = readNames(absDir.endsWith('/') ? `${absDir}.` : `${absDir}/.`);
    } catch {
      return null;
    }
    return absenceFromNames(names, Buffer.byteLength(absDir));
  }

  list(absPath: string): DirEntry[] {
    try {
      const entries = fs.readdirSync(nativePath(absPath), { withFileTypes: true });
      // A name that is not UTF-8 came back with U+FFFD in it: the directory is read again in bytes.
      if (entries.some((d) => d.name.includes('\ufffd'))) {
        return fs.readdirSync(nativePath(absPath), { withFileTypes: true, encoding: 'buffer' }).map((d) => ({ name: decodePath(d.name), kind: direntKind(d) }));
      }
      return entries.map((d) => ({ name: d.name, kind: direntKind(d) }));
    } catch (error) {
      throw new FsError(errnoOf(error), absPath, `cannot list ${absPath}: ${errnoOf(error)}`);
    }
  }
}

export type MemoryEntry =
  | string
  | Uint8Array
  | { symlink: string }
  | { dir: true }
  | { special: true }
  | { error: string; content?: string }
  /** A regular file with explicit permission bits (e.g. 0o644 for a script that is not executable). */
  | { content: string; mode: number };

/**
 * An in-memory tree for tests and fuzzing. Keys are absolute paths; directories are implied by
 * their children. Symlink targets may be relative to the link's directory.
 */
export class MemoryFileSystem implements FileSystem {
  readonly #entries = new Map<string, MemoryEntry>();
  readonly #dirs = new Set<string>(['/']);

  constructor(entries: Record<string, MemoryEntry>) {
    for (const [p, entry] of Object.entries(entries)) {
      const abs = path.posix.resolve('/', p);
      this.#entries.set(abs, entry);
      if (typeof entry === 'object' && 'dir' in entry) this.#dirs.add(abs);
      for (let d = path.posix.dirname(abs); ; d = path.posix.dirname(d)) {
        this.#dirs.add(d);
        if (d === '/') break;
      }
    }
  }

  /** Follows symlinks; returns the final path or an errno code. */
  private resolve(absPath: string, depth = 0): { path: string } | { code: string } {
    if (depth > 40) return { code: 'ELOOP' };
    // Resolve each parent component first, so links inside the path are followed too.
    const parts = absPath.split('/').filter(Boolean);
    let current = '/';
    for (let i = 0; i < parts.length; i++) {
      const next = path.posix.join(current, parts[i] ?? '');
      const entry = this.#entries.get(next);
      if (entry && typeof entry === 'object' && 'symlink' in entry) {
        const target = path.posix.resolve(path.posix.dirname(next), entry.symlink);
        const resolved = this.resolve(target, depth + 1);
        if ('code' in resolved) return resolved;
        current = resolved.path;
      } else {
        current = next;
      }
    }
    return { path: current };
  }

  probe(absPath: string): Probe {
    const own = this.#entries.get(absPath);
    const symlink = own !== undefined && typeof own === 'object' && 'symlink' in own;
    const resolved = this.resolve(absPath);
    if ('code' in resolved) return { kind: 'error', code: resolved.code, symlink };
    const entry = this.#entries.get(resolved.path);
    if (entry === undefined) return this.#dirs.has(resolved.path) ? { kind: 'dir', symlink } : { kind: 'missing', symlink };
    if (typeof entry === 'string') return { kind: 'file', symlink, size: Buffer.byteLength(entry), mtimeMs: 0 };
    if (entry instanceof Uint8Array) return { kind: 'file', symlink, size: entry.length, mtimeMs: 0 };
    if ('dir' in entry) return { kind: 'dir', symlink };
    if ('special' in entry) return { kind: 'special', symlink };
    if ('mode' in entry) return { kind: 'file', symlink, size: Buffer.byteLength(entry.content), mtimeMs: 0, mode: entry.mode };
    if ('error' in entry) return entry.content === undefined ? { kind: 'error', code: entry.error, symlink } : { kind: 'file', symlink, size: Buffer.byteLength(entry.content) };
    return { kind: 'missing', symlink };
  }

  read(absPath: string, maxBytes?: number): Uint8Array {
    const resolved = this.resolve(absPath);
    if ('code' in resolved) throw new FsError(resolved.code, absPath, `cannot read ${absPath}: ${resolved.code}`);
    const entry = this.#entries.get(resolved.path);
    if (entry === undefined) {
      const code = this.#dirs.has(resolved.path) ? 'EISDIR' : 'ENOENT';
      throw new FsError(code, absPath, `cannot read ${absPath}: ${code}`);
    }
    let bytes: Uint8Array;
    if (typeof entry === 'string') bytes = Buffer.from(entry, 'utf8');
    else if (entry instanceof Uint8Array) bytes = entry;
    else if ('mode' in entry) bytes = Buffer.from(entry.content, 'utf8');
    else if ('error' in entry) throw new FsError(entry.error, absPath, `cannot read ${absPath}: ${entry.error}`);
    else throw new FsError('EINVAL', absPath, `${absPath} is not a regular file`);
    return maxBytes === undefined ? bytes : bytes.subarray(0, maxBytes);
  }

  realpath(absPath: string): string | null {
    const resolved = this.resolve(absPath);
    return 'code' in resolved ? null : resolved.path;
  }

  absence(absDir: string): AbsenceProof | null {
    // Absent names resolve to nothing (probe: missing); everything listed is probed for real.
    const resolved = this.resolve(absDir);
    if ('code' in resolved || !this.#dirs.has(resolved.path)) return null;
    const own = this.#entries.get(resolved.path);
    if (own !== undefined && !(typeof own === 'object' && 'dir' in own)) return null;
    return absenceFromNames(this.list(absDir).map((e) => e.name), Buffer.byteLength(absDir));
  }

  list(absPath: string): DirEntry[] {
    const resolved = this.resolve(absPath);
    if ('code' in resolved || !this.#dirs.has(resolved.path)) throw new FsError('ENOTDIR', absPath, `cannot list ${absPath}`);
    const prefix = resolved.path === '/' ? '/' : `${resolved.path}/`;
    const names = new Map<string, DirEntry['kind']>();
    for (const p of [...this.#entries.keys(), ...this.#dirs]) {
      if (!p.startsWith(prefix) || p === resolved.path) continue;
      const rest = p.slice(prefix.length);
      const name = rest.split('/')[0] ?? '';
      if (!name) continue;
      if (rest.includes('/') || this.#dirs.has(prefix + name)) {
        const own = this.#entries.get(prefix + name);
        names.set(name, own && typeof own === 'object' && 'symlink' in own ? 'symlink' : 'dir');
        continue;
      }
      const entry = this.#entries.get(p);
      const kind: DirEntry['kind'] =
        entry && typeof entry === 'object' && 'symlink' in entry ? 'symlink' : entry && typeof entry === 'object' && 'special' in entry ? 'special' : 'file';
      names.set(name, kind);
    }
    return [...names].sort(([a], [b]) => (a < b ? -1 : 1)).map(([name, kind]) => ({ name, kind }));
  }
}
