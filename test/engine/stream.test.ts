import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint, lintRun } from '../../src/engine/lint.js';
import { FORMATS, formatFileLists, formatResults, type FormatContext } from '../../src/formatters/index.js';
import { MemoryFileSystem, NodeFileSystem, type FileSystem } from '../../src/repo/vfs.js';
import { VERSION } from '../../src/version.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';

const demo = path.join(FIXTURES, 'demo-monorepo');

/** A file system that counts reads per path. */
function counting(inner: FileSystem): FileSystem & { reads: Map<string, number> } {
  const reads = new Map<string, number>();
  return {
    reads,
    probe: (p) => inner.probe(p),
    read: (p, max) => {
      reads.set(p, (reads.get(p) ?? 0) + 1);
      return inner.read(p, max);
    },
    list: (p) => inner.list(p),
    realpath: inner.realpath ? (p) => inner.realpath!(p) : undefined,
  };
}

describe('lintRun', () => {
  it('reads as lint() returns: one sorted list per file, files in path order, as often as asked', async () => {
    const full = await lint({ cwd: demo, codexHome: EMPTY_CODEX_HOME });
    const run = await lintRun({ cwd: demo, codexHome: EMPTY_CODEX_HOME });
    const lists = [...run.byFile()];
    expect(lists.flat()).toEqual(full.diagnostics);
    for (const list of lists) expect(new Set(list.map((d) => d.file)).size).toBe(1);
    const files = lists.map((l) => l[0]!.file);
    expect(files).toEqual([...files].sort());
    expect(new Set(files).size).toBe(files.length);
    expect([...run.byFile()].flat()).toEqual(full.diagnostics);
    expect(run.files).toEqual(full.files);
  });

  it('every format written file by file is byte for byte the format of the whole result', async () => {
    const run = await lintRun({ cwd: demo, codexHome: EMPTY_CODEX_HOME });
    const all = [...run.byFile()].flat();
    const ctx: FormatContext = { root: run.root, cwd: demo, rules: run.rules, files: run.files, version: VERSION, color: false };
    for (const format of FORMATS) {
      expect([...formatFileLists(format, run.byFile(), ctx)].join(''), format).toBe(formatResults(format, all, ctx));
      expect([...formatFileLists(format, [], ctx)].join(''), format).toBe(formatResults(format, [], ctx));
    }
  });

  it('a run on one file reads that file and its chain-mates, not every instruction file', async () => {
    const files = {
      '/r/.agents-lint.json': '{ "root": true }',
      '/r/AGENTS.md': '# Root\n\nUse `pnpm test` to run the tests before you commit anything.\n',
      '/r/a/AGENTS.md': '# A\n\nUse `pnpm test` to run the tests before you commit anything.\n',
      '/r/b/AGENTS.md': '# B\n\nKeep the public API of this package stable across minor versions.\n',
      '/r/c/CLAUDE.md': '# C\n\nWrite tests first.\n',
    };
    const fs = counting(new MemoryFileSystem(files));
    const staged = await lint({ cwd: '/r', fs, codexHome: EMPTY_CODEX_HOME, paths: ['/r/a/AGENTS.md'] });
    expect(fs.reads.has('/r/b/AGENTS.md')).toBe(false);
    expect(fs.reads.has('/r/c/CLAUDE.md')).toBe(false);
    expect(fs.reads.has('/r/a/AGENTS.md')).toBe(true);
    const full = await lint({ cwd: '/r', fs: new MemoryFileSystem(files), codexHome: EMPTY_CODEX_HOME });
    const on = (ds: typeof full.diagnostics) => ds.filter((d) => d.file === 'a/AGENTS.md');
    expect(on(staged.diagnostics)).toEqual(on(full.diagnostics));
    expect(on(full.diagnostics).map((d) => d.ruleId)).toContain('no-duplicate-instructions');
  });

  it('reads every instruction file on a run of the repository', async () => {
    const fs = counting(new NodeFileSystem());
    const run = await lintRun({ cwd: demo, fs, codexHome: EMPTY_CODEX_HOME });
    for (const file of run.files) expect(fs.reads.has(path.join(demo, file)), file).toBe(true);
  });
});
