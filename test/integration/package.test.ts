import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { OFFLINE, PROJECT, packProject, sh } from './repo.js';

const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string; scripts: Record<string, string> };

describe('npm package', () => {
  it('ships the built CLI, rule docs and README, and no tests, fixtures or install scripts', () => {
    const r = spawnSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: PROJECT, encoding: 'utf8' });
    expect(r.status).toBe(0);
    const files = (JSON.parse(r.stdout) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    expect(files).toContain('dist/src/cli.js');
    expect(files).toContain('dist/bundle/cli.cjs');
    expect(files).toContain('dist/rules/index.js');
    expect(files).toContain('rules/no-empty-instructions.md');
    expect(files).toContain('README.md');
    expect(files.filter((f) => /^(test|fixtures|scripts|\.ci|\.husky)\//.test(f) || /\.test\.[jt]s$/.test(f) || f.startsWith('src/') && f.endsWith('.ts'))).toEqual([]);
    for (const hook of ['preinstall', 'install', 'postinstall']) expect(manifest.scripts[hook]).toBeUndefined();
  });

  it.skipIf(OFFLINE)('installs from the tarball into an empty project and runs (needs the npm registry; AGENTS_LINT_OFFLINE=1 skips)', () => {
    const tgz = packProject();
    const app = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-consumer-'));
    fs.writeFileSync(path.join(app, 'package.json'), '{ "name": "consumer", "private": true }\n');
    const install = sh(app, 'npm', ['install', '--no-audit', '--no-fund', tgz]);
    expect(install.status, install.stderr).toBe(0);

    const version = sh(app, 'npx', ['--no-install', 'agents-lint', '--version']);
    expect(version).toMatchObject({ status: 0, stdout: `${manifest.version}\n` });

    // A fixture with one known problem: an empty override next to AGENTS.md.
    const fixture = path.join(app, 'fixture');
    fs.mkdirSync(fixture);
    fs.writeFileSync(path.join(fixture, '.agents-lint.json'), '{ "root": true }\n');
    fs.writeFileSync(path.join(fixture, 'AGENTS.md'), '# Rules\n\nKeep functions small.\n');
    fs.writeFileSync(path.join(fixture, 'AGENTS.override.md'), '');
    const lint = sh(app, 'npx', ['--no-install', 'agents-lint', 'fixture', '--format', 'json']);
    expect(lint.status).toBe(1);
    const ids = (JSON.parse(lint.stdout) as { messages: { ruleId: string }[] }[]).flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(ids).toContain('no-empty-instructions');

    // The library entry point loads too.
    const api = sh(app, process.execPath, ['--input-type=module', '-e', "const m = await import('agents-lint'); console.log(typeof m.lint, m.VERSION)"]);
    expect(api.stdout).toBe(`function ${manifest.version}\n`);
  }, 600_000);
});
