import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FORMATS } from '../../src/formatters/index.js';
import { CLI, PROJECT } from './repo.js';

/** Runs the built CLI with a module hook that logs every module it loads; returns their paths. */
function modulesLoaded(args: string[], cwd = PROJECT): { status: number | null; stdout: string; modules: string[] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-startup-'));
  const log = path.join(dir, 'modules.log');
  fs.writeFileSync(
    path.join(dir, 'hooks.mjs'),
    `import { appendFileSync } from 'node:fs';\nexport async function load(url, context, next) {\n  appendFileSync(${JSON.stringify(log)}, url + '\\n');\n  return next(url, context);\n}\n`,
  );
  fs.writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module';\nregister('./hooks.mjs', import.meta.url);\n`);
  const r = spawnSync(process.execPath, ['--import', path.join(dir, 'register.mjs'), CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') },
  });
  const modules = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').filter((u) => u.startsWith('file:')).map((u) => path.relative(PROJECT, new URL(u).pathname)) : [];
  return { status: r.status, stdout: r.stdout, modules };
}

/** Text a loaded file holds only if it is the lint engine (an error message of src/engine/lint.ts). */
const ENGINE_MARK = 'Markdown tree requested by a rule that did not declare needsTree';
const contents = (modules: string[]) => modules.map((m) => fs.readFileSync(path.join(PROJECT, m), 'utf8'));

// `--version` and `--help` (and a lint-staged hook's start-up) must not pay for the engine, the rules
// or the parsers: cli.ts imports each command's modules inside its action, and the bundle keeps each
// dynamic import in its own chunk.
describe('lean start-up', () => {
  it('--version loads only the bundled entry and its small static chunks: no engine, no node_modules', () => {
    const run = modulesLoaded(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.modules).toContain(path.relative(PROJECT, CLI));
    expect(run.modules.filter((m) => !m.startsWith('dist/bundle/'))).toEqual([]);
    expect(contents(run.modules).filter((text) => text.includes(ENGINE_MARK))).toEqual([]);
    // commander and our flag definitions; the whole bundle is megabytes.
    expect(contents(run.modules).reduce((n, text) => n + text.length, 0)).toBeLessThan(400_000);
  });

  it('a lint run does load the engine (the hook sees dynamic imports), and --help lists every format', () => {
    const run = modulesLoaded(['--format', 'json', 'fixtures/demo-monorepo/AGENTS.md']);
    expect(contents(run.modules).filter((text) => text.includes(ENGINE_MARK)).length).toBe(1);
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const choices = /--format <format> .*?\(choices: (.*?), default: "stylish"\)/.exec(help)?.[1];
    expect(choices?.split(', ').map((c) => c.replace(/"/g, ''))).toEqual([...FORMATS]);
  });
});
