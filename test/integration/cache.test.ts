import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cachedLint, openCache } from '../../src/engine/cache.js';
import { lint } from '../../src/engine/lint.js';
import { PROJECT, runCli, tempRepo } from './repo.js';

const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');

// One finding from a manifest (an npm script that does not exist) and one from the instruction
// file itself (an HTML comment agents read but humans do not see).
const files = {
  'AGENTS.md': '# Rules\n\nRun `npm run typecheck` before committing.\n\n<div hidden>hidden note</div>\n',
  'package.json': '{ "name": "root", "private": true, "scripts": { "test": "vitest" } }\n',
  'src/index.ts': 'export {};\n',
};

const summary = (r: { diagnostics: { file: string; ruleId: string | null; line: number }[] }) => r.diagnostics.map((d) => `${d.file}:${d.line} ${d.ruleId}`);

/** Runs through the cache; `hit` says whether the cache file was left alone (a hit never writes). */
async function run(dir: string, version?: string) {
  const location = path.join(dir, '.agents-lint-cache');
  const before = fs.existsSync(location) ? fs.statSync(location).mtimeMs : null;
  const result = await cachedLint({ cwd: dir, codexHome }, { version, location });
  const after = fs.statSync(location).mtimeMs;
  return { result, hit: before !== null && before === after };
}

function touch(dir: string, rel: string, content: string) {
  fs.writeFileSync(path.join(dir, rel), content);
  // A later mtime, so `hit` can tell a rewrite from a reuse on coarse file systems.
  const later = new Date(Date.now() + 5000);
  fs.utimesSync(path.join(dir, '.agents-lint-cache'), later, later);
}

describe('--cache', () => {
  it('a warm run returns exactly the cold result, without linting again', async () => {
    const dir = tempRepo(files);
    const plain = await lint({ cwd: dir, codexHome });
    const cold = await run(dir);
    expect(cold.hit).toBe(false);
    expect(summary(cold.result)).toEqual(['AGENTS.md:3 no-unknown-script', 'AGENTS.md:5 no-hidden-instructions']);
    expect(cold.result.diagnostics).toEqual(JSON.parse(JSON.stringify(plain.diagnostics)));
    const warm = await run(dir);
    expect(warm.hit).toBe(true);
    expect(warm.result).toEqual(cold.result);
  });

  it('editing an instruction file, a manifest, the config, or adding a file runs the lint again', async () => {
    const dir = tempRepo(files);
    await run(dir);
    touch(dir, 'AGENTS.md', '# Rules\n\nRun `npm run typecheck` before committing.\n');
    let next = await run(dir);
    expect(next.hit).toBe(false);
    expect(summary(next.result)).toEqual(['AGENTS.md:3 no-unknown-script']);

    touch(dir, 'package.json', '{ "name": "root", "private": true, "scripts": { "typecheck": "tsc" } }\n');
    next = await run(dir);
    expect(next.hit).toBe(false);
    expect(summary(next.result)).toEqual([]);

    touch(dir, '.agents-lint.json', '{ "root": true, "rules": { "no-empty-instructions": "off" } }\n');
    next = await run(dir);
    expect(next.hit).toBe(false);
    expect(next.result.rules.map((r) => r.id)).not.toContain('no-empty-instructions');

    fs.mkdirSync(path.join(dir, 'sub'), { recursive: true });
    touch(dir, 'sub/AGENTS.md', '<!-- only a comment -->\n');
    next = await run(dir);
    expect(next.hit).toBe(false);
    expect(next.result.files).toContain('sub/AGENTS.md');
    expect((await run(dir)).hit).toBe(true);
  });

  it('another agents-lint version does not reuse the cache', async () => {
    const dir = tempRepo(files);
    expect((await run(dir, '1.0.0')).hit).toBe(false);
    expect((await run(dir, '1.0.0')).hit).toBe(true);
    expect((await run(dir, '1.0.1')).hit).toBe(false);
  });

  it('the CLI writes the cache where --cache-location says, atomically, and prints the same report warm', () => {
    const dir = tempRepo(files);
    const args = ['--format', 'json', '--cache', '--cache-location', 'out/state.json'];
    const cold = runCli(dir, args);
    expect(cold.status).toBe(1);
    expect(fs.existsSync(path.join(dir, 'out/state.json'))).toBe(true);
    expect(fs.readdirSync(path.join(dir, 'out'))).toEqual(['state.json']);
    const warm = runCli(dir, args);
    expect(warm).toEqual(cold);
  });

  it('a warm CLI run replays what was printed for the same flags, and formats anew for other flags', () => {
    const dir = tempRepo({ ...files, 'AGENTS.md': '# Rules\n\n<!-- always push to main -->\n' });
    const cache = ['--cache', '--cache-location', 'state'];
    const plainStylish = runCli(dir, ['--max-warnings', '0']);
    const coldJson = runCli(dir, ['--format', 'json', ...cache]);
    const stateAfterJson = fs.readFileSync(path.join(dir, 'state'));
    // Another format: the stored result is formatted (no lint), and its report is added to the cache.
    const warmStylish = runCli(dir, ['--max-warnings', '0', ...cache]);
    expect(warmStylish).toEqual(plainStylish);
    expect(fs.readFileSync(path.join(dir, 'state')).length).toBeGreaterThan(stateAfterJson.length);
    // Replayed: stdout, stderr ("too many warnings") and the exit code, and the cache is not rewritten.
    const mtime = fs.statSync(path.join(dir, 'state')).mtimeMs;
    expect(runCli(dir, ['--max-warnings', '0', ...cache])).toEqual(plainStylish);
    expect(runCli(dir, ['--format', 'json', ...cache])).toEqual(coldJson);
    expect(fs.statSync(path.join(dir, 'state')).mtimeMs).toBe(mtime);
    expect(plainStylish.status).toBe(1);
    expect(plainStylish.stderr).toContain('too many warnings');
  });

  it('a cache file cut short or written by something else is replaced by a cold run, never a crash', () => {
    const dir = tempRepo(files);
    const args = ['--format', 'json', '--cache', '--cache-location', 'state'];
    const cold = runCli(dir, args);
    const state = path.join(dir, 'state');
    fs.writeFileSync(state, fs.readFileSync(state).subarray(0, 200));
    expect(runCli(dir, args)).toEqual(cold);
    fs.writeFileSync(state, 'not a cache\n');
    expect(runCli(dir, args)).toEqual(cold);
    expect(runCli(dir, args)).toEqual(cold);
  });

  describe('per file', () => {
    /** A run through the cache: its result, how it used the cache, and a lint without the cache beside it. */
    async function step(dir: string) {
      const session = await openCache({ cwd: dir, codexHome }, { location: path.join(dir, '.agents-lint-cache') });
      const result = await session.result();
      session.save();
      const plain = await lint({ cwd: dir, codexHome });
      return { result, how: session.how(), plain: JSON.parse(JSON.stringify(plain.diagnostics)) as unknown };
    }

    it('after an edit to one instruction file, only that file is parsed and linted again', async () => {
      const dir = tempRepo({ ...files, 'packages/a/AGENTS.md': '# A\n\nRun `npm test`.\n', 'packages/b/AGENTS.md': '# B\n\n<div hidden>b</div>\n', 'packages/c/AGENTS.md': '# C\n\nRun the tests.\n' });
      expect((await step(dir)).how).toEqual({ whole: false, reusedFiles: 0, lintedFiles: 4 });
      fs.writeFileSync(path.join(dir, 'packages/c/AGENTS.md'), '# C\n\n<div hidden>c</div>\n');
      const next = await step(dir);
      expect(next.how).toEqual({ whole: false, reusedFiles: 3, lintedFiles: 1 });
      expect(next.result.diagnostics).toEqual(next.plain);
      expect(summary(next.result)).toContain('packages/c/AGENTS.md:3 no-hidden-instructions');
      expect((await step(dir)).how.whole).toBe(true);
      // A file with findings of its own (their positions are read from its text) as well.
      fs.writeFileSync(path.join(dir, 'packages/b/AGENTS.md'), '# B\n\nSome text.\n\n<div hidden>b</div>\n');
      const again = await step(dir);
      expect(again.how).toEqual({ whole: false, reusedFiles: 3, lintedFiles: 1 });
      expect(again.result.diagnostics).toEqual(again.plain);
    });

    it('every outcome is linted again when anything else changes (a manifest)', async () => {
      const dir = tempRepo({ ...files, 'packages/a/AGENTS.md': '# A\n\nRun `npm run build`.\n' });
      await step(dir);
      fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "root", "private": true, "scripts": { "build": "tsc", "typecheck": "tsc" } }\n');
      const next = await step(dir);
      expect(next.how).toEqual({ whole: false, reusedFiles: 0, lintedFiles: 2 });
      expect(next.result.diagnostics).toEqual(next.plain);
    });

    it('a heading another file links to, and a place in a chain, are outcomes\' inputs too', async () => {
      const bom = '\ufeff';
      const dir = tempRepo({
        'AGENTS.md': '# Root\n\nSee [setup](pkg/AGENTS.md#setup) first.\n',
        'pkg/AGENTS.md': `${bom}# Pkg\n\n## Setup\n\nRun the tests.\n`,
        'pkg/package.json': '{ "name": "pkg" }\n',
        'package.json': '{ "name": "root", "private": true, "workspaces": ["pkg"] }\n',
      });
      const first = await step(dir);
      expect(first.result.diagnostics).toEqual(first.plain);
      // The link's target heading changes: the root file's outcome rests on it.
      fs.writeFileSync(path.join(dir, 'pkg/AGENTS.md'), `${bom}# Pkg\n\n## Install\n\nRun the tests.\n`);
      const renamed = await step(dir);
      expect(renamed.result.diagnostics).toEqual(renamed.plain);
      expect(summary(renamed.result)).toContain('AGENTS.md:3 no-broken-link');
      // The root file empties: pkg/AGENTS.md is now first in its chain, and its BOM is reported as such.
      fs.writeFileSync(path.join(dir, 'AGENTS.md'), '');
      const moved = await step(dir);
      expect(moved.result.diagnostics).toEqual(moved.plain);
      expect(JSON.stringify(moved.result.diagnostics)).not.toEqual(JSON.stringify(renamed.result.diagnostics));
    });
  });
});
