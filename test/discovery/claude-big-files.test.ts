import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { CLAUDE_CUTTABLE, claudeFilesOver } from '../../src/discovery/claude-big-files.js';
import { ProbeCache } from '../../src/discovery/simulate.js';
import { listingText } from '../../src/repo/listing-text.js';
import { RepoIndex } from '../../src/repo/repo-index.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';

// claudeFilesOver looks only at the files named CLAUDE.md / CLAUDE.local.md and the hidden ones:
// it must find exactly what a test of every listed file finds, from a git listing (the index scans
// its text) and from a walk (no text).
describe('claudeFilesOver', () => {
  // Directory and file names never meet, so no path is both a file and a directory.
  const dir = fc.constantFrom('a', 'sub', '.claude', 'rules', 'x.claude', '.github');
  const name = fc.constantFrom('CLAUDE.md', 'CLAUDE.local.md', 'claude.md', 'x.md', '.md', 'CLAUDE.md.bak', 'AGENTS.md', '.hidden.md');
  const file = fc.tuple(fc.array(dir, { maxLength: 4 }), name, fc.nat(30)).map(([dirs, base, size]) => ({ rel: [...dirs, base].join('/'), size }));

  it('finds what the straightforward filter over the listing finds, in its order', () => {
    fc.assert(
      fc.property(fc.uniqueArray(file, { selector: (f) => f.rel, maxLength: 24 }), fc.boolean(), (files, git) => {
        const entries: Record<string, string> = { '/r/.agents-lint.json': '{ "root": true }\n' };
        for (const f of files) entries[`/r/${f.rel}`] = 'x'.repeat(f.size);
        if (git) entries['/r/.git/HEAD'] = 'ref: refs/heads/main\n';
        const gitListing = git ? listingText([...files.map((f) => f.rel), '.agents-lint.json'].sort()) : undefined;
        const fs = new MemoryFileSystem(entries);
        const repo = new RepoIndex({ root: '/r', fs, useGit: git, gitListing });
        const cache = new ProbeCache(fs);
        const expected = repo.files.filter((f) => CLAUDE_CUTTABLE.test(f) && (cache.probe(repo.abs(f)).size ?? 0) > 10);
        expect(claudeFilesOver(repo, cache, 10)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
