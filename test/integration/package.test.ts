import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { PROJECT } from './repo.js';

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
  // Installing the tarball and running it is test/package/readme-commands.test.ts: the README's own commands.
});
