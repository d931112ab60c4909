// Bundles the compiled CLI (dist/src/) into dist/bundle/: the command a user runs.
//
// - agents-lint.cjs: the whole CLI as one CommonJS script. Node's ESM loader pays per module
//   (resolve, stat, read, compile; the unbundled CLI loads ~300 files, ~150 ms), and only a script
//   (not an ES module) can use V8's code cache on Node 20 (src/launch/bundle-script.ts). Modules the
//   CLI imports dynamically stay lazy: esbuild evaluates them on first import.
// - agents-lint.cjs.cache: that cache, made by running the bundle on the demo (scripts/code-cache.mjs).
// - cli.cjs: the launcher (src/launch/launcher.ts), the package's `bin`.
//
// dist/bundle/ sits at the same depth as dist/src/, so paths resolved from import.meta.url
// (package.json in version.ts, src/phrases/ in phrase-data.ts) work from either.
import { build } from 'esbuild';
import { deepStrictEqual } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { asciiSource } from './ascii-source.mjs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as path from 'node:path';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outdir = path.join(project, 'dist', 'bundle');
rmSync(outdir, { recursive: true, force: true });

// Every built-in rule's options parsed from `{}`, for runs that configure none: the bundle carries
// them (src/config/bundled-defaults.ts) so such a run builds no zod schema. As JSON, checked to
// survive the round trip exactly.
const { rules } = await import(pathToFileURL(path.join(project, 'dist', 'rules', 'index.js')).href);
const ruleDefaults = Object.fromEntries(rules.map((rule) => [rule.id, rule.meta.options.parse({})]));
const ruleDefaultsJson = JSON.stringify(ruleDefaults);
deepStrictEqual(JSON.parse(ruleDefaultsJson), ruleDefaults, 'rule defaults must be plain JSON values');

/**
 * Packages whose modules only declare (functions, enums, lookup tables): marked free of side effects,
 * esbuild leaves out every module of theirs the CLI uses nothing from, where it would otherwise keep
 * each imported module's top level. jsonc-parser's formatter and editor (used by neither the config
 * loader nor the manifests) build tables of indentation strings (1,220 strings) on every start.
 */
const DECLARATIONS_ONLY = ['jsonc-parser'];
const declarationsOnly = {
  name: 'declarations-only',
  setup(build) {
    const inPackage = (file) => DECLARATIONS_ONLY.some((name) => file.split(path.sep).join('/').includes(`/node_modules/${name}/`));
    build.onResolve({ filter: /.*/ }, async (args) => {
      if (args.pluginData === declarationsOnly || !(DECLARATIONS_ONLY.includes(args.path) || inPackage(args.importer))) return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: declarationsOnly });
      if (resolved.errors.length > 0) return { errors: resolved.errors };
      return { path: resolved.path, namespace: resolved.namespace, sideEffects: false };
    });
  },
};

const common = {
  absWorkingDir: project,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  legalComments: 'none',
  // Whitespace and comments out (names kept, for readable stack traces and profiles): a third less
  // source that every run reads, hashes, copies into V8 and scans for the functions the code cache
  // lacks (measured with bench/instructions.mjs: 1.3 % of a discovery-only run's instructions, and
  // some 390 fewer pages touched). Syntax minification saved nothing more.
  minifyWhitespace: true,
  logLevel: 'warning',
  // The file's own URL, as an ES module would see it (CommonJS has __filename).
  define: {
    'import.meta.url': '__agentsLintFileUrl',
    AGENTS_LINT_RULE_DEFAULTS: JSON.stringify(ruleDefaultsJson),
    // src/version.ts: the version, so the bundle does not read package.json on every start.
    AGENTS_LINT_VERSION: JSON.stringify(JSON.parse(readFileSync(path.join(project, 'package.json'), 'utf8')).version),
  },
  banner: { js: "const __agentsLintFileUrl = require('node:url').pathToFileURL(__filename).href;" },
};
const bundleFile = path.join(outdir, 'agents-lint.cjs');
const main = await build({
  ...common,
  metafile: true,
  entryPoints: ['dist/src/cli.js'],
  outfile: bundleFile,
  // Prefer packages' ESM builds: some UMD builds (jsonc-parser) require() relative files at run time.
  mainFields: ['module', 'main'],
  // Packages that read files beside themselves at run time (sh-syntax loads main.wasm from its own
  // directory; secretlint resolves its rule modules) stay external: src/external-import.ts.
  external: ['sh-syntax', '@secretlint/*'],
  plugins: [declarationsOnly],
});
// What went into the bundle, by source path (the minified bundle names none): for the tests that check
// which modules it leaves out. Beside the bundle, not in it, and not in the package. A package's
// module is named from `node_modules/` on: esbuild names files by their real path, and a symlinked
// node_modules (CI's checkouts for other Nodes) lies outside the project.
// The metafile names its outputs relative to absWorkingDir, with forward slashes.
const bundleInputs = Object.entries(main.metafile.outputs[path.relative(project, bundleFile).split(path.sep).join('/')].inputs)
  .filter(([, input]) => input.bytesInOutput > 0)
  .map(([file]) => file.replace(/^.*?(?=(?:^|\/)node_modules\/)\/?/, ''))
  .sort();
writeFileSync(path.join(project, 'dist', 'bundle-inputs.json'), `${JSON.stringify(bundleInputs, null, 1)}\n`);
// A two-byte source costs every run a slow decode and twice the memory: see ascii-source.mjs.
writeFileSync(bundleFile, asciiSource(readFileSync(bundleFile, 'utf8')));
// CommonJS too: Node loads a CommonJS entry synchronously, without the ES module loader's set-up
// (~30 ms of a run that should take 150).
await build({ ...common, entryPoints: ['dist/src/launch/launcher.js'], outfile: path.join(outdir, 'cli.cjs') });
chmodSync(path.join(outdir, 'cli.cjs'), 0o755);

// An import() left in the script would fail at run time (a vm.Script has no module loader): every
// dynamic import of an external package goes through importExternal().
const script = readFileSync(path.join(outdir, 'agents-lint.cjs'), 'utf8').replace(/\/\/.*|\/\*[\s\S]*?\*\//g, '');
const stray = /(?<![\w$.])import\((?!specifier\))/.exec(script);
if (stray) throw new Error(`dist/bundle/agents-lint.cjs calls import() directly near: ${script.slice(stray.index - 80, stray.index + 40)}`);

execFileSync(process.execPath, [path.join(project, 'scripts', 'code-cache.mjs')], { stdio: ['ignore', 'ignore', 'inherit'] });
