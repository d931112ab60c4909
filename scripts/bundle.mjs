// Bundles the compiled CLI (dist/src/cli.js) into dist/bundle/: the command a user runs. Node's ESM
// loader pays per module (resolve, stat, read, compile): the unbundled CLI loads ~300 files before it
// does any work, about 150 ms, more than the whole target for a lint-staged run. Code splitting
// keeps every dynamic import lazy (`--version` still loads only the entry chunk).
//
// dist/bundle/ sits at the same depth as dist/src/, so paths resolved from import.meta.url
// (package.json in version.ts, src/phrases/ in phrase-data.ts) work from either.
import { build } from 'esbuild';
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(project, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });

await build({
  absWorkingDir: project,
  entryPoints: { cli: 'dist/src/cli.js' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // Prefer packages' ESM builds: some UMD builds (jsonc-parser) require() relative files at run time.
  mainFields: ['module', 'main'],
  // Packages that read files beside themselves at run time (sh-syntax loads main.wasm from its own
  // directory; secretlint resolves its rule modules) stay external and load from node_modules.
  external: ['sh-syntax', '@secretlint/*'],
  // CommonJS dependencies inside an ESM bundle still call require() for Node's built-ins.
  banner: { js: "import { createRequire as __agentsLintCreateRequire } from 'node:module'; const require = __agentsLintCreateRequire(import.meta.url);" },
  chunkNames: '[name]-[hash]',
  legalComments: 'none',
  logLevel: 'warning',
});
