import { describe, expect, it } from 'vitest';
import { RepoIndex } from '../../src/repo/repo-index.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { listingText } from '../../src/repo/listing-text.js';
import { classifyPath } from '../../src/markdown/references/path-shape.js';
import { resolvePathReference } from '../../src/markdown/references/path-resolution.js';
import { resolveLink } from '../../src/markdown/references/links.js';

// References resolve against a repository index that bisects its listing until its directory
// index is built (a lint-staged run never builds it). A path through a listed file (a symlinked
// directory, a submodule) is found by looking up its prefixes then, where a full run, with the
// directories indexed, takes a shortcut: both must give every answer alike.

/** A git work tree listing exactly `listed`. */
function index(listed: readonly string[], dirsFirst: boolean): RepoIndex {
  const repo = new RepoIndex({ root: '/r', fs: new MemoryFileSystem({ '/r/.git/HEAD': 'ref: refs/heads/main\n' }), fewLookups: !dirsFirst, gitListing: listingText(listed) });
  if (dirsFirst) void repo.dirs;
  return repo;
}

const LISTINGS: Record<string, string[]> = {
  'a plain tree': ['AGENTS.md', 'docs/guide.md', 'docs/api/README.md', 'packages/a/package.json', 'packages/a/src/index.ts', 'src/main.ts'],
  // `shared` is a symlink to a directory (git lists it as one entry), `vendor/lib` a submodule.
  'listed files that are directories on disk': ['AGENTS.md', 'shared', 'src/main.ts', 'vendor/lib', 'vendor/README.md'],
  // No checkout has a file `a` beside `a/b`; a listing can still say so.
  'a file beside a directory of its name': ['AGENTS.md', 'a', 'a/b.ts', 'a/c/d.md', 'b.md'],
};

const PATHS = ['docs/guide.md', 'docs/missing.md', 'docs/api', 'docs/api/', 'shared/x.ts', 'shared/deep/y.md', 'vendor/lib/src/z.rs', 'vendor/other/z.rs', 'a/b.ts', 'a/c', 'a/c/d.md', 'a/x/y.ts', 'a/b.ts/z', 'a/nope.ts', 'src', 'src/main.ts', 'src/nope.ts', 'packages/a/src/index.js', 'nowhere/at/all.md', '../up.md', '/docs/guide.md'];

describe('references against an index without its directories', () => {
  it.each(Object.entries(LISTINGS))('%s: links and path references resolve as with the directories indexed', (_, listed) => {
    const lazy = index(listed, false);
    const built = index(listed, true);
    for (const file of ['AGENTS.md', 'docs/guide.md', 'a/c/d.md']) {
      for (const p of PATHS) {
        expect(resolveLink(lazy, file, { path: p }), `link ${p} from ${file}`).toEqual(resolveLink(built, file, { path: p }));
        // As the rules read it: a path reference's shape is what classifyPath makes of it.
        const ref = classifyPath(p);
        if ('reason' in ref) continue;
        expect(resolvePathReference(lazy, file, ref), `${p} from ${file}`).toEqual(resolvePathReference(built, file, ref));
      }
    }
  });

  it('a path through a listed file exists, with or without the directories indexed', () => {
    for (const dirsFirst of [false, true]) {
      const repo = index(LISTINGS['listed files that are directories on disk']!, dirsFirst);
      expect(resolveLink(repo, 'AGENTS.md', { path: 'shared/x.ts' }).status).toBe('exists');
      expect(resolveLink(repo, 'AGENTS.md', { path: 'vendor/lib/src/z.rs' }).status).toBe('exists');
      expect(resolveLink(repo, 'AGENTS.md', { path: 'vendor/other/z.rs' }).status).toBe('missing');
      // Through the file `a`, though `a` is also a directory: not disproved.
      const odd = index(LISTINGS['a file beside a directory of its name']!, dirsFirst);
      expect(resolveLink(odd, 'AGENTS.md', { path: 'a/nope.ts' }).status).toBe('exists');
      expect(resolveLink(odd, 'AGENTS.md', { path: 'b/nope.ts' }).status).toBe('missing');
    }
  });
});
