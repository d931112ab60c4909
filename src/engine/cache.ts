import * as nodeFs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import type { Diagnostic } from '../util/diagnostic.js';
import type { RuleInfo } from '../formatters/sarif.js';
import { FsError, NodeFileSystem, type DirEntry, type FileSystem, type Probe } from '../repo/vfs.js';
import { listFiles, type FileListing } from '../repo/walk.js';
import { writeFully } from '../repo/write-fully.js';
import { writeAtomically } from '../repo/atomic-write.js';
import { gitTracks } from '../repo/git-listing.js';
import { isInside } from '../util/inside.js';
import { listingText } from '../repo/listing-text.js';
import { VERSION } from '../version.js';
import { sha1 } from '../sha1.js';
import { defaultCacheFile } from './cache-location.js';
import type { LintOptions, LintResult, LintRun } from './lint.js';
import type { FileOutcome, FileReuse } from './file-reuse.js';

/**
 * `--cache` (ESLint-style, opt-in). A run's result is stored with everything it observed through the
 * file system: the hash of every byte range it read (instruction files, manifests, the config, Codex's
 * config files), every probe (kind, symlink, size), directory listing and realpath, plus the file list
 * and the key of the run (agents-lint's version, the options, `$CODEX_HOME`). A later run reuses the
 * result only when all of that is unchanged, so editing any file, manifest or config, adding or
 * removing a file, or upgrading agents-lint runs the lint again. Checking costs a listing plus
 * re-reading and hashing the files the run read.
 *
 * The file is one metadata line (JSON: what was observed, and where each section lies) followed by
 * byte sections: the result, and for each way the CLI printed it (format, flags, where it printed)
 * the exact bytes it printed and its exit code. A warm CLI run reads the metadata, checks it, and
 * replays the printed bytes: it parses neither the result nor the report, and formats nothing.
 */
const FORMAT = 'agents-lint-cache/4';
export const DEFAULT_CACHE_FILE = '.agents-lint-cache';

export interface CachedResult extends Omit<LintResult, 'rules'> {
  rules: RuleInfo[];
}

/** A cold or warm run as the CLI reads it: the result's findings one file at a time. */
export interface CachedRun extends Omit<LintRun, 'rules'> {
  rules: RuleInfo[];
}

/** Bytes to copy into the cache file: in memory, a spool, or a section of the previous cache file. */
interface Blob {
  readonly length: number;
  chunks(): Iterable<Uint8Array>;
}

/** What the CLI printed for one combination of output flags, replayed byte for byte by a warm run. */
export interface Replay {
  output: Blob;
  stderr: string;
  exitCode: number;
}

const CHUNK = 1 << 20;

const bufferBlob = (bytes: Uint8Array): Blob => ({ length: bytes.length, chunks: () => [bytes] });

/** Fills `into` from `fd` at `position` (readSync may read less than asked); a file that ends first is cut short. */
function readFullyAt(fd: number, into: Buffer, position: number): Buffer {
  for (let filled = 0; filled < into.length; ) {
    const n = nodeFs.readSync(fd, into, filled, into.length - filled, position + filled);
    if (n === 0) throw new Error('cache file cut short');
    filled += n;
  }
  return into;
}

/** A section of an open file, read a chunk at a time. */
function sectionBlob(fd: number, start: number, length: number): Blob {
  return {
    length,
    *chunks() {
      for (let done = 0; done < length; ) {
        const chunk = readFullyAt(fd, Buffer.allocUnsafe(Math.min(CHUNK, length - done)), start + done);
        done += chunk.length;
        yield chunk;
      }
    },
  };
}

/**
 * Bytes written as they come to a temporary file outside the repository (a file beside the cache
 * would change the repository's listing), copied into the cache when it is saved: a big report or
 * result is never held whole. Where no temporary file can be made, the bytes are kept in memory; a
 * spool that fails later is `broken`, and the cache is then not saved.
 */
export class Spool implements Blob {
  #fd: number | null = null;
  #path: string | null = null;
  #memory: Uint8Array[] | null = null;
  #length = 0;
  broken = false;
  readonly #cleanup = () => this.dispose();

  get length(): number {
    return this.#length;
  }

  write(piece: string | Uint8Array): void {
    if (this.broken) return;
    const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
    if (this.#fd === null && this.#memory === null) this.#open();
    try {
      if (this.#memory !== null) this.#memory.push(bytes);
      else writeFully(this.#fd!, bytes);
      this.#length += bytes.length;
    } catch {
      this.broken = true;
      this.dispose();
    }
  }

  #open(): void {
    try {
      const dir = nodeFs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-cache-'));
      this.#path = path.join(dir, 'spool');
      process.once('exit', this.#cleanup);
      this.#fd = nodeFs.openSync(this.#path, 'w+');
    } catch {
      this.dispose();
      this.#memory = [];
    }
  }

  chunks(): Iterable<Uint8Array> {
    if (this.#memory !== null) return this.#memory;
    return this.#fd === null ? [] : sectionBlob(this.#fd, 0, this.#length).chunks();
  }

  dispose(): void {
    if (this.#fd !== null) nodeFs.closeSync(this.#fd);
    if (this.#path !== null) nodeFs.rmSync(path.dirname(this.#path), { recursive: true, force: true });
    this.#fd = null;
    this.#path = null;
    this.#memory = null;
    process.removeListener('exit', this.#cleanup);
  }
}

interface Section {
  offset: number;
  length: number;
}

/** What a run observed of the file system, by kind (see RecordingFileSystem). */
interface Observations {
  reads: [string, number | null, string][];
  probes: [string, string][];
  lists: [string, string][];
  realpaths: [string, string | null][];
}

interface CacheMeta extends Observations {
  format: string;
  key: string;
  listing: string;
  /**
   * What the run observed of instruction files outside their file rules (the engine reading them,
   * discovery sizing them): a change here leaves the other observations standing, and each file's
   * outcome is then reused or not by its own key (file-reuse.ts).
   */
  instructions: Observations;
  /** Offsets into the bytes after the metadata line. */
  result: Section;
  /** Each instruction file's outcome, JSON: { [path]: [key, FileOutcome] }. */
  outcomes: Section;
  replays: Record<string, Section & { stderr: string; exitCode: number }>;
}

// The mode is part of it: `chmod +x` changes what no-unknown-binary reports without touching bytes or mtime.
const probeSig = (p: Probe) => `${p.kind}:${p.symlink ? 1 : 0}:${'size' in p ? String(p.size) : ''}:${p.mode === undefined ? '' : p.mode.toString(8)}`;
/** A directory's entries, less the cache and its temporary files (they appear once the cache is written). */
const listSig = (dir: string, entries: DirEntry[], cacheFile: string) =>
  sha1(JSON.stringify(entries.filter((e) => path.dirname(cacheFile) !== dir || !(e.name === path.basename(cacheFile) || e.name.startsWith(`${path.basename(cacheFile)}.`)))));
const readSig = (fs: FileSystem, abs: string, max: number | null): string => {
  try {
    return sha1(fs.read(abs, max ?? undefined));
  } catch (error) {
    return `E:${error instanceof FsError ? error.code : 'EIO'}`;
  }
};
/** The file list, less the cache itself (a repository that does not ignore it would list it once written). */
const listingSig = (root: string, cacheFile: string, listing: FileListing) => {
  const self = path.relative(root, cacheFile).split(path.sep).join('/');
  return sha1(JSON.stringify([listing.source, listing.files.filter((f) => f !== self), listing.problems]));
};

/**
 * A file system that remembers what it was asked, so a cached result can be checked against it; and
 * which paths were looked at by some file's rules (`byFileRules`: what one file's outcome may rest on).
 */
class RecordingFileSystem implements FileSystem {
  readonly reads = new Map<string, [string, number | null, string]>();
  readonly probes = new Map<string, string>();
  readonly lists = new Map<string, string>();
  readonly realpaths = new Map<string, string | null>();
  readonly byFileRules = new Set<string>();
  /** The instruction file whose rules run now (absolute), or null. Its own bytes are keyed apart. */
  current: string | null = null;
  constructor(
    private readonly inner: FileSystem,
    private readonly cacheFile: string,
  ) {}

  probe(absPath: string): Probe {
    const p = this.inner.probe(absPath);
    this.probes.set(absPath, probeSig(p));
    this.#note(absPath);
    return p;
  }
  read(absPath: string, maxBytes?: number): Uint8Array {
    const max = maxBytes ?? null;
    const key = `${absPath}\0${max ?? ''}`;
    this.#note(absPath);
    try {
      const bytes = this.inner.read(absPath, maxBytes);
      this.reads.set(key, [absPath, max, sha1(bytes)]);
      return bytes;
    } catch (error) {
      this.reads.set(key, [absPath, max, `E:${error instanceof FsError ? error.code : 'EIO'}`]);
      throw error;
    }
  }
  list(absPath: string): DirEntry[] {
    const entries = this.inner.list(absPath);
    this.#note(absPath);
    this.lists.set(absPath, listSig(absPath, entries, this.cacheFile));
    return entries;
  }
  realpath(absPath: string): string | null {
    const real = this.inner.realpath ? this.inner.realpath(absPath) : null;
    this.#note(absPath);
    this.realpaths.set(absPath, real);
    return real;
  }

  noteUse(absPath: string): void {
    this.#note(absPath);
  }

  #note(absPath: string): void {
    if (this.current !== null && absPath !== this.current) this.byFileRules.add(absPath);
  }

  /**
   * The observations split in two: those of instruction files (`instructionPaths`, absolute) that
   * no file rule made, and the rest. Observations `earlier` holds (a run whose cache was checked
   * as a whole at its start) are kept where this run made none: reused outcomes rest on them.
   */
  split(instructionPaths: ReadonlySet<string>, earlier?: Observations): { general: Observations; instructions: Observations } {
    const own = (abs: string) => instructionPaths.has(abs) && !this.byFileRules.has(abs);
    const general: Observations = { reads: [], probes: [], lists: [], realpaths: [] };
    const instructions: Observations = { reads: [], probes: [], lists: [], realpaths: [] };
    const reads = new Map(earlier?.reads.map((r) => [`${r[0]}\0${r[1] ?? ''}`, r]));
    for (const [key, r] of this.reads) reads.set(key, r);
    for (const r of reads.values()) (own(r[0]) ? instructions : general).reads.push(r);
    for (const [abs, sig] of new Map([...(earlier?.probes ?? []), ...this.probes])) (own(abs) ? instructions : general).probes.push([abs, sig]);
    for (const [abs, sig] of new Map([...(earlier?.lists ?? []), ...this.lists])) (own(abs) ? instructions : general).lists.push([abs, sig]);
    for (const [abs, real] of new Map([...(earlier?.realpaths ?? []), ...this.realpaths])) (own(abs) ? instructions : general).realpaths.push([abs, real]);
    return { general, instructions };
  }
}

function defaultCodexHome(): string {
  return process.env['CODEX_HOME'] || path.join(process.env['HOME'] || process.env['USERPROFILE'] || '/', '.codex');
}

/** Everything about the run that is not read from the file system. */
function runKey(options: LintOptions, base: string, version: string): string {
  return sha1(
    JSON.stringify({
      format: FORMAT,
      version,
      base,
      paths: (options.paths?.length ? options.paths : ['.']).map((p) => path.resolve(base, p)),
      root: options.root ? path.resolve(base, options.root) : null,
      config: options.config ? path.resolve(base, options.config) : null,
      ruleFlags: options.ruleFlags ?? [],
      codexHome: options.codexHome ?? defaultCodexHome(),
      codexOverrides: options.codexOverrides ?? [],
      codexTrust: options.codexTrust ?? null,
      cwds: options.cwds ?? [],
      hosts: options.hosts ?? [],
      rules: options.rules?.map((r) => r.id) ?? null,
      ruleOptions: options.ruleOptions ?? null,
      inlineConfig: options.inlineConfig ?? true,
    }),
  );
}

/** Where the cache lives (`location`, else defaultCacheFile) and the root of this run. */
async function cachePlace(options: LintOptions, base: string, location: string | undefined): Promise<{ file: string; root: string }> {
  const { resolveRoot } = await import('../config/load.js');
  const fs = new NodeFileSystem();
  const first = path.resolve(base, options.paths?.[0] ?? '.');
  const start = fs.probe(first).kind === 'dir' ? first : path.dirname(first);
  const root = resolveRoot(fs, start, {
    rootFlag: options.root ? path.resolve(base, options.root) : undefined,
    configFlag: options.config ? path.resolve(base, options.config) : undefined,
  }).root;
  return { file: location ? path.resolve(base, location) : defaultCacheFile(root), root };
}

/** Says once on stderr why the cache is not used; the run goes on without it. */
function warnCache(file: string, why: string): void {
  process.stderr.write(`agents-lint: ${why} (${file}); linting without it.\n`);
}

/**
 * Whether a stored result still holds for this run. Everything is checked against this run: its
 * root (a cache of another root, or naming another, is refused), its key and the file system now;
 * nothing the cache says is taken on trust.
 */
function stillValid(cache: CacheMeta & { root: string }, key: string, file: string, root: string, given: { listing?: string }): boolean {
  if (cache.format !== FORMAT || cache.key !== key || cache.root !== root) return false;
  if (!observationsHold(cache, file)) return false;
  const listing = listFiles(new NodeFileSystem(), root);
  // A run that lints lists the same files: it takes this listing instead of running git once more.
  if (listing.source === 'git') given.listing = listing.text ?? listingText(listing.files);
  return listingSig(root, file, listing) === cache.listing;
}

/** Whether the file system still answers as it did when `observed` was recorded. */
function observationsHold(observed: Observations, file: string): boolean {
  const fs = new NodeFileSystem();
  for (const [abs, sig] of observed.probes) if (probeSig(fs.probe(abs)) !== sig) return false;
  for (const [abs, max, sig] of observed.reads) if (readSig(fs, abs, max) !== sig) return false;
  for (const [abs, sig] of observed.lists) {
    let now: string;
    try {
      now = listSig(abs, fs.list(abs), file);
    } catch {
      now = '';
    }
    if (now !== sig) return false;
  }
  for (const [abs, real] of observed.realpaths) if (fs.realpath(abs) !== real) return false;
  return true;
}

/** An open cache file: the metadata line parsed, sections read on demand. */
class CacheReader {
  private constructor(
    private readonly fd: number,
    readonly meta: CacheMeta & { root: string },
    private readonly base: number,
  ) {}

  static open(file: string): CacheReader | null {
    let fd: number;
    try {
      // Non-blocking: a FIFO planted at the cache's name never waits.
      fd = nodeFs.openSync(file, nodeFs.constants.O_RDONLY | (nodeFs.constants.O_NONBLOCK ?? 0));
    } catch {
      return null; // missing: a cold run writes it
    }
    try {
      // Only a regular file, which ends: a device (a link to /dev/zero) would be read without end.
      if (!nodeFs.fstatSync(fd).isFile()) return close(fd);
      // The metadata line ends at the first newline (JSON.stringify escapes every newline inside it).
      const chunks: Buffer[] = [];
      let position = 0;
      for (;;) {
        const chunk = Buffer.allocUnsafe(1 << 20);
        const n = nodeFs.readSync(fd, chunk, 0, chunk.length, position);
        if (n === 0) return close(fd);
        const end = chunk.subarray(0, n).indexOf(10);
        if (end >= 0) {
          chunks.push(chunk.subarray(0, end));
          position += end + 1;
          break;
        }
        chunks.push(chunk.subarray(0, n));
        position += n;
      }
      const meta = JSON.parse(Buffer.concat(chunks).toString('utf8')) as CacheMeta & { root: string };
      if (meta.format !== FORMAT) return close(fd);
      return new CacheReader(fd, meta, position);
    } catch {
      return close(fd); // written by something else, or cut short: a cold run replaces it
    }
  }

  section(at: Section): Buffer {
    return readFullyAt(this.fd, Buffer.allocUnsafe(at.length), this.base + at.offset);
  }

  /** The section, read when it is copied (the reader must still be open then). */
  blob(at: Section): Blob {
    return sectionBlob(this.fd, this.base + at.offset, at.length);
  }

  close(): void {
    nodeFs.closeSync(this.fd);
  }
}

function close(fd: number): null {
  nodeFs.closeSync(fd);
  return null;
}

/** Writes the cache in one atomic replacement (repo/atomic-write.ts), readable by its owner only. */
function writeCacheFile(file: string, parts: readonly (string | Blob)[]): void {
  try {
    nodeFs.mkdirSync(path.dirname(file), { recursive: true });
    writeAtomically(
      file,
      (fd) => {
        for (const part of parts) {
          if (typeof part === 'string') writeFully(fd, part);
          else for (const chunk of part.chunks()) writeFully(fd, chunk);
        }
      },
      0o600,
    );
  } catch {
    // A cache that cannot be written only costs speed next time.
  }
}


/** A run through the cache: a replay when one is stored for these output flags, else the result. */
export interface CacheSession {
  /**
   * What the CLI printed last time with the same output flags (only when the cache is valid); its
   * output is read from the cache file when it is copied out, and only before save().
   */
  replay: Replay | null;
  /** The result: from the cache when it is valid, else from a fresh lint (whose observations are recorded). */
  result(): Promise<CachedResult>;
  /** The same result read file by file (a cold run is not held whole). */
  run(): Promise<CachedRun>;
  /** Stores the result (and what the CLI printed for `replayKey`); a valid cache with nothing new is left alone. */
  save(replay?: Replay): void;
  /** How the run used the cache: the whole result reused, per file, or none of it (for --debug and tests). */
  readonly how: () => { whole: boolean; reusedFiles: number; lintedFiles: number };
}

/** A run's findings collected, for result(). */
function collect(run: CachedRun): CachedResult {
  const diagnostics: Diagnostic[] = [];
  for (const list of run.byFile()) for (const d of list) diagnostics.push(d);
  return { root: run.root, rootKind: run.rootKind, diagnostics, files: run.files, rules: run.rules, notices: run.notices };
}

/** A stored result read file by file (it is sorted: one run per file). */
function cachedRun(result: CachedResult): CachedRun {
  return {
    root: result.root,
    rootKind: result.rootKind,
    files: result.files,
    rules: result.rules,
    notices: result.notices ?? [],
    *byFile() {
      let run: Diagnostic[] = [];
      for (const d of result.diagnostics) {
        if (run.length > 0 && run[0]!.file !== d.file) {
          yield run;
          run = [];
        }
        run.push(d);
      }
      if (run.length > 0) yield run;
    },
  };
}

/**
 * Opens the cache at `location` (default: defaultCacheFile, outside the work tree) for one run. `version` is
 * agents-lint's own (tests pass another to check that an upgrade invalidates the cache); `replayKey`
 * names the CLI's output flags.
 */
export async function openCache(options: LintOptions, { location, version = VERSION, replayKey }: { location?: string; version?: string; replayKey?: string } = {}): Promise<CacheSession> {
  // The engine (rules, parsers) is loaded only when the cache cannot answer.
  const lintRun = async (o: LintOptions) => (await import('./lint.js')).lintRun(o);
  // Only a run on the real file system can be checked later against the real file system.
  if (options.fs) {
    const run = toCachedRun(await lintRun(options));
    return { how: () => ({ whole: false, reusedFiles: 0, lintedFiles: run.files.length }), replay: null, result: async () => collect(run), run: async () => run, save: () => undefined };
  }
  const base = options.cwd ?? process.cwd();
  const { file, root } = await cachePlace(options, base, location);
  const key = runKey(options, base, version);
  // A cache file the repository itself holds may have been written by anyone: never read, never written.
  if (file !== root && isInside(file, root) && gitTracks(root, path.relative(root, file))) {
    warnCache(file, 'the cache file is tracked by git, so it may have been written by anyone');
    const run = toCachedRun(await lintRun(options));
    return { how: () => ({ whole: false, reusedFiles: 0, lintedFiles: run.files.length }), replay: null, result: async () => collect(run), run: async () => run, save: () => undefined };
  }
  const reader = CacheReader.open(file);
  let keepOpen = false;
  // Set when all but the instruction files' own observations hold (see CacheMeta.instructions).
  let general: (CacheMeta & { root: string }) | undefined;
  let earlierOutcomes: Map<string, [string, FileOutcome]> | undefined;
  // git's listing, when the check above made one: the run takes it instead of running git again.
  const given: { listing?: string } = {};
  try {
    let valid = false;
    try {
      general = reader !== null && stillValid(reader.meta, key, file, root, given) ? reader.meta : undefined;
      valid = general !== undefined && observationsHold(general.instructions, file);
      // Only instruction files changed: each file's outcome is reused or not by its own key.
      if (general && !valid) earlierOutcomes = readOutcomes(reader!, general.outcomes);
    } catch {
      general = undefined;
      earlierOutcomes = undefined;
      // Fields of the wrong shape: not written by agents-lint, or damaged. Replaced by this run.
      warnCache(file, 'the cache file is damaged and will be rewritten');
    }
    if (valid && reader) {
      const { meta } = reader;
      const stored = replayKey === undefined ? undefined : meta.replays[replayKey];
      // A replay is read from this reader as it is printed: it stays open until then.
      keepOpen = stored !== undefined;
      const replay = stored ? { output: closing(reader, reader.blob(stored)), stderr: stored.stderr, exitCode: stored.exitCode } : null;
      const resultBytes = replay ? null : reader.section(meta.result);
      let cachedResult: CachedResult | undefined;
      // The reader is closed once this returns: a result asked for after a replay is read anew.
      const reread = () => {
        const again = CacheReader.open(file);
        if (!again) throw new Error(`the cache ${file} vanished`);
        try {
          return again.section(meta.result);
        } finally {
          again.close();
        }
      };
      // The root is this run's, whatever the stored result says (--fix writes below it).
      const loadResult = () => (cachedResult ??= { ...(JSON.parse((resultBytes ?? reread()).toString('utf8')) as CachedResult), root });
      return {
        how: () => ({ whole: true, reusedFiles: 0, lintedFiles: 0 }),
        replay,
        result: async () => loadResult(),
        run: async () => cachedRun(loadResult()),
        save: (next) => {
          if (!next || replayKey === undefined || meta.replays[replayKey] || (next.output instanceof Spool && next.output.broken)) return;
          const again = CacheReader.open(file);
          if (!again) return;
          try {
            // Sections the file already holds, copied from it as the new file is written.
            const replays = new Map<string, Replay>();
            for (const [k, at] of Object.entries(meta.replays)) replays.set(k, { output: again.blob(at), stderr: at.stderr, exitCode: at.exitCode });
            replays.set(replayKey, next);
            writeCache(file, meta, resultBytes ? bufferBlob(resultBytes) : again.blob(meta.result), again.blob(meta.outcomes), replays);
          } finally {
            again.close();
          }
        },
      };
    }
  } finally {
    if (!keepOpen) reader?.close();
  }

  const fs = new RecordingFileSystem(new NodeFileSystem(), file);
  const outcomes = new OutcomeStore(earlierOutcomes, fs);
  const fresh = toCachedRun(await lintRun({ ...options, fs, reuse: outcomes, ...(given.listing === undefined ? {} : { gitListing: given.listing }) }));
  // The result is stored as JSON.stringify(CachedResult) would write it, spooled file by file as it
  // is first read.
  const head = `{"root":${JSON.stringify(fresh.root)},"rootKind":${JSON.stringify(fresh.rootKind)},"diagnostics":[`;
  const tail = `],"files":${JSON.stringify(fresh.files)},"rules":${JSON.stringify(fresh.rules)},"notices":${JSON.stringify(fresh.notices)}}`;
  const roundTrip = JSON.parse(`{"files":${JSON.stringify(fresh.files)},"rules":${JSON.stringify(fresh.rules)}}`) as Pick<CachedResult, 'files' | 'rules'>;
  let spool: Spool | null = null;
  let spooled = false;
  const run: CachedRun = {
    root: fresh.root,
    rootKind: fresh.rootKind,
    files: roundTrip.files,
    rules: roundTrip.rules,
    notices: fresh.notices,
    instructionPaths: fresh.instructionPaths ?? [],
    ...(fresh.listing ? { listing: fresh.listing } : {}),
    *byFile() {
      // The first complete pass fills the spool; a later pass only reads.
      let filling = spooled ? null : new Spool();
      try {
        let first = true;
        filling?.write(head);
        for (const list of fresh.byFile()) {
          if (filling) {
            const json = JSON.stringify(list);
            filling.write(first ? json.slice(1, -1) : `,${json.slice(1, -1)}`);
            first = false;
          }
          // Not parsed back from the JSON: findings are plain data, so a report of these lists and of
          // the stored ones (a warm run's) is the same (test/integration/cache.test.ts checks it).
          yield list;
        }
        if (!filling) return;
        filling.write(tail);
        spool = filling;
        filling = null;
        spooled = true;
      } finally {
        // A pass left unfinished leaves no spool behind.
        filling?.dispose();
      }
    },
  };
  return {
    how: () => ({ whole: false, reusedFiles: outcomes.reused, lintedFiles: outcomes.linted }),
    replay: null,
    result: async () => collect(run),
    run: async () => run,
    save: (next) => {
      if (!spooled) for (const list of run.byFile()) void list;
      if (!spool || spool.broken || (next?.output instanceof Spool && next.output.broken)) return;
      const observed = fs.split(new Set(fresh.instructionPaths), general);
      const notCache = ([abs]: [string, ...unknown[]]) => abs !== file;
      const meta = {
        key,
        root: fresh.root,
        listing: listingSig(fresh.root, file, fresh.listing ?? listFiles(new NodeFileSystem(), fresh.root)),
        ...observed.general,
        reads: observed.general.reads.filter(notCache),
        probes: observed.general.probes.filter(notCache),
        instructions: observed.instructions,
      };
      try {
        writeCache(file, meta, spool, bufferBlob(Buffer.from(JSON.stringify(outcomes.kept()))), new Map(next && replayKey !== undefined ? [[replayKey, next]] : []));
      } finally {
        spool.dispose();
        spool = null;
        spooled = false;
      }
    },
  };
}

/** A blob that closes its reader once it has been read through. */
function closing(reader: CacheReader, blob: Blob): Blob {
  return {
    length: blob.length,
    *chunks() {
      try {
        yield* blob.chunks();
      } finally {
        reader.close();
      }
    },
  };
}

/** Writes metadata and sections in one atomic replacement. */
function writeCache(file: string, observed: Omit<CacheMeta, 'format' | 'result' | 'outcomes' | 'replays'> & { root: string }, result: Blob, outcomes: Blob, replays: ReadonlyMap<string, Replay>): void {
  let offset = 0;
  const place = (length: number) => {
    const at = { offset, length };
    offset += length;
    return at;
  };
  const resultAt = place(result.length);
  const outcomesAt = place(outcomes.length);
  const replayAt: CacheMeta['replays'] = {};
  for (const [k, r] of replays) replayAt[k] = { ...place(r.output.length), stderr: r.stderr, exitCode: r.exitCode };
  const meta = { format: FORMAT, ...observed, result: resultAt, outcomes: outcomesAt, replays: replayAt };
  writeCacheFile(file, [`${JSON.stringify(meta)}\n`, result, outcomes, ...[...replays.values()].map((r) => r.output)]);
}

type StoredOutcomes = Record<string, [string, FileOutcome]>;

/** The per-file outcomes a cache holds (an object keyed by path, checked for shape as it is used). */
function readOutcomes(reader: CacheReader, at: Section): Map<string, [string, FileOutcome]> {
  const parsed = JSON.parse(reader.section(at).toString('utf8')) as unknown;
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('outcomes are not an object');
  return new Map(Object.entries(parsed as StoredOutcomes));
}

/**
 * The per-file outcomes of a run through the cache (file-reuse.ts): those of the last run, offered
 * by key, and those of this one, kept for the next. Observations made by a file's rules are marked
 * in the recording file system, so the next run checks them with the repository's, not per file.
 */
class OutcomeStore implements FileReuse {
  readonly #next = new Map<string, [string, FileOutcome]>();
  constructor(
    private readonly earlier: ReadonlyMap<string, [string, FileOutcome]> | undefined,
    private readonly fs: RecordingFileSystem,
  ) {}

  lookup(file: string, key: string): FileOutcome | undefined {
    const stored = this.earlier?.get(file);
    if (!stored || stored[0] !== key || !Array.isArray(stored[1].findings)) return undefined;
    this.#next.set(file, stored);
    this.reused++;
    return stored[1];
  }

  store(file: string, key: string, outcome: FileOutcome): void {
    this.#next.set(file, [key, outcome]);
    this.linted++;
  }

  reused = 0;
  linted = 0;

  enter(absPath: string | null): void {
    this.fs.current = absPath;
  }

  kept(): StoredOutcomes {
    return Object.fromEntries(this.#next);
  }
}

/** lint() through the cache (the API form: the result, stored for the next run). */
export async function cachedLint(options: LintOptions, opts: { location?: string; version?: string } = {}): Promise<CachedResult> {
  const session = await openCache(options, opts);
  const result = await session.result();
  session.save();
  return result;
}

/** The run as the cache keeps it: rules reduced to what formatters describe. */
function toCachedRun(run: LintRun): CachedRun {
  return {
    root: run.root,
    rootKind: run.rootKind,
    files: run.files,
    notices: run.notices,
    instructionPaths: run.instructionPaths ?? [],
    ...(run.listing ? { listing: run.listing } : {}),
    rules: run.rules.map((r) => ({ id: r.id, meta: { description: r.meta.description, docs: r.meta.docs, severity: r.meta.severity, tags: r.meta.tags } })),
    byFile: () => run.byFile(),
  };
}
