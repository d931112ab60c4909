import * as os from 'node:os';
import * as path from 'node:path';
import { sha1 } from '../sha1.js';

/**
 * The directory that holds the default cache files: the user's cache directory (`$XDG_CACHE_HOME`,
 * else `~/.cache`; `%LOCALAPPDATA%` on Windows), outside every work tree unless that variable or the
 * home directory points into one. Its own module so that `init` can ask where it is without loading
 * the cache.
 */
export function defaultCacheDir(): string {
  const home = os.homedir();
  const base = process.env['XDG_CACHE_HOME'] || (process.platform === 'win32' ? process.env['LOCALAPPDATA'] || path.join(home, 'AppData', 'Local') : path.join(home, '.cache'));
  return path.join(base, 'agents-lint');
}

/**
 * The default cache file of a repository: one file per root in defaultCacheDir(). A cache file
 * committed to a repository (a pull request can carry any file) is then never read by default.
 */
export function defaultCacheFile(root: string): string {
  return path.join(defaultCacheDir(), `${sha1(root).slice(0, 16)}.cache`);
}
