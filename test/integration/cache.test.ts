import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cachedLint } from '../../src/engine/cache.js';
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
});
