import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { gitListFiles, gitListingSettled, prefetchGitListing } from '../../src/repo/git-listing.js';

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
});
