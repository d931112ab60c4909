import { createHash } from 'node:crypto';
import * as nodeFs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from '../kit/types.js';
import type { RuleInfo } from '../formatters/sarif.js';
import { FsError, NodeFileSystem, type DirEntry, type FileSystem, type Probe } from '../repo/vfs.js';
import { listFiles } from '../repo/walk.js';
import { VERSION } from '../version.js';
import type { LintOptions, LintResult } from './lint.js';

/**
 * `--cache` (ESLint-style, opt-in). A run's result is stored with everything it observed through the
 * file system: the hash of every byte range it read (instruction files, manifests, the config, Codex's
 * config files), every probe (kind, symlink, size), directory listing and realpath, plus the file list
 * and the key of the run (agents-lint's version, the options, `$CODEX_HOME`). A later run reuses the
 * result only when all of that is unchanged, so editing any file, manifest or config, adding or
 * removing a file, or upgrading agents-lint runs the lint again. Checking costs a listing plus
 * re-reading and hashing the files the run read.
 */
const FORMAT = 'agents-lint-cache/1';
export const DEFAULT_CACHE_FILE = '.agents-lint-cache';

export interface CachedResult extends Omit<LintResult, 'rules'> {
  rules: RuleInfo[];
}

interface CacheFile {
  format: string;
  key: string;
  listing: string;
  reads: [string, number | null, string][];
  probes: [string, string][];
  lists: [string, string][];
  realpaths: [string, string | null][];
  result: CachedResult;
}

const sha1 = (data: string | Uint8Array) => createHash('sha1').update(data).digest('hex');
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
const listingSig = (root: string, cacheFile: string) => {
  const listing = listFiles(new NodeFileSystem(), root);
  const self = path.relative(root, cacheFile).split(path.sep).join('/');
  return sha1(JSON.stringify([listing.source, listing.files.filter((f) => f !== self), listing.problems]));
};

/** A file system that remembers what it was asked, so a cached result can be checked against it. */
class RecordingFileSystem implements FileSystem {
  readonly reads = new Map<string, [string, number | null, string]>();
  readonly probes = new Map<string, string>();
  readonly lists = new Map<string, string>();
  readonly realpaths = new Map<string, string | null>();
  constructor(
    private readonly inner: FileSystem,
    private readonly cacheFile: string,
  ) {}

  probe(absPath: string): Probe {
    const p = this.inner.probe(absPath);
    this.probes.set(absPath, probeSig(p));
    return p;
  }
  read(absPath: string, maxBytes?: number): Uint8Array {
    const max = maxBytes ?? null;
    const key = `${absPath}\0${max ?? ''}`;
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
    this.lists.set(absPath, listSig(absPath, entries, this.cacheFile));
    return entries;
  }
  realpath(absPath: string): string | null {
    const real = this.inner.realpath ? this.inner.realpath(absPath) : null;
    this.realpaths.set(absPath, real);
    return real;
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

/** Where the cache lives: `location`, else `.agents-lint-cache` at the repository root. */
async function cachePath(options: LintOptions, base: string, location: string | undefined): Promise<string> {
  if (location) return path.resolve(base, location);
  // Only here: the config loader brings zod, which a warm run with --cache-location never needs.
  const { resolveRoot } = await import('../config/load.js');
  const fs = new NodeFileSystem();
  const first = path.resolve(base, options.paths?.[0] ?? '.');
  const start = fs.probe(first).kind === 'dir' ? first : path.dirname(first);
  const root = resolveRoot(fs, start, {
    rootFlag: options.root ? path.resolve(base, options.root) : undefined,
    configFlag: options.config ? path.resolve(base, options.config) : undefined,
  });
  return path.join(root.root, DEFAULT_CACHE_FILE);
}

function stillValid(cache: CacheFile, key: string, file: string): boolean {
  if (cache.format !== FORMAT || cache.key !== key) return false;
  const fs = new NodeFileSystem();
  for (const [abs, sig] of cache.probes) if (probeSig(fs.probe(abs)) !== sig) return false;
  for (const [abs, max, sig] of cache.reads) if (readSig(fs, abs, max) !== sig) return false;
  for (const [abs, sig] of cache.lists) {
    let now: string;
    try {
      now = listSig(abs, fs.list(abs), file);
    } catch {
      now = '';
    }
    if (now !== sig) return false;
  }
  for (const [abs, real] of cache.realpaths) if (fs.realpath(abs) !== real) return false;
  return listingSig(cache.result.root, file) === cache.listing;
}

function readCache(file: string): CacheFile | null {
  try {
    return JSON.parse(nodeFs.readFileSync(file, 'utf8')) as CacheFile;
  } catch {
    return null; // missing, or written by something else: a cold run replaces it
  }
}

/** Writes to a temporary file beside the cache, then renames it: readers never see half a cache. */
function writeAtomically(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    nodeFs.mkdirSync(path.dirname(file), { recursive: true });
    nodeFs.writeFileSync(tmp, text);
    nodeFs.renameSync(tmp, file);
  } catch {
    // A cache that cannot be written only costs speed next time.
    nodeFs.rmSync(tmp, { force: true });
  }
}

/**
 * lint() through the cache at `location` (default `.agents-lint-cache` at the root). `version` is
 * agents-lint's own (tests pass another to check that an upgrade invalidates the cache).
 */
export async function cachedLint(options: LintOptions, { location, version = VERSION }: { location?: string; version?: string } = {}): Promise<CachedResult> {
  // The engine (rules, parsers) is loaded only when the cache cannot answer.
  const lint = async (o: LintOptions) => (await import('./lint.js')).lint(o);
  // Only a run on the real file system can be checked later against the real file system.
  if (options.fs) return toCached(await lint(options));
  const base = options.cwd ?? process.cwd();
  const file = await cachePath(options, base, location);
  const key = runKey(options, base, version);
  const cache = readCache(file);
  if (cache && stillValid(cache, key, file)) return cache.result;

  const fs = new RecordingFileSystem(new NodeFileSystem(), file);
  const result = await lint({ ...options, fs });
  const stored = toCached(result);
  const entry: CacheFile = {
    format: FORMAT,
    key,
    listing: listingSig(result.root, file),
    reads: [...fs.reads.values()].filter(([abs]) => abs !== file),
    probes: [...fs.probes].filter(([abs]) => abs !== file),
    lists: [...fs.lists],
    realpaths: [...fs.realpaths],
    result: stored,
  };
  writeAtomically(file, JSON.stringify(entry));
  // What a warm run will return: the same JSON round trip, so cold and warm reports are identical.
  return JSON.parse(JSON.stringify(stored)) as CachedResult;
}

/** The result as the cache keeps it: rules reduced to what formatters describe. */
function toCached(result: LintResult): CachedResult {
  return {
    ...result,
    diagnostics: result.diagnostics as Diagnostic[],
    rules: result.rules.map((r) => ({ id: r.id, meta: { description: r.meta.description, docs: r.meta.docs, severity: r.meta.severity, tags: r.meta.tags } })),
  };
}
