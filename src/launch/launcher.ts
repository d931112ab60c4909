#!/usr/bin/env node
// The `agents-lint` command: compiles the bundled CLI with V8's code cache (see bundle-script.ts)
// and runs it. Kept small (Node built-ins and the git prefetch): everything here runs before the
// cache can help.
// Before any other import: see early-prefetch.ts.
import './early-prefetch.js';
import { fileURLToPath } from 'node:url';
import { EXTERNAL_IMPORT } from '../external-import.js';
import { compileBundle, readCache } from './bundle-script.js';
import { SHARD_WORKER_ENTRY } from '../engine/shards.js';
import { inShardWorker } from '../engine/shard-thread.js';

const bundleFile = fileURLToPath(new URL('./agents-lint.cjs', import.meta.url));
// Packages kept outside the bundle are imported by this module's loader (see external-import.ts).
(globalThis as Record<symbol, unknown>)[EXTERNAL_IMPORT] = (specifier: string) => import(specifier);
const shardWorker = inShardWorker();
if (!shardWorker) {
  // Lint workers (src/engine/shards.ts) start from this file too: same bundle, same code cache.
  (globalThis as Record<symbol, unknown>)[SHARD_WORKER_ENTRY] = fileURLToPath(import.meta.url);
}
const bundle = compileBundle(bundleFile, readCache(bundleFile));
if (shardWorker) void bundle.exports.runShardWorker();
else {
  if (process.argv.includes('--debug')) process.stderr.write(`agents-lint: code cache ${bundle.cache}\n`);
  bundle.exports.runCli(process.argv);
}

