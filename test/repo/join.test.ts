import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import fc from 'fast-check';
import { isNormalAbsolute, joinPath, posixBasename, posixDirname, relativeRepoPath } from '../../src/repo/join.js';

describe('joinPath', () => {
  // The fast path (concatenation) must return what path.join returns, and everything else must take path.join.
  const dirs = ['/', '/repo', '/repo/pkg', '/repo/', '/repo//pkg', '/repo/./pkg', '/repo/../x', 'relative/dir', ''];
  const names = ['AGENTS.md', '.claude/CLAUDE.md', '.git', '', '.', '..', '../up', 'a//b', 'a/', '/abs', 'a\\b', 'x/./y'];
  for (const dir of dirs) {
    for (const name of names) {
      it(`${JSON.stringify(dir)} + ${JSON.stringify(name)}`, () => {
        expect(joinPath(dir, name)).toBe(path.join(dir, name));
      });
    }
  }
});

describe('isNormalAbsolute', () => {
  // Absolute paths of slashes, dots, letters and backslashes: every shape path.posix.normalize changes.
  const absolute = fc.array(fc.constantFrom('/', '/', 'a', 'bc', '.', '..', '...', '\\'), { maxLength: 8 }).map((parts) => `/${parts.join('')}`);
  const model = (dir: string) => path.posix.normalize(dir) === dir && (dir === '/' || !dir.endsWith('/'));
  it('tells exactly the paths path.posix.normalize leaves unchanged, without a trailing slash', () => {
    fc.assert(
      fc.property(absolute, (dir) => {
        expect(isNormalAbsolute(dir), dir).toBe(model(dir));
      }),
      { numRuns: 3000 },
    );
    for (const dir of ['/', '//', '/a', '/a/', '/a//b', '/./a', '/a/.', '/a/..', '/a/../b', '/..a', '/a/..b', '/a/...', '/.a/b.', '/a\\..']) {
      expect(isNormalAbsolute(dir), dir).toBe(model(dir));
    }
  });
});

describe('posixDirname and posixBasename', () => {
  // Paths of slashes, dots and letters: every shape the fast cuts must tell apart from the rest.
  const paths = fc.array(fc.constantFrom('/', '/', 'a', 'bc', '.', '..', '\\'), { maxLength: 8 }).map((parts) => parts.join(''));
  it('equal path.posix.dirname and path.posix.basename', () => {
    fc.assert(
      fc.property(paths, (p) => {
        expect(posixDirname(p), p).toBe(path.posix.dirname(p));
        expect(posixBasename(p), p).toBe(path.posix.basename(p));
      }),
      { numRuns: 3000 },
    );
    for (const p of ['', '/', '//', 'a', '/a', 'a/', 'a//b', 'x//a/b', 'a/b/', '.', '..', 'a/..']) {
      expect(posixDirname(p), p).toBe(path.posix.dirname(p));
      expect(posixBasename(p), p).toBe(path.posix.basename(p));
    }
  });
});

describe('relativeRepoPath', () => {
  // Clean repo-relative paths over a few names, so that paths share prefixes often; '.' is the root.
  const clean = fc.array(fc.constantFrom('a', 'b', 'ab', 'AGENTS.md', 'CLAUDE.md', '.claude'), { maxLength: 4 }).map((s) => (s.length === 0 ? '.' : s.join('/')));
  it('equals path.posix.relative', () => {
    fc.assert(
      fc.property(clean, clean, (from, to) => {
        expect(relativeRepoPath(from, to), `${from} -> ${to}`).toBe(path.posix.relative(from, to));
      }),
      { numRuns: 3000 },
    );
    for (const [from, to] of [['.', 'AGENTS.md'], ['a/b', 'AGENTS.md'], ['a', 'a/AGENTS.md'], ['a/b', 'a'], ['a', 'a'], ['', 'x'], ['a/b/c', 'a/x/y']]) {
      expect(relativeRepoPath(from!, to!), `${from} -> ${to}`).toBe(path.posix.relative(from!, to!));
    }
  });
});
