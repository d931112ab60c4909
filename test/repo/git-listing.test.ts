import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitListFiles, gitListingSettled, gitListText, prefetchGitListing, speculativeListing } from '../../src/repo/git-listing.js';
import { lint } from '../../src/engine/lint.js';
import { PROJECT } from '../integration/repo.js';
import { listFiles } from '../../src/repo/walk.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';

/** A real git work tree with tracked, untracked and ignored files. */
function gitRepo(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-listing-'));
  const files: Record<string, string> = { '.gitignore': 'dist/\n', 'AGENTS.md': '# A\n', 'pkg/AGENTS.md': '# B\n', 'dist/AGENTS.md': '# ignored\n', 'new.md': 'untracked\n' };
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  }
  execFileSync('git', ['init', '-q', dir]);
  execFileSync('git', ['-C', dir, 'add', '.gitignore', 'AGENTS.md', 'pkg/AGENTS.md']);
  return dir;
}

describe('git listing prefetch', () => {
  it('hands over exactly what a synchronous listing returns, once', async () => {
    const dir = gitRepo();
    const direct = gitListFiles(dir);
    expect([...(direct ?? [])].sort()).toEqual(['.gitignore', 'AGENTS.md', 'new.md', 'pkg/AGENTS.md']);
    prefetchGitListing(dir);
    await gitListingSettled();
    expect(gitListFiles(dir)).toEqual(direct);
    // Taken once: a file added afterwards shows in the next listing (a re-lint after --fix lists afresh).
    fs.writeFileSync(path.join(dir, 'later.md'), 'x\n');
    expect(gitListFiles(dir)).toContain('later.md');
  });

  it('is not used for another root, and a root that is not a work tree lists as null either way', async () => {
    const dir = gitRepo();
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-listing-plain-'));
    prefetchGitListing(other);
    await gitListingSettled();
    expect(gitListFiles(dir)?.sort()).toEqual(['.gitignore', 'AGENTS.md', 'new.md', 'pkg/AGENTS.md']);
    expect(gitListFiles(other)).toBeNull();
  });

  it('its two parts joined, untracked then tracked, are `--cached --others` byte for byte (unicode and spaces, a nested repository, a deleted tracked file)', () => {
    const dir = gitRepo();
    fs.mkdirSync(path.join(dir, 'inner'));
    execFileSync('git', ['init', '-q', path.join(dir, 'inner')]);
    fs.writeFileSync(path.join(dir, 'inner', 'AGENTS.md'), '# inner\n');
    fs.mkdirSync(path.join(dir, 'docs/ä b'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/ä b/AGENTS.md'), '# new\n');
    fs.writeFileSync(path.join(dir, 'gone.md'), 'x\n');
    execFileSync('git', ['-C', dir, 'add', 'gone.md']);
    fs.rmSync(path.join(dir, 'gone.md'));
    const git = (...args: string[]) => execFileSync('git', ['-C', dir, 'ls-files', '-z', ...args, '--full-name']).toString('utf8');
    const whole = git('--cached', '--others', '--exclude-standard');
    expect(whole).toContain('inner/\0');
    expect(git('--others', '--exclude-standard') + git('--cached')).toBe(whole);
  });

  it('starts from the tracked part: "same" once the walk finds nothing untracked (the prefetch is then taken), "changed" when it finds a file', async () => {
    const clean = gitRepo();
    fs.rmSync(path.join(clean, 'new.md'));
    prefetchGitListing(clean);
    await gitListingSettled();
    const same = speculativeListing(clean);
    expect(same?.text).toBe(execFileSync('git', ['-C', clean, 'ls-files', '-z', '--cached', '--full-name']).toString('utf8'));
    expect(same?.check()).toBe('same');
    expect(speculativeListing(clean)).toBeNull();

    const dirty = gitRepo();
    prefetchGitListing(dirty);
    await gitListingSettled();
    expect(speculativeListing(dirty)?.check()).toBe('changed');
    // The whole listing is still there to start again from.
    expect(gitListText(dirty)?.split('\0')).toContain('new.md');
  });

  it('a lint that started from the tracked part and found untracked files starts again: the untracked AGENTS.md is linted, as without a prefetch', async () => {
    const dir = gitRepo();
    fs.mkdirSync(path.join(dir, 'tools'));
    fs.writeFileSync(path.join(dir, 'tools/AGENTS.md'), '# Tools\n\nRun `npm run nope` first.\n');
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "x", "scripts": { "build": "tsc" } }\n');
    const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');
    const run = () => lint({ cwd: dir, codexHome });
    const without = await run();
    expect(without.diagnostics.filter((d) => d.file === 'tools/AGENTS.md').map((d) => d.ruleId)).toContain('no-unknown-script');
    prefetchGitListing(dir);
    expect(await run()).toEqual(without);
    // Nothing untracked: the run from the tracked part stands, with the same result as a listing made afterwards.
    execFileSync('git', ['-C', dir, 'add', '.']);
    const tracked = await run();
    prefetchGitListing(dir);
    expect(await run()).toEqual(tracked);
  });

  it('git writes the listing to a file that is removed at once: nothing is left in the temporary directory, and without a usable one the listing comes through a pipe', async () => {
    const dir = gitRepo();
    const expected = gitListFiles(dir);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-spool-'));
    const saved = process.env['TMPDIR'];
    try {
      process.env['TMPDIR'] = tmp;
      prefetchGitListing(dir);
      await gitListingSettled();
      expect(fs.readdirSync(tmp)).toEqual([]);
      expect(gitListFiles(dir)).toEqual(expected);
      process.env['TMPDIR'] = path.join(tmp, 'missing');
      prefetchGitListing(dir);
      await gitListingSettled();
      expect(gitListFiles(dir)).toEqual(expected);
    } finally {
      if (saved === undefined) delete process.env['TMPDIR'];
      else process.env['TMPDIR'] = saved;
    }
  });

  it('a file both parts list (staged between the two git processes) is listed once, with and without nested repositories', () => {
    const fs0 = new MemoryFileSystem({ '/r/a.md': 'x', '/r/b.md': 'x', '/r/c.md': 'x', '/r/inner/x.md': 'x' });
    // Untracked part first, then the tracked part, as gitListText joins them.
    expect(listFiles(fs0, '/r', true, 'c.md\0a.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md']);
    expect(listFiles(fs0, '/r', true, 'c.md\0inner/\0a.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md', 'inner/x.md']);
    // A conflicted file, once per stage in the tracked part: once, as before.
    expect(listFiles(fs0, '/r', true, 'a.md\0b.md\0b.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md']);
  });
});
