import { describe, expect, it } from 'vitest';
import { RepoIndex } from '../../../src/repo/repo-index.js';
import { MemoryFileSystem } from '../../../src/repo/vfs.js';
import { simpleCommands } from '../../../src/shell/parse.js';
import { resolveCommand } from '../../../src/shell/runners/index.js';

export function memoryRepo(files: Record<string, string>): RepoIndex {
  const entries = Object.fromEntries(Object.entries(files).map(([p, c]) => [`/repo/${p}`, c]));
  return new RepoIndex({ root: '/repo', fs: new MemoryFileSystem(entries), useGit: false });
}

/** `kind problem name` for each finding, plus the underlined text, so offsets are checked too. */
export function resolve(repo: RepoIndex, line: string, cwd = ''): string[] {
  return simpleCommands(line).flatMap((c) =>
    resolveCommand(repo, c.argv, cwd).map((f) => `${f.kind} ${f.problem} ${f.name} @${line.slice(f.word.start, f.word.end)}${f.candidates.length ? ` [${f.candidates.join(',')}]` : ''}`),
  );
}

/** Table of [command line, cwd, expected findings]; an empty list means "resolves". */
export function runnerTable(title: string, files: Record<string, string>, rows: [string, string, string[]][]): void {
  describe(title, () => {
    const repo = memoryRepo(files);
    for (const [line, cwd, expected] of rows) {
      it(`${line}${cwd ? ` (in ${cwd})` : ''}`, () => expect(resolve(repo, line, cwd)).toEqual(expected));
    }
  });
}

export const json = (value: unknown) => JSON.stringify(value, null, 2);
