import { execFileSync, spawn } from 'node:child_process';
import { closeSync, fstatSync, openSync, readSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { listingText } from './listing-text.js';
import { decodeListing } from './raw-path.js';

/**
 * `git ls-files` for a work tree: tracked plus untracked-not-ignored files, exactly the user's
 * ignore rules. The CLI starts it before it loads the engine (prefetchGitListing), so the child
 * processes run while Node compiles the linter; the repository index then takes the finished result
 * instead of spawning git again. Same output, byte for byte: only the waiting overlaps.
 *
 * The listing comes in two parts from two processes: the tracked files (`--cached`, read from the
 * index in a few milliseconds) and the untracked ones (`--others`, a walk of the whole work tree,
 * tens of milliseconds on a large monorepo). `--cached --others` prints the untracked part first,
 * then the tracked one, so the two outputs joined in that order are its output. A lint may start
 * from the tracked part while the walk still runs (speculativeListing) and check the walk's answer
 * later: nearly always nothing is untracked, and then the tracked part was the whole listing.
 */
/**
 * git as a reader only. A repository's own config can name programs git runs during `ls-files`
 * (core.fsmonitor) or hooks, and an `include.path` to a FIFO blocks it: the command line turns
 * those programs off (`-c` outranks every config file), and a time limit ends a git that waits.
 */
const SAFE = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'core.untrackedCache=false'];
const ARGS = [...SAFE, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--full-name'];
const TRACKED_ARGS = [...SAFE, 'ls-files', '-z', '--cached', '--full-name'];
const UNTRACKED_ARGS = [...SAFE, 'ls-files', '-z', '--others', '--exclude-standard', '--full-name'];
/** How long git may take to list a repository before the run falls back to its own walk. */
export const GIT_TIMEOUT_MS = 5000;

/**
 * The environment git runs in: without the variables that point it at another repository, index,
 * work tree or config (GIT_DIR, GIT_WORK_TREE, GIT_INDEX_FILE, GIT_CONFIG_*, ...), so it lists the
 * repository being linted, and never prompting.
 */
export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) if (!key.startsWith('GIT_')) env[key] = value;
  return { ...env, GIT_OPTIONAL_LOCKS: '0', GIT_TERMINAL_PROMPT: '0' };
}

/**
 * The entries of a listing whose paths each end with NUL (git's `-z`), empty ones left out. Git
 * prints no empty entry: only the piece after the last NUL is empty, and it is dropped without a
 * callback per entry (a filter over tens of thousands of paths runs in V8's interpreter).
 */
export function splitListing(text: string): string[] {
  const entries = text.split('\0');
  if (entries[entries.length - 1] === '') entries.pop();
  // An empty entry inside (a NUL first, or two in a row): dropped as well.
  return text.charCodeAt(0) === 0 || text.includes('\0\0') ? entries.filter((p) => p.length > 0) : entries;
}

/** One git process's output: each path followed by NUL (see splitListing); null: git failed; undefined: still running. */
interface Part {
  done: Promise<void>;
  result: string | null | undefined;
  /** Why git gave no listing (result null), in words for a warning. */
  failure?: string;
  /** git failed writing to the temporary file (a full or failing disk, say): worth asking again through a pipe. */
  retry?: boolean;
}

interface Prefetch {
  root: string;
  tracked: Part;
  untracked: Part;
}

// Kept on a global, not in this module: the launcher (src/launch/launcher.ts) starts the prefetch
// before it compiles the bundle, which holds its own copy of this module.
const PREFETCH = Symbol.for('agents-lint.git-prefetch');
const slot = globalThis as { [PREFETCH]?: Prefetch | undefined };

/**
 * `git -C root <args>` in the background, its output collected (null when git fails: no git, a
 * corrupt .git, not a work tree). The output goes to an unnamed temporary file where the platform
 * allows one: through a pipe, git writes a large listing (1 MB for 22,500 paths) a few hundred KB
 * at a time, each time waiting until this process, busy compiling the linter, takes the output in,
 * so it would end only some 10 ms after the process is free to read. Through the file it ends in
 * its own time; the file is removed as soon as it is open and closed once read.
 */
function runGit(root: string, args: readonly string[]): Part {
  const chunks: Buffer[] = [];
  const part: Part = { result: undefined, done: Promise.resolve() };
  const spool = unnamedFile();
  part.done = new Promise<void>((resolve) => {
    let child;
    try {
      child = spawn('git', ['-C', root, ...args], { stdio: ['ignore', spool ?? 'pipe', 'pipe'], env: gitEnv(), timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL' });
    } catch (error) {
      if (spool !== null) closeSync(spool);
      part.result = null;
      part.failure = failureOf(error, null, '');
      resolve();
      return;
    }
    let errors = '';
    child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stderr?.on('data', (chunk: Buffer) => {
      if (errors.length < 4096) errors += chunk.toString('utf8');
    });
    const settle = (result: string | null) => {
      if (part.result !== undefined) return;
      part.result = result;
      if (spool !== null) closeSync(spool);
      resolve();
    };
    child.on('error', (error) => {
      part.failure ??= failureOf(error, null, errors);
      settle(null);
    });
    child.on('close', (code) => {
      // A git the time limit ended (no exit code) is not asked again: it would wait as long.
      part.retry = spool !== null && code !== null && code !== 0;
      if (code !== 0) {
        part.failure ??= failureOf(null, code, errors);
        settle(null);
      } else settle(spool === null ? decodeListing(Buffer.concat(chunks)) : readAllFrom(spool));
    });
  });
  return part;
}

let spools = 0;

/** An open file in the temporary directory whose name is already gone, or null (Windows cannot remove an open file; no writable temporary directory). */
function unnamedFile(): number | null {
  if (process.platform === 'win32') return null;
  let fd: number | null = null;
  // Unique among this process's files ('wx' refuses a name that exists): no random source is loaded this early.
  const name = path.join(tmpdir(), `agents-lint-ls-${process.pid}-${process.hrtime.bigint()}-${++spools}`);
  try {
    fd = openSync(name, 'wx+', 0o600);
    unlinkSync(name);
    return fd;
  } catch {
    if (fd !== null) {
      closeSync(fd);
      // Opened but not removed: not left behind.
      try {
        unlinkSync(name);
      } catch {
        // gone already, or not ours to remove
      }
    }
    return null;
  }
}

/** The whole content of an open file, from its start, as UTF-8 (null when it cannot be read). */
function readAllFrom(fd: number): string | null {
  try {
    const buffer = Buffer.allocUnsafe(fstatSync(fd).size);
    let filled = 0;
    while (filled < buffer.length) {
      const n = readSync(fd, buffer, filled, buffer.length - filled, filled);
      if (n === 0) break;
      filled += n;
    }
    return decodeListing(buffer.subarray(0, filled));
  } catch {
    return null;
  }
}

/** Starts listing `root` in the background (the CLI calls this before importing the engine). */
export function prefetchGitListing(root: string): void {
  if (slot[PREFETCH]) return;
  // The quick part first: a lint can start from it (speculativeListing).
  const tracked = runGit(root, TRACKED_ARGS);
  slot[PREFETCH] = { root, tracked, untracked: runGit(root, UNTRACKED_ARGS) };
}

/** Waits for a prefetch in flight (no-op without one), so listing can then take it synchronously. */
export async function gitListingSettled(): Promise<void> {
  const prefetch = slot[PREFETCH];
  if (prefetch) await Promise.all([prefetch.tracked.done, prefetch.untracked.done]);
}

/** Waits for the tracked part of a prefetch in flight (no-op without one): see speculativeListing. */
export async function trackedListingSettled(): Promise<void> {
  await slot[PREFETCH]?.tracked.done;
}

/** See speculativeListing. */
export interface SpeculativeListing {
  text: string;
  settled: Promise<void>;
  check(): 'same' | 'changed' | 'pending';
}

/**
 * A listing of `root` to start from while git's walk for untracked files may still run: the tracked
 * files, or the whole listing once the walk is done. `check()` then tells whether that was the whole
 * listing ('same'; the prefetch is taken), whether it was not ('changed': the walk found untracked
 * files, or failed; gitListText then gives what a lint must start again from), or not yet known
 * ('pending'; `settled` resolves when it is). Null without a finished tracked part for this root.
 */
export function speculativeListing(root: string): SpeculativeListing | null {
  const prefetch = slot[PREFETCH];
  if (!prefetch || prefetch.root !== root || typeof prefetch.tracked.result !== 'string') return null;
  const text = prefetch.tracked.result;
  return {
    text,
    settled: prefetch.untracked.done,
    check() {
      const untracked = prefetch.untracked.result;
      if (untracked === undefined) return 'pending';
      if (untracked !== '') return 'changed';
      if (slot[PREFETCH] === prefetch) slot[PREFETCH] = undefined;
      return 'same';
    },
  };
}

/** The listing of `root`: the finished prefetch when it was for this root, else git run now; null when git fails. */
export function gitListFiles(root: string): string[] | null {
  const text = gitListText(root);
  return text === null ? null : splitListing(text);
}

/**
 * gitListFiles's listing as git printed it, every path followed by NUL: the repository index splits
 * it itself, and searches the text natively where a loop over the paths would cost more.
 */
export function gitListText(root: string): string | null {
  lastFailure = null;
  const prefetch = slot[PREFETCH];
  const tracked = prefetch?.tracked.result;
  const untracked = prefetch?.untracked.result;
  if (prefetch && prefetch.root === root && tracked !== undefined && untracked !== undefined) {
    // Taken once: a second index of the same root (tests, --fix's re-lint) lists afresh.
    slot[PREFETCH] = undefined;
    if (tracked !== null && untracked !== null) return untracked + tracked;
    // git's own failure is the answer; one writing to the temporary file is asked again below.
    if (!prefetch.tracked.retry && !prefetch.untracked.retry) {
      lastFailure = prefetch.tracked.failure ?? prefetch.untracked.failure ?? 'git ls-files failed';
      return null;
    }
  }
  try {
    return decodeListing(execFileSync('git', ['-C', root, ...ARGS], { encoding: 'buffer', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], env: gitEnv(), timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL' }));
  } catch (error) {
    const { status, stderr } = error as { status?: number | null; stderr?: Buffer };
    lastFailure = failureOf(error, status ?? null, stderr?.toString('utf8') ?? '');
    return null;
  }
}

let lastFailure: string | null = null;

/** Why the last gitListText() call gave null, in words ("did not finish within 5 s", git's own error line). */
export function gitFailure(): string | null {
  return lastFailure;
}

/** A failed git run in words: not started, ended by the time limit, or git's first error line. */
function failureOf(error: unknown, status: number | null, stderr: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'git is not installed or not on PATH';
  if (code === 'ETIMEDOUT' || (error as { signal?: unknown } | null)?.signal === 'SIGKILL' || (error === null && status === null)) return `git ls-files did not finish within ${GIT_TIMEOUT_MS / 1000} s`;
  const said = stderr.split('\n').find((line) => line.trim() !== '');
  if (said) return `git said: ${said.trim().slice(0, 200)}`;
  return status !== null ? `git ls-files exited with status ${status}` : 'git ls-files failed';
}

/** Takes a listing of `root` another thread made (a lint worker), so this thread does not run git again. */
export function adoptGitListing(root: string, files: readonly string[]): void {
  // In git's own form: a path holds no NUL, so the listing splits back into exactly these paths.
  const done = Promise.resolve();
  slot[PREFETCH] = { root, tracked: { result: listingText(files), done }, untracked: { result: '', done } };
}

/** Whether git tracks `rel` in the repository at `root` (false when git cannot say). */
export function gitTracks(root: string, rel: string): boolean {
  try {
    const out = execFileSync('git', ['-C', root, ...SAFE, 'ls-files', '-z', '--', rel.split(path.sep).join('/')], { stdio: ['ignore', 'pipe', 'ignore'], env: gitEnv(), timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL' });
    return out.length > 0;
  } catch {
    return false;
  }
}
