// Makes dist/bundle/agents-lint.cjs.cache: runs the bundled CLI in this process over the demo
// monorepo (a full lint in two formats, staged-style file targets, explain), so the functions those
// runs compile are in V8's code cache, then writes the cache. Run by scripts/bundle.mjs with stdout
// ignored (the runs print their reports). It reads the demo and writes only the cache file.
import { existsSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cacheFileOf, compileBundle, encodeCache } from '../dist/src/launch/bundle-script.js';
import { EXTERNAL_IMPORT } from '../dist/src/external-import.js';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bundleFile = path.join(project, 'dist', 'bundle', 'agents-lint.cjs');
globalThis[EXTERNAL_IMPORT] = (specifier) => import(specifier);
process.env['CODEX_HOME'] = path.join(project, 'fixtures', 'codex-home', 'empty');
process.env['NO_COLOR'] = '1';
// The runs must leave V8's flags as they are: the cache is stamped with them (see v8Tuning in src/cli.ts).
process.env['AGENTS_LINT_KEEP_V8_FLAGS'] = '1';
const demo = path.join(project, 'fixtures', 'demo-monorepo');
if (!existsSync(demo)) {
  // A checkout without the fixtures still builds; the CLI then compiles from source on every run.
  console.error('code cache: fixtures/demo-monorepo is missing; dist/bundle/agents-lint.cjs ships without a code cache');
  process.exit(0);
}
process.chdir(demo);

const bundle = compileBundle(bundleFile, undefined);
const runs = [
  ['--format', 'json'],
  ['--format', 'stylish'],
  ['--format', 'json', 'AGENTS.md', 'apps/api/AGENTS.md', 'package.json'],
  ['explain', 'apps/api', '--format', 'json'],
  ['explain', 'apps/api'],
];
for (const args of runs) {
  const code = await bundle.exports.main(['node', 'agents-lint', ...args]);
  if (code !== 0 && code !== 1) throw new Error(`code cache: \`agents-lint ${args.join(' ')}\` on the demo exited ${code}`);
}
// The demo is small: the real-monorepo fixtures reach the runners, manifests and rules' branches
// it does not, whose functions a cold lint of a large repository would otherwise compile lazily.
const real = path.join(project, 'fixtures', 'real');
for (const name of existsSync(real) ? readdirSync(real).sort() : []) {
  process.chdir(path.join(real, name));
  const code = await bundle.exports.main(['node', 'agents-lint', '--format', 'json']);
  if (code !== 0 && code !== 1) throw new Error(`code cache: \`agents-lint --format json\` on fixtures/real/${name} exited ${code}`);
}
// Whole or not at all: a half-written cache would only be refused, but need not exist.
const target = cacheFileOf(bundleFile);
writeFileSync(`${target}.tmp`, encodeCache(bundle.sourceHash, bundle.script.createCachedData()));
renameSync(`${target}.tmp`, target);
