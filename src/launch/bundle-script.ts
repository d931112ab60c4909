/**
 * The bundled CLI as one compiled script. V8 can serialise the bytecode of a script (its code
 * cache) and take it back in a later process, skipping the parse and compile of every function that
 * was compiled when the cache was made; Node 20 offers that for vm.Script only, not for ES modules
 * (module.enableCompileCache arrives in Node 22). So the CLI is bundled as CommonJS
 * (dist/bundle/agents-lint.cjs), compiled here with the cache shipped beside it
 * (agents-lint.cjs.cache, made at build time by scripts/code-cache.mjs), and run in this context.
 * A cache made by another V8 (another Node version) is rejected by V8 itself, and the script is
 * then compiled from source as it would be without one: same code, same behaviour.
 *
 * V8 itself checks only the source's length and its own version and flags, and it trusts the bytes:
 * a cache with flipped bits crashes the process (observed with Node 20: "Fatal error ...
 * Deserializer"), and one made for other source of the same length would run that other code. So
 * the cache file carries CRC-32s of the source it was made for and of its own V8 data, checked here
 * before V8 sees it; a mismatch compiles from source. The checks guard against accidents (a damaged
 * file, a bundle edited in place, a stale build), not against someone who can write the bundle, so
 * a checksum is enough: zlib's CRC-32 costs 1.6 ms a run here, loading its module included, where
 * SHA-256 cost 5 to 6 ms (node:crypto's 15 internal modules and OpenSSL's digest set-up, on every
 * run's critical path). A Node without zlib.crc32 (before 20.15) runs without the cache.
 */
import * as vm from 'node:vm';
import * as zlib from 'node:zlib';
import { closeSync, fstatSync, openSync, readFileSync, readSync } from 'node:fs';
import { isAscii } from 'node:buffer';
import { createRequire } from 'node:module';
import * as path from 'node:path';

export interface BundleExports {
  runCli(argv: string[]): void;
  main(argv: string[]): Promise<number>;
  runShardWorker(): Promise<void>;
}

export interface CompiledBundle {
  script: vm.Script;
  /** The wrapped source's checksum (what a cache is made for); null on a Node without zlib.crc32. */
  sourceHash: string | null;
  /**
   * What became of the cache: 'accepted'; 'rejected' by V8 (made by another Node); 'mismatched' (made
   * for other source, or damaged: never given to V8); 'absent'.
   */
  cache: 'accepted' | 'rejected' | 'mismatched' | 'absent';
  exports: BundleExports;
}

export const cacheFileOf = (bundleFile: string) => `${bundleFile}.cache`;

const MAGIC = 'agents-lint code cache 4\n';
/** Hex digits of one checksum. */
const HEX_LENGTH = 8;
// Optional: zlib.crc32 arrived in Node 20.15 and 22.2 (the types describe a newer Node).
const crc32 = (zlib as { crc32?: (data: string | Uint8Array, value?: number) => number }).crc32;

/** The CRC-32 of the parts one after another, as hex; null on a Node without zlib.crc32. */
function checksum(...parts: (string | Uint8Array)[]): string | null {
  if (!crc32) return null;
  let crc = 0;
  for (const part of parts) crc = crc32(part, crc);
  return crc.toString(16).padStart(HEX_LENGTH, '0');
}
// The same wrapper as Node's own CommonJS loader, so `require`, `module` and `__filename` behave
// as they would in a required file.
const WRAP_HEAD = '(function (exports, require, module, __filename, __dirname) {';
const WRAP_TAIL = '\n})';

/**
 * The wrapped source's bytes: the wrapper's head, the file, the wrapper's tail, in one buffer the
 * file is read into. Decoded at once it is one flat string (a 1 MB one, which Node keeps outside
 * V8's heap), where the wrapper joined on as strings made a rope that V8 copied into a flat string
 * of its heap before compiling: a megabyte copied, some 270 pages touched, on every run.
 */
function wrappedBytes(bundleFile: string): Buffer {
  const fd = openSync(bundleFile, 'r');
  try {
    const size = fstatSync(fd).size;
    const bytes = Buffer.allocUnsafe(WRAP_HEAD.length + size + WRAP_TAIL.length);
    bytes.write(WRAP_HEAD, 0, 'latin1');
    let filled = 0;
    while (filled < size) {
      const n = readSync(fd, bytes, WRAP_HEAD.length + filled, size - filled, null);
      if (n === 0) break;
      filled += n;
    }
    bytes.write(WRAP_TAIL, WRAP_HEAD.length + filled, 'latin1');
    return bytes.subarray(0, WRAP_HEAD.length + filled + WRAP_TAIL.length);
  } finally {
    closeSync(fd);
  }
}

/** A cache file: a header line with the source's and the data's checksums, then V8's data. */
export function encodeCache(sourceHash: string | null, data: Buffer): Buffer {
  const ofData = checksum(data);
  if (sourceHash === null || ofData === null) throw new Error('a code cache needs zlib.crc32 (Node 20.15 or later) to be checked');
  return Buffer.concat([Buffer.from(`${MAGIC}${sourceHash} ${ofData}\n`, 'latin1'), data]);
}

/** V8's data from a cache file made for this source, or undefined when it was made for other source or is damaged. */
function decodeCache(sourceHash: string | null, file: Buffer): Buffer | undefined {
  if (sourceHash === null) return undefined;
  const headerLength = MAGIC.length + HEX_LENGTH + 1 + HEX_LENGTH + 1;
  if (file.length <= headerLength || file.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const [forSource, ofData] = file.toString('latin1', MAGIC.length, headerLength - 1).split(' ');
  const data = file.subarray(headerLength);
  return forSource === sourceHash && ofData === checksum(data) ? data : undefined;
}

export function compileBundle(bundleFile: string, cacheFile: Buffer | undefined): CompiledBundle {
  const bytes = wrappedBytes(bundleFile);
  // The build makes the bundle ASCII (scripts/ascii-source.mjs): read as such, it skips UTF-8's checks.
  const source = bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
  // From the bytes: a checksum of the 1 MB source string would first encode it to UTF-8 again.
  const sourceHash = checksum(bytes);
  const cachedData = cacheFile && decodeCache(sourceHash, cacheFile);
  const script = new vm.Script(source, { filename: bundleFile, cachedData });
  const module = { exports: {} as BundleExports };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundleFile), module, bundleFile, path.dirname(bundleFile));
  const cache = cacheFile === undefined ? 'absent' : cachedData === undefined ? 'mismatched' : script.cachedDataRejected ? 'rejected' : 'accepted';
  return { script, sourceHash, cache, exports: module.exports };
}

/** The cache file's bytes, or undefined when there is none (a build without one, or unreadable). */
export function readCache(bundleFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFileOf(bundleFile));
  } catch {
    return undefined;
  }
}
