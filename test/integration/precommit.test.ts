import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { CLI, gitRepo, madeDir, sh } from './repo.js';
import { LINT_STAGED_COMMAND, LINT_STAGED_GLOB } from '../../src/init.js';

describe('agents-lint init', () => {
  it('adds husky, lint-staged and the hook once, prints what it changed, and asks nothing', () => {
    const dir = gitRepo();
    const first = sh(dir, process.execPath, [CLI, 'init']);
    expect(first.status).toBe(0);
    expect(first.stdout.trim().split('\n')).toEqual([
      'package.json: added devDependency husky@^9.1.7',
      'package.json: added devDependency lint-staged@^16.0.0',
      expect.stringMatching(/^package\.json: added devDependency agents-lint@\^\d+\.\d+\.\d+$/),
      'package.json: added script "prepare": "husky" (installs the git hooks on npm install)',
      'package.json: added a lint-staged entry running agents-lint on instruction files and manifests',
      '.husky/pre-commit: created, running lint-staged',
      'next: run "npm install"; its "prepare" script runs husky, which activates the hook',
      'next: commit package.json and .husky/pre-commit; run "npx agents-lint" to see the current findings',
    ]);
    // The cache lives outside the project by default: .gitignore is left alone.
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    expect(pkg['lint-staged']).toEqual({ [LINT_STAGED_GLOB]: LINT_STAGED_COMMAND });
    expect(pkg.scripts).toEqual({ prepare: 'husky' });
    expect(fs.readFileSync(path.join(dir, '.husky/pre-commit'), 'utf8')).toBe('npx lint-staged\n');

    const before = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
    const second = sh(dir, process.execPath, [CLI, 'init'], {});
    expect(second.stdout).toContain('agents-lint init: already set up; nothing changed');
    expect(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')).toBe(before);
  });

  it('keeps an existing prepare script and hook, adding to them', () => {
    const dir = gitRepo();
    fs.writeFileSync(path.join(dir, 'package.json'), '{\n\t"name": "x",\n\t"scripts": { "prepare": "tsc" },\n\t"devDependencies": { "husky": "^9.0.0", "lint-staged": "^16.0.0", "agents-lint": "^0.1.0" }\n}\n');
    fs.mkdirSync(path.join(dir, '.husky'));
    fs.writeFileSync(path.join(dir, '.husky/pre-commit'), 'npm test\n');
    const r = sh(dir, process.execPath, [CLI, 'init']);
    expect(r.stdout.split('\n').filter((l) => !l.startsWith('next:') && l)).toEqual([
      'package.json: appended "&& husky" to the "prepare" script',
      'package.json: added a lint-staged entry running agents-lint on instruction files and manifests',
      '.husky/pre-commit: appended "npx lint-staged"',
    ]);
    expect(fs.readFileSync(path.join(dir, '.husky/pre-commit'), 'utf8')).toBe('npm test\nnpx lint-staged\n');
    const text = fs.readFileSync(path.join(dir, 'package.json'), 'utf8');
    expect(text).toContain('\t"scripts": {\n\t\t"prepare": "tsc && husky"');
  });

  it('ignores the cache directory in .gitignore when it lies inside the project, once', () => {
    // A home directory that is the checkout (a dev container), or a cache variable pointing into it.
    for (const place of [(dir: string) => ({ HOME: dir, XDG_CACHE_HOME: '' }), (dir: string) => ({ XDG_CACHE_HOME: path.join(dir, '.cache') })]) {
      const dir = gitRepo();
      const vars = place(dir);
      const first = sh(dir, process.execPath, [CLI, 'init'], vars);
      expect(first.status, first.stderr).toBe(0);
      expect(first.stdout).toContain('.gitignore: added /.cache/agents-lint/ (where agents-lint --cache keeps its files on this machine)\n');
      expect(first.stdout).toContain('next: commit package.json, .husky/pre-commit and .gitignore; run "npx agents-lint" to see the current findings\n');
      expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n/.cache/agents-lint/\n');
      // What it ignores is where a --cache run writes.
      const cached = sh(dir, process.execPath, [CLI, '--cache', '.'], vars);
      expect(cached.status, cached.stderr).toBe(0);
      expect(fs.readdirSync(path.join(dir, '.cache/agents-lint')).length).toBeGreaterThan(0);
      expect(sh(dir, 'git', ['status', '--porcelain', '--untracked-files=all']).stdout).not.toContain('.cache/');
      const second = sh(dir, process.execPath, [CLI, 'init'], vars);
      expect(second.stdout).toContain('agents-lint init: already set up; nothing changed');
      expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n/.cache/agents-lint/\n');
    }
  });

  it('says where to ignore the cache directory when it lies in the git work tree but outside the project', () => {
    // A package of a monorepo whose checkout is the home directory: the cache is the monorepo's, not the package's.
    const dir = gitRepo();
    const app = path.join(dir, 'packages/app');
    fs.mkdirSync(app, { recursive: true });
    fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "app", "private": true }\n');
    const vars = { HOME: dir, XDG_CACHE_HOME: '' };
    const first = sh(app, process.execPath, [CLI, 'init'], vars);
    expect(first.status, first.stderr).toBe(0);
    const top = fs.realpathSync(dir);
    expect(first.stdout).toContain(`note: agents-lint --cache keeps its files in ${path.join(top, '.cache/agents-lint')}, inside this git work tree: add /.cache/agents-lint/ to ${path.join(top, '.gitignore')}\n`);
    expect(fs.existsSync(path.join(app, '.gitignore'))).toBe(false);
    expect(fs.readFileSync(path.join(dir, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    // Added as it says: said no more.
    fs.appendFileSync(path.join(dir, '.gitignore'), '/.cache/agents-lint/\n');
    expect(sh(app, process.execPath, [CLI, 'init'], vars).stdout).not.toContain('note:');
  });

  it('fails clearly without a package.json', () => {
    const dir = madeDir('agents-lint-nopkg-');
    const r = sh(dir, process.execPath, [CLI, 'init']);
    expect(r.status).toBe(2);
    expect(r.stderr).toBe(`agents-lint: no package.json in ${dir}; run "npm init -y" first, then agents-lint init\n`);
  });
});

describe('.pre-commit-hooks.yaml', () => {
  it('defines an agents-lint hook whose files pattern matches instruction files and manifests only', async () => {
    const { parse } = await import('yaml');
    const { PROJECT } = await import('./repo.js');
    const hooks = parse(fs.readFileSync(path.join(PROJECT, '.pre-commit-hooks.yaml'), 'utf8')) as { id: string; entry: string; language: string; files: string; pass_filenames: boolean }[];
    expect(hooks.map((h) => [h.id, h.entry, h.language, h.pass_filenames])).toEqual([['agents-lint', 'agents-lint', 'node', true]]);
    // pre-commit matches `files` with Python's re.search; this pattern means the same in JavaScript.
    const re = new RegExp(hooks[0]!.files);
    const matching = ['AGENTS.md', 'pkg/AGENTS.override.md', 'CLAUDE.md', 'apps/web/package.json', 'Makefile', 'a/justfile', 'Taskfile.yml', 'pnpm-workspace.yaml', '.agents-lint.json'];
    const other = ['README.md', 'src/index.ts', 'package.json.bak', 'docs/AGENTS.md.orig', 'my-package.json'];
    expect(matching.filter((f) => !re.test(f))).toEqual([]);
    expect(other.filter((f) => re.test(f))).toEqual([]);
  });
});
