import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { MemoryFileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { formatJson } from '../../src/formatters/json.js';
import { runCli } from '../helpers/temp-repo.js';
import { EMPTY_CODEX_HOME, FIXTURES, PROJECT_ROOT } from '../helpers/paths.js';

const temp: string[] = [];
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

function demoCopy(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'agents-lint-demo-'));
  temp.push(dir);
  cpSync(path.join(FIXTURES, 'demo-monorepo'), dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** Every entry's bytes and mtime (symlinks by their target), so any write shows. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(abs);
      else if (entry.isFile()) out.set(abs, `${statSync(abs).mtimeMs}:${readFileSync(abs).toString('base64')}`);
      else out.set(abs, entry.isSymbolicLink() ? 'symlink' : 'special');
    }
    out.set(dir, `dir:${statSync(dir).mtimeMs}`);
  };
  visit(root);
  return out;
}

describe('guarantees', () => {
  it('a lint writes nothing: every byte and mtime is unchanged, in every format', () => {
    const dir = demoCopy();
    const before = snapshot(dir);
    for (const format of ['stylish', 'json']) {
      const r = runCli(['--format', format, dir]);
      expect(r.code).toBe(1);
    }
    expect(runCli(['explain', path.join(dir, 'apps', 'web')]).code).toBe(0);
    expect(snapshot(dir)).toEqual(before);
  });

  it('no child process other than git, and no network, during a lint and an explain', () => {
    const dir = demoCopy();
    const log = path.join(dir, '..', `sentinel-${path.basename(dir)}.log`);
    temp.push(log);
    const env = { AGENTS_LINT_SENTINEL_LOG: log };
    const nodeArgs = ['--import', path.join(PROJECT_ROOT, 'test', 'helpers', 'sentinel.mjs')];
    expect(runCli(['--format', 'json', dir], { env, nodeArgs }).code).toBe(1);
    expect(runCli(['explain', path.join(dir, 'apps', 'web')], { env, nodeArgs }).code).toBe(0);
    const events = existsSync(log) ? readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as { kind: string; detail: string }) : [];
    expect(events.filter((e) => e.kind !== 'spawn')).toEqual([]);
    for (const e of events) expect(e.detail).toMatch(/^\w+ git /);
  });

  it('the sentinel itself notices a spawn and a connection (so the test above can fail)', () => {
    const dir = demoCopy();
    const log = path.join(dir, '..', `sentinel-self-${path.basename(dir)}.log`);
    temp.push(log);
    const script = "require('node:child_process').spawnSync('true'); require('node:net').connect(9, '127.0.0.1').on('error', () => {});";
    spawnSync(process.execPath, ['--import', path.join(PROJECT_ROOT, 'test', 'helpers', 'sentinel.mjs'), '-e', script], { env: { ...process.env, AGENTS_LINT_SENTINEL_LOG: log } });
    const kinds = readFileSync(log, 'utf8').trim().split('\n').map((l) => (JSON.parse(l) as { kind: string }).kind);
    expect(kinds).toEqual(expect.arrayContaining(['spawn', 'connect']));
  });

  it('output is byte-identical across runs and whatever order the paths are given in', () => {
    const demo = path.join(FIXTURES, 'demo-monorepo');
    const a = runCli(['--format', 'json', demo]);
    const b = runCli(['--format', 'json', demo]);
    expect(a.stdout).toBe(b.stdout);
    const apps = path.join(demo, 'apps');
    const packages = path.join(demo, 'packages');
    expect(runCli(['--format', 'json', apps, packages]).stdout).toBe(runCli(['--format', 'json', packages, apps]).stdout);
  });

  it('output does not depend on the order the file system lists entries in', async () => {
    const entries: [string, MemoryEntry][] = [
      ['/repo/.agents-lint.json', '{ "root": true }'],
      ['/repo/AGENTS.md', '# Root\n\nRun `npm test`.\n'],
      ['/repo/a/AGENTS.override.md', ' \n'],
      ['/repo/a/AGENTS.md', '# A\n'],
      ['/repo/b/AGENTS.md', ''],
      ['/repo/b/c/AGENTS.md', Uint8Array.from([0x41, 0xff, 0x0a])],
      ['/repo/package.json', '{ "workspaces": ["a", "b"] }'],
    ];
    const run = async (list: [string, MemoryEntry][]) => {
      const result = await lint({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, fs: new MemoryFileSystem(Object.fromEntries(list)) });
      return formatJson(result.diagnostics, result.root);
    };
    const forward = await run(entries);
    expect(JSON.parse(forward).length).toBeGreaterThan(0);
    expect(await run([...entries].reverse())).toBe(forward);
    expect(await run([entries[3]!, entries[0]!, entries[5]!, entries[1]!, entries[6]!, entries[2]!, entries[4]!])).toBe(forward);
  });
});
