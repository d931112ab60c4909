// The launcher's first import: `git ls-files` is started here, before the launcher loads the
// built-ins it needs to compile the bundle (vm, crypto, module: several milliseconds of a run that
// waits for git), so the child process starts as early as the process can start it.
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { prefetchGitListing } from '../repo/git-listing.js';
import { inShardWorker } from '../engine/shard-thread.js';

if (!inShardWorker()) prefetchForCommand(process.argv);

/**
 * A lint or explain run lists the repository with git first: the launcher starts that child process
 * before it compiles the linter, so the two overlap. The guess is the nearest ancestor of the current
 * directory holding `.git` (the usual root); when the run settles on another root it goes unused.
 */
function prefetchForCommand(argv: readonly string[]): void {
  const args = argv.slice(2);
  if (args.some((a) => a === '--version' || a === '-v' || a === '--help' || a === '-h' || a === '--print-config') || args[0] === 'init' || args[0] === 'help') return;
  for (let dir = process.cwd(); ; dir = path.dirname(dir)) {
    if (existsSync(path.join(dir, '.git'))) {
      prefetchGitListing(dir);
      return;
    }
    if (path.dirname(dir) === dir) return;
  }
}
