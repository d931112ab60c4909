// Bundles the compiled CLI (dist/src/) into dist/bundle/cli.cjs, the package's bin: one CommonJS
// file. Node's ES module loader pays per module (resolve, stat, read, compile: the unbundled CLI
// loads ~300 files), which made a staged-file run 43% slower (bench/README.md). Modules the CLI
// imports dynamically stay lazy: esbuild evaluates them on first import.
//
// dist/bundle/ sits at the same depth as dist/src/, so paths resolved from import.meta.url
// (package.json in version.ts, src/phrases/ in phrase-data.ts) work from either.
import { build } from 'esbuild';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as path from 'node:path';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(project, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });

const bin = path.join(outdir, 'cli.cjs');
const main = await build({
  absWorkingDir: project,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
  entryPoints: ['dist/src/bin.js'],
  outfile: bin,
  // Prefer packages' ESM builds: some UMD builds (jsonc-parser) require() relative files at run time.
  mainFields: ['module', 'main'],
  // Packages that read files beside themselves at run time (sh-syntax loads main.wasm from its own
  // directory; secretlint resolves its rule modules) stay external, imported where they are installed.
  external: ['sh-syntax', '@secretlint/*'],
  define: {
    // The file's own URL, as an ES module would see it (CommonJS has __filename).
    'import.meta.url': '__agentsLintFileUrl',
    // src/version.ts: the version, so the bundle does not read package.json on every start.
    AGENTS_LINT_VERSION: JSON.stringify(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).version),
  },
  banner: { js: "const __agentsLintFileUrl = require('node:url').pathToFileURL(__filename).href;" },
});
chmodSync(bin, 0o755);

// What went into the bundle, by source path: for the tests that check which modules it leaves out.
// Beside the bundle, not in it, and not in the package. A package's module is named from
// `node_modules/` on: esbuild names files by their real path, and a symlinked node_modules (CI's
// checkouts for other Nodes) lies outside the project.
const bundleInputs = Object.entries(main.metafile.outputs[path.relative(project, bin).split(path.sep).join('/')].inputs)
  .filter(([, input]) => input.bytesInOutput > 0)
  .map(([file]) => file.replace(/^.*?(?=(?:^|\/)node_modules\/)\/?/, ''))
  .sort();
writeFileSync(path.join(project, 'dist', 'bundle-inputs.json'), `${JSON.stringify(bundleInputs, null, 1)}\n`);
