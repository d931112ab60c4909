#!/usr/bin/env node
// The `agents-lint` command: compiles the bundled CLI with V8's code cache (see bundle-script.ts)
// and runs it. Kept small (Node built-ins and the git prefetch): everything here runs before the
// cache can help.
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { EXTERNAL_IMPORT } from '../external-import.js';
import { compileBundle, readCache } from './bundle-script.js';
import { existsSync } from 'node:fs';
import * as path from 'node:path';
import { prefetchGitListing } from '../repo/git-listing.js';
import { SHARD_WORKER_ENTRY } from '../engine/shards.js';

const bundleFile = fileURLToPath(new URL('./agents-lint.cjs', import.meta.url));
// Packages kept outside the bundle are imported by this module's loader (see external-import.ts).
(globalThis as Record<symbol, unknown>)[EXTERNAL_IMPORT] = (specifier: string) => import(specifier);
if (isMainThread) {
  // `git ls-files` runs while the bundle compiles.
  prefetchForCommand(process.argv);
  // Lint workers (src/engine/shards.ts) start from this file too: same bundle, same code cache.
  (globalThis as Record<symbol, unknown>)[SHARD_WORKER_ENTRY] = fileURLToPath(import.meta.url);
}
const bundle = compileBundle(bundleFile, readCache(bundleFile));
if (!isMainThread) void bundle.exports.runShardWorker();
else {
  if (process.argv.includes('--debug')) process.stderr.write(`agents-lint: code cache ${bundle.cache}\n`);
  bundle.exports.runCli(process.argv);
}

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
