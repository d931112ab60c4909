import { describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { FORMATS } from '../../src/formatters/index.js';
import { CLI, PROJECT, tempRepo } from './repo.js';

/** Runs the built CLI with a module hook that logs every module it loads; returns their paths. */
function modulesLoaded(args: string[], cwd = PROJECT): { status: number | null; stdout: string; stderr: string; modules: string[] } {
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
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, modules };
}

// The bin is a small ES module (src/launch/launcher.ts) that compiles the bundled CLI, one CommonJS
// script, with the V8 code cache built beside it; packages kept outside the bundle are imported
// through the launcher's own module loader (src/external-import.ts).
describe('start-up', () => {
  it('--version loads no ES module but the launcher, and this Node accepts the shipped code cache', () => {
    const run = modulesLoaded(['--version', '--debug']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.modules).toEqual([path.relative(PROJECT, CLI)]);
    // A cache V8 rejects (another Node, a stale build) costs every run its compile time, silently.
    expect(run.stderr).toContain('agents-lint: code cache accepted');
  });

  it('external packages load through the launcher: an untagged block sh-syntax rejects is not read as commands, a key is found', () => {
    const dir = tempRepo({
      'package.json': '{ "name": "x", "scripts": { "build": "tsc" } }\n',
      // `fi` without `if` is balanced for the lexer; only the real parser (sh-syntax) rejects it.
      'AGENTS.md': '# X\n\n```\nnpm run nope; fi\n```\n\nKey: AKIAIOSFODNN7EXAMPLF\n',
    });
    const run = modulesLoaded(['--format', 'json'], dir);
    expect(run.modules.some((m) => m.includes('node_modules/sh-syntax/'))).toBe(true);
    expect(run.modules.some((m) => m.includes('node_modules/@secretlint/core/'))).toBe(true);
    const ruleIds = (JSON.parse(run.stdout) as { messages: { ruleId: string }[] }[]).flatMap((f) => f.messages.map((m) => m.ruleId));
    expect(ruleIds).not.toContain('no-unknown-script');
    expect(ruleIds).toContain('no-secrets');
  });

  it('--help lists every format', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const choices = /--format <format> .*?\(choices: (.*?), default: "stylish"\)/.exec(help)?.[1];
    expect(choices?.split(', ').map((c) => c.replace(/"/g, ''))).toEqual([...FORMATS]);
  });
});
