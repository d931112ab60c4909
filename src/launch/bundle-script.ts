/**
 * The bundled CLI as one compiled script. V8 can serialise the bytecode of a script (its code
 * cache) and take it back in a later process, skipping the parse and compile of every function that
 * was compiled when the cache was made; Node 20 offers that for vm.Script only, not for ES modules
 * (module.enableCompileCache arrives in Node 22). So the CLI is bundled as CommonJS
 * (dist/bundle/agents-lint.cjs), compiled here with the cache shipped beside it
 * (agents-lint.cjs.cache, made at build time by scripts/code-cache.mjs), and run in this context.
 * A cache made by another V8 (another Node version) is rejected by V8 itself, and the script is
 * then compiled from source as it would be without one: same code, same behaviour.
 */
import * as vm from 'node:vm';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';

export interface BundleExports {
  runCli(argv: string[]): void;
  main(argv: string[]): Promise<number>;
  runShardWorker(): Promise<void>;
}

export interface CompiledBundle {
  script: vm.Script;
  /** Whether V8 took the cache: 'accepted', 'rejected' (another V8), or 'absent'. */
  cache: 'accepted' | 'rejected' | 'absent';
  exports: BundleExports;
}

export const cacheFileOf = (bundleFile: string) => `${bundleFile}.cache`;

export function compileBundle(bundleFile: string, cachedData: Buffer | undefined): CompiledBundle {
  // The same wrapper as Node's own CommonJS loader, so `require`, `module` and `__filename` behave
  // as they would in a required file.
  const source = `(function (exports, require, module, __filename, __dirname) {${readFileSync(bundleFile, 'utf8')}\n})`;
  const script = new vm.Script(source, { filename: bundleFile, cachedData });
  const module = { exports: {} as BundleExports };
  (script.runInThisContext() as (...args: unknown[]) => void)(module.exports, createRequire(bundleFile), module, bundleFile, path.dirname(bundleFile));
  return { script, cache: cachedData === undefined ? 'absent' : script.cachedDataRejected ? 'rejected' : 'accepted', exports: module.exports };
}

/** The cache file's bytes, or undefined when there is none (a build without one, or unreadable). */
export function readCache(bundleFile: string): Buffer | undefined {
  try {
    return readFileSync(cacheFileOf(bundleFile));
  } catch {
    return undefined;
  }
}
