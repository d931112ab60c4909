#!/usr/bin/env node
// The editor's case, timed: ESLint's Node API lints an unsaved buffer of a 10 KB instruction file
// (`eslint.lintText(text, { filePath })`, what the ESLint extension does on every change) in a
// 2,000-package repository, with the plugin's recommended config. The first call builds the
// repository index; the later ones (each with one more character, as typing gives) reuse it.
//
//   node bench/make-workload.mjs /tmp/big2k      # once (seeded)
//   npm run build && node bench/eslint-lint-text.mjs /tmp/big2k [CALLS]
//
// Prints the first call's time and the median, 90th percentile and maximum of the later ones, for
// ESLint with @eslint/markdown alone (the floor: ESLint's own parse and bookkeeping) and with the
// plugin's recommended config; then how long ESLint waits on the plugin's `files` function for a
// README.md, the first time and from another directory. The
// index is checked against the disk at most once a second (settings['agents-lint'].recheckMs): the
// maximum includes such a check when one fell in the calls.
import { existsSync, readFileSync } from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import markdown from '@eslint/markdown';

const project = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [repo = '/tmp/big2k', callsArg = '30'] = process.argv.slice(2);
const calls = Number(callsArg);
if (!existsSync(path.join(repo, 'packages'))) {
  console.error(`${repo} is not a workload; make one with: node bench/make-workload.mjs ${repo}`);
  process.exit(2);
}
const plugin = (await import(path.join(project, 'dist/src/eslint/index.js'))).default;

// A package's AGENTS.md (the workload gives a quarter of its packages one), grown to 10 KB with
// more lines of the kind it has: the buffer differs from the disk, as an unsaved edit does.
const file = path.join(repo, 'packages/pkg-0603/AGENTS.md');
let text = readFileSync(file, 'utf8');
for (let i = 0; Buffer.byteLength(text) < 10 * 1024; i++) text += `- When changing \`src/extra${i}.ts\`, run \`npm test\` and keep the public exports sorted.\n`;

/** Times `calls` lintText calls after a first one, each buffer one character longer than the last. */
async function timed(config, buffer) {
  const eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: config });
  const time = async (t) => {
    const started = performance.now();
    const [result] = await eslint.lintText(t, { filePath: file });
    return { ms: performance.now() - started, problems: result.messages.length };
  };
  const first = await time(buffer);
  const warm = [];
  let problems = first.problems;
  for (let i = 0; i < calls; i++) {
    buffer += i % 40 === 39 ? '\n' : 'x';
    const r = await time(buffer);
    warm.push(r.ms);
    problems = r.problems;
  }
  warm.sort((a, b) => a - b);
  const at = (q) => warm[Math.min(warm.length - 1, Math.floor(q * warm.length))];
  return { first: first.ms, median: at(0.5), p90: at(0.9), max: warm[warm.length - 1], problems };
}

// The floor: ESLint and @eslint/markdown alone (parsing the buffer, no rule), in the same minutes.
const floor = await timed([{ files: ['**/*.md'], plugins: { markdown }, language: 'markdown/gfm' }], text);
const ours = await timed(plugin.configs.recommended, text);
const line = (name, r) => `${name.padEnd(34)} first ${r.first.toFixed(0).padStart(5)} ms   warm median ${r.median.toFixed(1).padStart(6)} ms   p90 ${r.p90.toFixed(1).padStart(6)} ms   max ${r.max.toFixed(1).padStart(6)} ms`;
console.log(`lintText of a ${(Buffer.byteLength(text) / 1024).toFixed(1)} KB unsaved buffer of ${path.relative(repo, file)} in ${repo}, ${calls} warm calls:`);
console.log(line('ESLint + @eslint/markdown, no rule', floor));
console.log(line(`agents-lint recommended (${ours.problems} problems)`, ours));

// A Markdown file no glob names (a package's README.md): ESLint asks the plugin's `files` function
// whether the engine reaches it (src/eslint/reached.ts). The first question makes the engine's run
// over the whole repository (the one the JSON, TOML and YAML files' findings come from); a question
// from another directory is answered from it. A fresh ESLint instance: its config cache is empty.
const readmes = ['packages/pkg-0001/README.md', 'packages/pkg-0002/README.md'].map((rel) => path.join(repo, rel)).filter((f) => existsSync(f));
if (readmes.length === 2) {
  const eslint = new ESLint({ cwd: repo, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
  const asked = [];
  for (const readme of readmes) {
    const started = performance.now();
    await eslint.calculateConfigForFile(readme);
    asked.push(performance.now() - started);
  }
  console.log(`${'files function, README.md'.padEnd(34)} first ${asked[0].toFixed(0).padStart(5)} ms   from another directory ${asked[1].toFixed(1).padStart(6)} ms`);
}
