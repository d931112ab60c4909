import { execFileSync, spawn } from 'node:child_process';
import { listingText } from './listing-text.js';

/**
 * `git ls-files` for a work tree: tracked plus untracked-not-ignored files, exactly the user's
 * ignore rules. The CLI starts it before it loads the engine (prefetchGitListing), so the child
 * process runs while Node compiles the linter; the repository index then takes the finished result
 * instead of spawning git again. Same command, same output: only the waiting overlaps.
 */
const ARGS = ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--full-name'];

function gitEnv(): NodeJS.ProcessEnv {
  return { ...process.env, GIT_OPTIONAL_LOCKS: '0' };
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

interface Prefetch {
  root: string;
  done: Promise<void>;
  /**
   * git's output as printed (each path followed by NUL; see splitListing); null: git failed (no git,
   * a corrupt .git, not a work tree); undefined: still running.
   */
  result: string | null | undefined;
}

// Kept on a global, not in this module: the launcher (src/launch/launcher.ts) starts the prefetch
// before it compiles the bundle, which holds its own copy of this module.
const PREFETCH = Symbol.for('agents-lint.git-prefetch');
const slot = globalThis as { [PREFETCH]?: Prefetch | undefined };

/** Starts listing `root` in the background (the CLI calls this before importing the engine). */
export function prefetchGitListing(root: string): void {
  if (slot[PREFETCH]) return;
  const chunks: Buffer[] = [];
  const entry: Prefetch = { root, result: undefined, done: Promise.resolve() };
  entry.done = new Promise<void>((resolve) => {
    let child;
    try {
      child = spawn('git', ['-C', root, ...ARGS], { stdio: ['ignore', 'pipe', 'ignore'], env: gitEnv() });
    } catch {
      entry.result = null;
      resolve();
      return;
    }
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      entry.result = null;
      resolve();
    });
    child.on('close', (code) => {
      entry.result = code === 0 ? Buffer.concat(chunks).toString('utf8') : null;
      resolve();
    });
  });
  slot[PREFETCH] = entry;
}

/** Waits for a prefetch in flight (no-op without one), so listing can then take it synchronously. */
export async function gitListingSettled(): Promise<void> {
  await slot[PREFETCH]?.done;
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
  const prefetch = slot[PREFETCH];
  if (prefetch && prefetch.root === root && prefetch.result !== undefined) {
    const { result } = prefetch;
    // Taken once: a second index of the same root (tests, --fix's re-lint) lists afresh.
    slot[PREFETCH] = undefined;
    return result;
  }
  try {
    return execFileSync('git', ['-C', root, ...ARGS], { encoding: 'buffer', maxBuffer: 1 << 30, stdio: ['ignore', 'pipe', 'ignore'], env: gitEnv() }).toString('utf8');
  } catch {
    return null;
  }
}

/** Takes a listing of `root` another thread made (a lint worker), so this thread does not run git again. */
export function adoptGitListing(root: string, files: readonly string[]): void {
  // In git's own form: a path holds no NUL, so the listing splits back into exactly these paths.
  slot[PREFETCH] = { root, result: listingText(files), done: Promise.resolve() };
}
