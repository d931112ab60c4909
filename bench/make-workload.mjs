#!/usr/bin/env node
// A synthetic monorepo to time instruction-file linters on, and to test what depends on size.
//
//   node bench/make-workload.mjs DIR [--packages N] [--agents N] [--seed S] [--maintained]
//
// N packages (a package.json, nine source files and a README each), AGENTS.md files of 2 to 8 KB
// (the root's and one in a quarter of the packages by default), a root CLAUDE.md that imports the
// root AGENTS.md, a Makefile, and a gitignored node_modules/ of 200 dependencies (some with their
// own AGENTS.md and CLAUDE.md), committed to a fresh git repository. The same seed gives the same
// repository, byte for byte.
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

/** A small seeded generator (mulberry32): the workload must not depend on Math.random. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * An AGENTS.md of about `size` bytes: commands, a vague line, a link, then sections of path rules.
 * Maintained, its script, link and paths exist and each line names its package.
 */
function agentsMd(name, size, maintained) {
  const lines = maintained
    ? [`# ${name}`, '', '## Commands', '', `- Build ${name} with \`npm run build\`.`, `- Test ${name} with \`npm test\`.`, '', '## Conventions', '', `- Keep ${name} free of runtime dependencies.`, '- See [the readme](README.md).', '']
    : [`# ${name}`, '', '## Commands', '', '- Build with `npm run build`.', '- Test with `npm test`.', '- Type-check with `npm run typecheck`.', '', '## Conventions', '', '- Follow best practices.', '- See [the guide](docs/guide.md).', ''];
  let bytes = lines.reduce((n, l) => n + l.length + 1, 0);
  for (let i = 0; bytes < size; i++) {
    const more = i % 15 === 0 ? ['', `## Area ${i / 15}`, ''] : [];
    more.push(
      maintained
        ? `- When changing \`src/mod${i % 9}.ts\` for ${name} area ${i}, keep its exports sorted.`
        : `- When changing \`src/mod${i}.ts\`, update \`src/mod${i}.test.ts\` and keep exports sorted.`,
    );
    for (const l of more) bytes += l.length + 1;
    lines.push(...more);
  }
  return `${lines.join('\n')}\n`;
}

/** Writes the workload into `dir` (emptied first). */
export function makeWorkload(dir, { packages = 2000, agents = Math.max(1, Math.floor(packages / 4)), seed = 42, maintained = false } = {}) {
  const random = seeded(seed);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const write = (rel, text) => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  write('package.json', JSON.stringify({ name: 'big', private: true, workspaces: ['packages/*'], scripts: { build: 'tsc -b', test: 'vitest run', lint: 'eslint .' } }, null, 2));
  write('.gitignore', 'node_modules/\n');
  write('Makefile', '.PHONY: build test\nbuild:\n\tnpm run build\ntest:\n\tnpm test\n');
  // Which packages get an AGENTS.md: a seeded shuffle, the first agents - 1 of it.
  const order = Array.from({ length: packages }, (_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const withAgents = new Set(order.slice(0, Math.min(packages, agents - 1)));
  const width = packages > 9999 ? 5 : 4;
  for (let p = 0; p < packages; p++) {
    const name = `pkg-${String(p).padStart(width, '0')}`;
    const base = `packages/${name}`;
    write(`${base}/package.json`, JSON.stringify({ name, version: '1.0.0', scripts: { build: 'tsc', test: 'vitest run' } }));
    for (let k = 0; k < 9; k++) write(`${base}/src/mod${k}.ts`, `export const v${k} = ${k};\n`.repeat(20));
    write(`${base}/README.md`, `# ${name}\n\nSome docs.\n`);
    if (withAgents.has(p)) write(`${base}/AGENTS.md`, agentsMd(name, 2048 + Math.floor(random() * 6145), maintained));
  }
  write('AGENTS.md', agentsMd('root', 6000, maintained));
  if (maintained) write('README.md', '# big\n');
  write('CLAUDE.md', '# CLAUDE.md\n\n@AGENTS.md\n');
  for (let m = 0; m < 200; m++) {
    const base = `node_modules/dep-${String(m).padStart(3, '0')}`;
    write(`${base}/package.json`, JSON.stringify({ name: `dep-${String(m).padStart(3, '0')}`, version: '1.0.0' }));
    write(`${base}/README.md`, '# dep\n');
    if (m % 10 === 0) {
      write(`${base}/AGENTS.md`, agentsMd(`dep-${m}`, 3000, maintained));
      write(`${base}/CLAUDE.md`, '# dep\n');
    }
    for (let k = 0; k < 22; k++) write(`${base}/lib/f${k}.js`, 'module.exports = 1;\n');
  }
  const git = (...args) => execFileSync('git', ['-c', 'user.email=bench@example.invalid', '-c', 'user.name=bench', ...args], { cwd: dir, stdio: 'ignore' });
  git('init', '-q', '.');
  git('add', '-A');
  git('commit', '-qm', 'bench');
  return { packages, agents };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir) {
    console.error('usage: node bench/make-workload.mjs DIR [--packages N] [--agents N] [--seed S] [--maintained]');
    process.exit(2);
  }
  const opt = (name) => {
    const i = rest.indexOf(name);
    return i < 0 ? undefined : Number(rest[i + 1]);
  };
  const maintained = rest.includes('--maintained');
  const made = makeWorkload(dir, { packages: opt('--packages'), agents: opt('--agents'), seed: opt('--seed'), maintained });
  console.log(`${dir}: ${made.packages} packages, ${made.agents} AGENTS.md files${maintained ? ', maintained' : ''}`);
}
