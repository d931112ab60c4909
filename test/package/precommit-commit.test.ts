import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { OFFLINE, gitRepo, packProject, sh } from '../integration/repo.js';

describe('pre-commit with husky + lint-staged from the registry (AGENTS_LINT_OFFLINE=1 skips)', () => {
  it.skipIf(OFFLINE)('rejects a commit that adds an empty AGENTS.override.md, printing the finding, and passes a clean one', () => {
    const dir = gitRepo();
    const tgz = packProject();
    const install = sh(dir, 'npm', ['install', '--no-audit', '--no-fund', 'husky@9', 'lint-staged@16', tgz]);
    expect(install.status, install.stderr).toBe(0);

    const init = sh(dir, 'npx', ['--no-install', 'agents-lint', 'init']);
    expect(init.status, init.stderr).toBe(0);
    // init runs nothing from the project: it says to run npm install, whose prepare script runs husky.
    expect(init.stdout).toContain('next: run "npm install"; its "prepare" script runs husky, which activates the hook');
    const prepare = sh(dir, 'npm', ['install', '--no-audit', '--no-fund']);
    expect(prepare.status, prepare.stderr).toBe(0);
    expect(sh(dir, 'git', ['config', 'core.hooksPath']).stdout.trim()).toBe('.husky/_');

    expect(sh(dir, 'git', ['add', '-A']).status).toBe(0);
    const clean = sh(dir, 'git', ['commit', '-m', 'clean']);
    expect(clean.status, clean.stdout + clean.stderr).toBe(0);

    fs.writeFileSync(path.join(dir, 'AGENTS.override.md'), '');
    expect(sh(dir, 'git', ['add', 'AGENTS.override.md']).status).toBe(0);
    const broken = sh(dir, 'git', ['commit', '-m', 'broken']);
    expect(broken.status).not.toBe(0);
    const output = broken.stdout + broken.stderr;
    expect(output).toContain('AGENTS.override.md is empty, yet Codex still selects it.');
    expect(output).toContain('no-empty-instructions');
    expect(sh(dir, 'git', ['log', '--format=%s']).stdout).toBe('clean\n');

    // A commit touching only files that matter to nothing passes (agents-lint is not even run on it).
    expect(sh(dir, 'git', ['rm', '-q', '--cached', 'AGENTS.override.md']).status).toBe(0);
    fs.rmSync(path.join(dir, 'AGENTS.override.md'));
    fs.writeFileSync(path.join(dir, 'notes.txt'), 'hello\n');
    expect(sh(dir, 'git', ['add', 'notes.txt']).status).toBe(0);
    const other = sh(dir, 'git', ['commit', '-m', 'notes']);
    expect(other.status, other.stdout + other.stderr).toBe(0);
  }, 600_000);
});
