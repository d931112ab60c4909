import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { RepoIndex } from '../../src/repo/repo-index.js';
import { MemoryFileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { splitListing } from '../../src/repo/git-listing.js';
import { listingText } from '../../src/repo/listing-text.js';
import { instructionKind, instructionPathCandidates } from '../../src/repo/instruction-names.js';
import { comparePaths } from '../../src/repo/walk.js';
import { isSorted } from '../../src/util/bisect.js';

// The repository index answers any run's first few hundred questions by bisecting the sorted
// listing (a lint-staged run's names by native scans of git's text too), and builds its
// whole-listing indexes only later. These tests hold every such answer to what the indexes (or the
// loop over the paths) give.

/** A RepoIndex over `listed` as git would have printed it (a work tree, no nested repository on disk). */
function gitIndex(listed: readonly string[], extra: Record<string, MemoryEntry> = {}, fewLookups = true): RepoIndex {
  return new RepoIndex({ root: '/r', fs: new MemoryFileSystem({ '/r/.git/HEAD': 'ref: refs/heads/main\n', ...extra }), fewLookups, gitListing: listingText(listed) });
}

/**
 * What the listing is: entries ending with `/` (no directory here) dropped, each path once, sorted.
 * A path repeats in a row for a conflicted file's stages, and anywhere when git's two listings both
 * saw a file staged between them (git-listing.ts).
 */
function expectedFiles(listed: readonly string[]): string[] {
  const files = [...new Set(listed.filter((entry) => !entry.endsWith('/')))];
  if (!isSorted(files)) files.sort(comparePaths);
  return files;
}

/** The directories as the index has always collected them (every ancestor of a listed path, and ''). */
function collectedDirs(listed: readonly string[]): Set<string> {
  return new Set(gitIndex(listed).dirs);
}

const SEGMENTS = [
  ...['a', 'b', 'B', 'a-b', 'a.b', 'a0', 'src', '.', '..', '', 'é', '😀', '\u{e000}', 'ſ', 'K'],
  ...['x.md', 'Q.MD', 'w.mD', 'z.mdc', 'z.MDC', 'README.md', 'agents', 'agent', '.agents.md', 'ſagents.md'],
  ...['AGENTS.md', 'AGENTS.override.md', 'agents.md', 'Agent.MD', 'agents.local.md', 'AGENTS_x.Md', 'agentsmith.md', 'agent-x.mdc', 'Agents.md.bak'],
  ...['CLAUDE.md', 'CLAUDE.local.md', 'claude.md', 'GEMINI.md', 'copilot-instructions.md', '.cursorrules', '.windsurfrules', '.clinerules', '.goosehints', '.goosehints.md'],
  ...['.github', 'instructions', 'y.instructions.md', 'y.instructions.MD', '.cursor', 'rules', 'r.md', '.windsurf', '.x'],
];
const segment = fc.constantFrom(...SEGMENTS);
const listedPath = fc.tuple(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.boolean()).map(([parts, slash]) => parts.join('/') + (slash ? '/' : '')).filter((p) => p.length > 0);
/** Listings in git's usual form (sorted, each path once) and otherwise (repeats, out of order). */
const listing = fc.tuple(fc.array(listedPath, { maxLength: 40 }), fc.constantFrom('sorted', 'as is', 'repeats')).map(([paths, shape]) => {
  if (shape === 'as is') return paths;
  const sorted = [...new Set(paths)].sort(comparePaths);
  return shape === 'sorted' ? sorted : sorted.flatMap((p, i) => (i % 3 === 0 ? [p, p] : [p]));
});

describe('splitListing', () => {
  it('gives the non-empty pieces between NULs, as a filtered split does', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a\0/]{0,12}$/), (text) => {
        expect(splitListing(text)).toEqual(text.split('\0').filter((p) => p.length > 0));
      }),
    );
  });
});

describe('instructionPathCandidates', () => {
  it('finds, in order, every path of the text that is an instruction file, and no partial path', () => {
    fc.assert(
      fc.property(fc.array(listedPath.filter((p) => !p.endsWith('/')), { maxLength: 40 }), (paths) => {
        const text = paths.map((p) => `${p}\0`).join('');
        const found = instructionPathCandidates(text);
        // Each path at most once and only whole paths: a subsequence of the listing.
        let at = 0;
        for (const p of found) {
          while (at < paths.length && paths[at] !== p) at++;
          expect(at, p).toBeLessThan(paths.length);
          at++;
        }
        expect(found.filter((p) => instructionKind(p) !== null)).toEqual(paths.filter((p) => instructionKind(p) !== null));
      }),
      // Enough runs to meet the deep conventions (`.github/instructions/x.instructions.md`) often.
      { numRuns: 3000 },
    );
  });

  it('finds a name right after a path it matched, at every depth, and leaves other names out', () => {
    const text = 'AGENTS.md\0.cursorrules\0b/.goosehints\0README.MD\0.cursor/rules/c.mdc\0x/.github/instructions/i.instructions.md\0docs/agents.local.md\0CLAUDE.md.bak\0src/a.ts\0';
    expect(instructionPathCandidates(text)).toEqual(['AGENTS.md', '.cursorrules', 'b/.goosehints', '.cursor/rules/c.mdc', 'x/.github/instructions/i.instructions.md', 'docs/agents.local.md']);
  });
});

describe('RepoIndex lookups before its indexes exist', () => {
  it('lists what it listed before, and has(), isDir() and instructionFiles() answer as the indexes do', () => {
    fc.assert(
      fc.property(listing, fc.array(listedPath, { maxLength: 10 }), (listed, others) => {
        const files = expectedFiles(listed);
        const dirs = collectedDirs(listed);
        const questions = [...files, ...dirs, ...others, ...others.map((p) => p.replace(/\/$/, '')), '', '.', 'a/', '/a'];
        const repo = gitIndex(listed);
        // A run of many lookups builds each index on first use: the same answers.
        const eager = gitIndex(listed, {}, false);
        expect(repo.files).toEqual(files);
        for (const q of questions) {
          expect(repo.has(q), `has ${q}`).toBe(files.includes(q));
          expect(repo.isDir(q), `isDir ${q}`).toBe(dirs.has(q));
          expect(eager.has(q), `has ${q}`).toBe(files.includes(q));
          expect(eager.isDir(q), `isDir ${q}`).toBe(dirs.has(q));
        }
        expect(repo.instructionFiles()).toEqual(files.flatMap((p) => (instructionKind(p) ? [{ path: p, kind: instructionKind(p) }] : [])));
        expect(repo.ascending).toBe(files.every((p, i) => i === 0 || files[i - 1]! < p));
      }),
    );
  });

  it('answers the same once the questions outnumber the bisections (the indexes are built then)', () => {
    const listed = Array.from({ length: 300 }, (_, i) => `pkg/p${String(i).padStart(3, '0')}/src/m${i % 7}.ts`);
    const repo = gitIndex(listed);
    const dirs = collectedDirs(listed);
    for (let round = 0; round < 3; round++) {
      for (const p of listed) {
        expect(repo.has(p)).toBe(true);
        expect(repo.has(`${p}x`)).toBe(false);
        const dir = p.slice(0, p.lastIndexOf('/'));
        expect(repo.isDir(dir)).toBe(dirs.has(dir));
        expect(repo.isDir(`${dir}x`)).toBe(false);
      }
    }
    expect(repo.knownNoFileIsDir).toBe(true);
  });

  it('knownNoFileIsDir is false until the directories are indexed, and when a listed file is also a directory', () => {
    const plain = gitIndex(['a/b.ts', 'c.ts']);
    expect(plain.knownNoFileIsDir).toBe(false);
    expect(plain.dirs.has('a')).toBe(true);
    expect(plain.knownNoFileIsDir).toBe(true);
    const odd = gitIndex(['a', 'a/b.ts']);
    expect(odd.dirs.has('a')).toBe(true);
    expect(odd.knownNoFileIsDir).toBe(false);
    expect(odd.fileIsDir).toBe(true);
  });

  it('keeps the listing as one text for native searches, unless a nested repository was walked', () => {
    expect(gitIndex(['a.md', 'b/AGENTS.md']).listing.text).toBe('a.md\0b/AGENTS.md\0');
    // Out of order (untracked files come first) or a repeat: the paths were sorted or thinned out, and joined again.
    expect(gitIndex(['b/AGENTS.md', 'a.md']).listing.text).toBe('a.md\0b/AGENTS.md\0');
    expect(gitIndex(['a.md', 'a.md', 'b.md']).listing.text).toBe('a.md\0b.md\0');
    expect(gitIndex([]).listing.text).toBe('');
    // Paths walked in a nested repository come from the disk, not from git: no text.
    const nested = gitIndex(['a.md', 'inner/'], { '/r/inner/AGENTS.md': '# inner\n' });
    expect(nested.listing.text).toBeUndefined();
    expect(nested.files).toEqual(['a.md', 'inner/AGENTS.md']);
    expect(nested.instructionFiles()).toEqual([{ path: 'inner/AGENTS.md', kind: 'codex' }]);
  });

  it('keeps every text it makes equal to the paths, each followed by NUL', () => {
    fc.assert(
      fc.property(listing, (listed) => {
        const repo = gitIndex(listed);
        if (repo.listing.text !== undefined) expect(repo.listing.text).toBe(repo.files.map((p) => `${p}\0`).join(''));
      }),
    );
  });

  it('classifies every path with fallback names, which the native scan does not cover', () => {
    const repo = new RepoIndex({ root: '/r', fs: new MemoryFileSystem({ '/r/.git/HEAD': 'x\n' }), fallbackNames: ['notes.txt'], gitListing: listingText(['docs/TEAM.md', 'notes.txt', 'x/notes.txt']) });
    expect(repo.instructionFiles()).toEqual([
      { path: 'notes.txt', kind: 'agents-variant' },
      { path: 'x/notes.txt', kind: 'agents-variant' },
    ]);
  });

  it('filesNamed() and namedBelow() answer as the index of names does, before and after it is built', () => {
    const names = fc.constantFrom('a', 'b', 'x.md', 'AGENTS.md', 'CLAUDE.md', '.cursorrules', 'a.b', 'a-b', 'é', 'a*', '(x)', 'a/b', '', '.', 'src');
    fc.assert(
      fc.property(listing, fc.array(names, { maxLength: 30 }), fc.array(fc.tuple(names, listedPath), { maxLength: 5 }), (listed, asked, below) => {
        const repo = gitIndex(listed);
        const files = repo.files;
        const named = (base: string) => files.filter((p) => p.slice(p.lastIndexOf('/') + 1) === base);
        for (const [base, dir] of below) {
          const found = repo.namedBelow(base, dir);
          if (found !== null) expect(found, `${base} below ${dir}`).toEqual(named(base).filter((p) => p.startsWith(`${dir}/`)).sort());
        }
        // More names than the scans cover: the index is built on the way, and answers alike.
        for (const base of [...asked, ...asked]) expect(repo.filesNamed(base), base).toEqual(named(base));
      }),
      { numRuns: 300 },
    );
  });

  it('scans for the first names and builds the index of names after that many', () => {
    const listed = Array.from({ length: 40 }, (_, i) => `pkg/p${i}/n${i % 20}.ts`).sort();
    const repo = gitIndex(listed);
    for (let i = 0; i < 20; i++) expect(repo.filesNamed(`n${i}.ts`)).toEqual([`pkg/p${i}/n${i}.ts`, `pkg/p${i + 20}/n${i}.ts`].sort());
    // Built now: namedBelow() leaves the answer to it.
    expect(repo.namedBelow('n1.ts', 'pkg/p1')).toBeNull();
    // Without fewLookups the index of names is built on the first question.
    const eager = gitIndex(listed, {}, false);
    expect(eager.namedBelow('n1.ts', 'pkg/p1')).toBeNull();
    expect(eager.filesNamed('n1.ts')).toEqual(['pkg/p1/n1.ts', 'pkg/p21/n1.ts']);
    expect(gitIndex(listed).namedBelow('n1.ts', 'pkg/p1')).toEqual(['pkg/p1/n1.ts']);
    // Only below `a/`: not beside it (`a-b/`, `a.b/` sort before `a/`, `a0/` after it).
    expect(gitIndex(['a-b/x.ts', 'a.b/x.ts', 'a/b/x.ts', 'a/x.ts', 'a0/x.ts', 'ab/x.ts']).namedBelow('x.ts', 'a')).toEqual(['a/b/x.ts', 'a/x.ts']);
  });
});

describe('RepoIndex searches of the listing text', () => {
  it('hiddenFiles() is, in order, every listed path with a segment starting with a dot, with or without git’s text', () => {
    fc.assert(
      fc.property(listing, (listed) => {
        const index = gitIndex(listed);
        const model = index.files.filter((f) => f.split('/').some((s) => s.startsWith('.')));
        expect(index.hiddenFiles()).toEqual(model);
        // A listing without the text (a lister that did not keep it) gives the same answer.
        const plain = new RepoIndex({ root: '/r', fs: new MemoryFileSystem(Object.fromEntries(model.map((f) => [`/r/${f}`, '']))), useGit: false });
        expect(plain.listing.text).toBeUndefined();
        expect(plain.hiddenFiles()).toEqual(plain.files.filter((f) => f.split('/').some((s) => s.startsWith('.'))));
      }),
      { numRuns: 500 },
    );
  });

  it('hiddenFiles() finds a hidden path at the text\'s start, one with two hidden segments once, and none in a name', () => {
    const index = gitIndex(['.github/x.md', 'a.b/c.md', 'pkg/.claude/.x/CLAUDE.md', 'pkg/a', 'z/.cursorrules']);
    expect(index.listing.text).toBe('.github/x.md\0a.b/c.md\0pkg/.claude/.x/CLAUDE.md\0pkg/a\0z/.cursorrules\0');
    expect(index.hiddenFiles()).toEqual(['.github/x.md', 'pkg/.claude/.x/CLAUDE.md', 'z/.cursorrules']);
  });

  it('someFileIncludes() answers as a test of every listed path does', () => {
    fc.assert(
      fc.property(listing, fc.constantFrom('AGENTS.md/', 'AGENTS.override.md/', '/.', 'a/b', 'md', '\0', 'zz'), (listed, fragment) => {
        const index = gitIndex(listed);
        expect(index.someFileIncludes(fragment)).toBe(index.files.some((f) => f.includes(fragment)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('RepoIndex.scanNames', () => {
  const NAMES = ['AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md', 'x.md', '.cursorrules', 'a.b', 'K', 'agents.md'];
  it('one scan for several names: filesNamed() then answers each as it would have alone', () => {
    fc.assert(
      fc.property(listing, fc.subarray(NAMES), fc.subarray(NAMES), fc.boolean(), (listed, scanned, asked, fewLookups) => {
        // A run over the repository scans batches too (the discovery layer's names), not single names.
        const index = gitIndex(listed, {}, fewLookups);
        index.scanNames(scanned);
        const model = gitIndex(listed, {}, false);
        for (const name of [...asked, ...scanned]) expect(index.filesNamed(name), name).toEqual(model.filesNamed(name));
      }),
      { numRuns: 500 },
    );
  });
});
