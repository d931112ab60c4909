import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { decodePath } from './raw-path.js';

/**
 * `git ls-files` for a work tree: tracked plus untracked-not-ignored files, exactly the user's
 * ignore rules, each path followed by NUL (`-z`: no quoting, any byte but NUL in a name).
 *
 * git as a reader only. A repository's own config can name programs git runs during `ls-files`
 * (core.fsmonitor) or hooks, and an `include.path` to a FIFO blocks it: the command line turns
 * those programs off (`-c` outranks every config file), and a time limit ends a git that waits.
 */
const SAFE = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null', '-c', 'core.untrackedCache=false'];
const ARGS = [...SAFE, 'ls-files', '-z', '--cached', '--others', '--exclude-standard', '--full-name'];
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
 * callback per entry.
 */
export function splitListing(text: string): string[] {
  const entries = text.split('\0');
  if (entries[entries.length - 1] === '') entries.pop();
  // An empty entry inside (a NUL first, or two in a row): dropped as well.
  return text.charCodeAt(0) === 0 || text.includes('\0\0') ? entries.filter((p) => p.length > 0) : entries;
}

let lastFailure: string | null = null;

/**
 * The listing of `root` as git printed it, every path followed by NUL (the repository index splits
 * it itself, and searches the text natively where a loop over the paths would cost more); null
 * when git fails, and gitFailure() then says why.
 */
export function gitListText(root: string): string | null {
  lastFailure = null;
  try {
    return decodePath(execFileSync('git', ['-C', root, ...ARGS], { encoding: 'buffer', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'pipe'], env: gitEnv(), timeout: GIT_TIMEOUT_MS, killSignal: 'SIGKILL' }));
  } catch (error) {
    const { status, stderr } = error as { status?: number | null; stderr?: Buffer };
    lastFailure = failureOf(error, status ?? null, stderr?.toString('utf8') ?? '');
    return null;
  }
}

/** Why the last gitListText() call gave null, in words ("did not finish within 5 s", git's own error line). */
export function gitFailure(): string | null {
  return lastFailure;
}

/** A failed git run in words: not started, ended by the time limit, or git's first error line. */
function failureOf(error: unknown, status: number | null, stderr: string): string {
  const { code, signal } = (error ?? {}) as { code?: unknown; signal?: unknown };
  if (code === 'ENOENT') return 'git is not installed or not on PATH';
  if (code === 'ETIMEDOUT' || signal === 'SIGKILL') return `git ls-files did not finish within ${GIT_TIMEOUT_MS / 1000} s`;
  const said = stderr.split('\n').find((line) => line.trim() !== '');
  if (said) return `git said: ${said.trim().slice(0, 200)}`;
  return status !== null ? `git ls-files exited with status ${status}` : 'git ls-files failed';
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
