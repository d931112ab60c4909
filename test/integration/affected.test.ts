import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { lint } from '../../src/engine/lint.js';
import { PROJECT, runCli, tempRepo } from './repo.js';

const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');

// A repository with problems in three places: an empty override at the root (which every chain
// passes through), and an HTML comment in each of two packages.
const files = {
  'AGENTS.md': '# Rules\n',
  'AGENTS.override.md': '',
  'package.json': '{ "name": "root", "private": true }\n',
  'packages/a/AGENTS.md': '# A\n\n<div hidden>secret note for a</div>\n',
  'packages/a/package.json': '{ "name": "a" }\n',
  'packages/a/Makefile': 'test:\n\techo ok\n',
  'packages/b/AGENTS.md': '# B\n\n<div hidden>secret note for b</div>\n',
  'packages/b/justfile': 'test:\n  echo ok\n',
  'docs/guide.txt': 'not an instruction file\n',
};

async function filesReported(paths: string[]): Promise<string[]> {
  const dir = tempRepo(files);
  const result = await lint({ cwd: dir, codexHome, paths: paths.map((p) => path.join(dir, p)) });
  return [...new Set(result.diagnostics.map((d) => d.file))];
}

describe('paths from lint-staged: lint what the files affect', () => {
  it('an instruction file is linted with the files loaded after it in its chains, not those above it', async () => {
    // packages/a's chain from its own directory is AGENTS.override.md (root) then packages/a/AGENTS.md.
    // Nothing loads after packages/a/AGENTS.md; the root override's findings count every cwd of the
    // repository, which a run scoped to packages/a does not simulate, so they belong to a run that
    // stages the override (next case). AGENTS.md (shadowed, never loaded) and packages/b are not part of it.
    expect(await filesReported(['packages/a/AGENTS.md'])).toEqual(['packages/a/AGENTS.md']);
    expect(await filesReported(['packages/a/AGENTS.md', 'AGENTS.override.md'])).toEqual(['AGENTS.override.md', 'packages/a/AGENTS.md', 'packages/b/AGENTS.md']);
  });

  it('the root override is part of every chain, so it brings in every file loaded with it', async () => {
    expect(await filesReported(['AGENTS.override.md'])).toEqual(['AGENTS.override.md', 'packages/a/AGENTS.md', 'packages/b/AGENTS.md']);
  });

  it('a manifest re-checks the instruction files of its directory and below', async () => {
    expect(await filesReported(['packages/a/Makefile'])).toEqual(['packages/a/AGENTS.md']);
    expect(await filesReported(['packages/b/justfile'])).toEqual(['packages/b/AGENTS.md']);
    expect(await filesReported(['packages/a/package.json', 'packages/b/justfile'])).toEqual(['packages/a/AGENTS.md', 'packages/b/AGENTS.md']);
    expect(await filesReported(['package.json'])).toEqual(['AGENTS.md', 'AGENTS.override.md', 'packages/a/AGENTS.md', 'packages/b/AGENTS.md']);
  });

  it('files that matter to nothing report nothing; lint() returns before indexing or running rules', async () => {
    const dir = tempRepo(files);
    const result = await lint({ cwd: dir, codexHome, paths: [path.join(dir, 'docs/guide.txt')] });
    expect(result).toEqual({ root: dir, rootKind: 'config', diagnostics: [], files: [], rules: [], notices: [] });
    const cli = runCli(dir, ['docs/guide.txt', 'packages/a/../../docs/guide.txt']);
    expect(cli).toEqual({ status: 0, stdout: '', stderr: '' });
  });

  it("the hosts' settings and every manifest count: a staged .vscode/settings.json, Cargo.toml or pyproject.toml runs the lint", async () => {
    const dir = tempRepo({ ...files, '.vscode/settings.json': '{}\n', 'Cargo.toml': '[workspace]\n', 'pyproject.toml': '[project]\nname = "x"\n' });
    for (const staged of ['.vscode/settings.json', 'Cargo.toml', 'pyproject.toml']) {
      const result = await lint({ cwd: dir, codexHome, paths: [path.join(dir, staged)] });
      expect(result.rules.length, staged).toBeGreaterThan(0);
    }
  });

  it('a directory still covers everything under it', async () => {
    expect(await filesReported(['packages'])).toEqual(['packages/a/AGENTS.md', 'packages/b/AGENTS.md']);
  });
});
