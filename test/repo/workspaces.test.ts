import { describe, expect, it } from 'vitest';
import { RepoIndex } from '../../src/repo/repo-index.js';
import { MemoryFileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { goWorkUses } from '../../src/repo/workspaces.js';

function packages(files: Record<string, MemoryEntry>) {
  const entries = Object.fromEntries(Object.entries(files).map(([k, v]) => [`/r/${k}`, v]));
  const repo = new RepoIndex({ root: '/r', fs: new MemoryFileSystem(entries), useGit: false });
  return { dirs: repo.workspacePackages().map((p) => `${p.source}:${p.dir}`), problems: repo.manifestProblems() };
}

const pkg = (name: string) => JSON.stringify({ name });

describe('workspace packages', () => {
  it.each<[string, Record<string, MemoryEntry>, string[]]>([
    [
      'npm/yarn/bun workspaces (array), with a negated pattern',
      { 'package.json': JSON.stringify({ workspaces: ['packages/*', '!packages/skip'] }), 'packages/a/package.json': pkg('a'), 'packages/skip/package.json': pkg('s'), 'other/package.json': pkg('o') },
      ['npm:packages/a'],
    ],
    ['yarn workspaces object form', { 'package.json': JSON.stringify({ workspaces: { packages: ['apps/**'] } }), 'apps/web/package.json': pkg('w'), 'apps/x/y/package.json': pkg('y') }, ['npm:apps/web', 'npm:apps/x/y']],
    ['pnpm-workspace.yaml', { 'pnpm-workspace.yaml': 'packages:\n  - "apps/*"\n  - packages/*\n', 'apps/a/package.json': pkg('a'), 'packages/b/package.json': pkg('b') }, ['pnpm:apps/a', 'pnpm:packages/b']],
    ['lerna.json', { 'lerna.json': JSON.stringify({ packages: ['modules/*'] }), 'modules/m/package.json': pkg('m') }, ['lerna:modules/m']],
    ['nx project.json anywhere', { 'nx.json': '{}', 'libs/ui/project.json': '{ "name": "ui" }' }, ['nx:libs/ui']],
    ['Cargo workspace members and exclude', { 'Cargo.toml': '[workspace]\nmembers = ["crates/*"]\nexclude = ["crates/old"]\n', 'crates/core/Cargo.toml': '[package]\nname="core"\n', 'crates/old/Cargo.toml': '[package]\nname="old"\n' }, ['cargo:crates/core']],
    ['go.work use directives', { 'go.work': 'go 1.22\n\nuse (\n\t./svc/api // the API\n\t./tools\n)\nuse ./lib\n', 'svc/api/go.mod': 'module api\n', 'tools/go.mod': 'module tools\n', 'lib/go.mod': 'module lib\n' }, ['go:lib', 'go:svc/api', 'go:tools']],
    [
      'a directory that is a pnpm package and a Cargo crate is listed for each ecosystem',
      {
        'pnpm-workspace.yaml': 'packages:\n  - tasks/*\n',
        'Cargo.toml': '[workspace]\nmembers = ["tasks/*"]\n',
        'tasks/conf/package.json': pkg('conf'),
        'tasks/conf/Cargo.toml': '[package]\nname="conf"\n',
      },
      ['cargo:tasks/conf', 'pnpm:tasks/conf'],
    ],
    ['uv workspace', { 'pyproject.toml': '[tool.uv.workspace]\nmembers = ["packages/*"]\n', 'packages/p/pyproject.toml': '[project]\nname="p"\n' }, ['uv:packages/p']],
  ])('%s', (_name, files, expected) => {
    expect(packages(files).dirs).toEqual(expected);
  });

  it('a manifest that does not parse is recorded as a located problem, never skipped silently', () => {
    const { dirs, problems } = packages({ 'package.json': '{ "workspaces": ["a/*"', 'a/x/package.json': pkg('x') });
    expect(dirs).toEqual([]);
    expect(problems).toEqual([{ file: 'package.json', line: 1, column: 23, message: expect.stringMatching(/^invalid JSON/) }]);
  });

  it('parses go.work use forms', () => {
    expect(goWorkUses('use ./a\nuse (\n  ./b\n  "./c"\n)\n// use ./commented\n')).toEqual(['./a', './b', './c']);
  });
});
