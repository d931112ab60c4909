import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitFailure, gitListText, splitListing } from '../../src/repo/git-listing.js';
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

describe('git listing', () => {
  it('lists tracked and untracked files, not ignored ones, each path followed by NUL', () => {
    const dir = gitRepo();
    expect(splitListing(gitListText(dir) ?? '').sort()).toEqual(['.gitignore', 'AGENTS.md', 'new.md', 'pkg/AGENTS.md']);
    expect(gitFailure()).toBeNull();
  });

  it('a directory that is not a work tree lists as null, and gitFailure says what git said', () => {
    const other = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-listing-plain-'));
    expect(gitListText(other)).toBeNull();
    expect(gitFailure()).toMatch(/^git said: fatal: not a git repository/);
  });

  it('names that are not UTF-8 keep their bytes (each such byte as a lone surrogate), unicode and spaces as they are', () => {
    const dir = gitRepo();
    fs.mkdirSync(path.join(dir, 'docs/ä b'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'docs/ä b/AGENTS.md'), '# new\n');
    const latin1 = Buffer.from(`${dir}/caf\xe9`, 'latin1');
    fs.mkdirSync(latin1);
    fs.writeFileSync(Buffer.concat([latin1, Buffer.from('/AGENTS.md')]), '# café\n');
    const listed = splitListing(gitListText(dir) ?? '');
    expect(listed).toContain('docs/ä b/AGENTS.md');
    expect(listed).toContain('caf\udce9/AGENTS.md');
  });

  it('lints an untracked AGENTS.md as a tracked one', async () => {
    const dir = gitRepo();
    fs.mkdirSync(path.join(dir, 'tools'));
    fs.writeFileSync(path.join(dir, 'tools/AGENTS.md'), '# Tools\n\nRun `npm run nope` first.\n');
    fs.writeFileSync(path.join(dir, 'package.json'), '{ "name": "x", "scripts": { "build": "tsc" } }\n');
    const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');
    const result = await lint({ cwd: dir, codexHome });
    expect(result.diagnostics.filter((d) => d.file === 'tools/AGENTS.md').map((d) => d.ruleId)).toContain('no-unknown-script');
  });

  it('a file listed twice (once per stage of a conflict, or by both parts of a listing) is listed once, with and without nested repositories', () => {
    const fs0 = new MemoryFileSystem({ '/r/a.md': 'x', '/r/b.md': 'x', '/r/c.md': 'x', '/r/inner/x.md': 'x' });
    // Untracked part first, then the tracked part, as gitListText joins them.
    expect(listFiles(fs0, '/r', true, 'c.md\0a.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md']);
    expect(listFiles(fs0, '/r', true, 'c.md\0inner/\0a.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md', 'inner/x.md']);
    // A conflicted file, once per stage in the tracked part: once, as before.
    expect(listFiles(fs0, '/r', true, 'a.md\0b.md\0b.md\0b.md\0c.md\0').files).toEqual(['a.md', 'b.md', 'c.md']);
  });
});
