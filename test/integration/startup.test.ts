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

// git runs with the repository's own programs turned off (src/repo/git-listing.ts).
const SAFE = '-c core.fsmonitor=false -c core.hooksPath=/dev/null -c core.untrackedCache=false';

// The bin is one CommonJS file (scripts/bundle.mjs); packages kept outside the bundle (sh-syntax,
// secretlint) are imported from where they are installed.
describe('start-up', () => {
  it('--version loads no ES module: the bin is one CommonJS file', () => {
    const run = modulesLoaded(['--version']);
    expect(run.status).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    expect(run.modules).toEqual([path.relative(PROJECT, CLI)]);
  });

  it('external packages load where they are installed: an untagged block sh-syntax rejects is not read as commands, a key is found', () => {
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

  it('a lint lists the repository with git once, --version not at all', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun `npm run nope` first.\n', 'package.json': '{ "name": "x", "scripts": { "build": "tsc" } }\n' });
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    // A `git` first on PATH that logs each call and runs the real one.
    const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-git-'));
    const log = path.join(bin, 'calls.log');
    fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> ${JSON.stringify(log)}\nexec ${JSON.stringify(realGit)} "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') };
    const calls = () => (fs.existsSync(log) ? fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean) : []);

    expect(spawnSync(process.execPath, [CLI, '--version'], { cwd: dir, env, encoding: 'utf8' }).status).toBe(0);
    expect(calls()).toEqual([]);
    const run = spawnSync(process.execPath, [CLI, '--format', 'json'], { cwd: dir, env, encoding: 'utf8' });
    // The untracked AGENTS.md is linted: the listing (tracked and untracked files) came from git.
    expect((JSON.parse(run.stdout) as { filePath: string; messages: { ruleId: string }[] }[]).flatMap((f) => f.messages.map((m) => m.ruleId))).toContain('no-unknown-script');
    const root = fs.realpathSync(dir);
    expect(calls().filter((c) => c.includes('ls-files'))).toEqual([`-C ${root} ${SAFE} ls-files -z --cached --others --exclude-standard --full-name`]);
  });

  it('the process ends once its report is written: a report bigger than a pipe holds reaches a reader that starts late, whole, with the exit code', () => {
    // 300 packages with a finding each: a JSON report of well over a pipe's 64 KB.
    const files: Record<string, string> = { 'package.json': '{ "name": "x", "private": true, "workspaces": ["packages/*"] }\n' };
    for (let i = 0; i < 300; i++) files[`packages/p${i}/AGENTS.md`] = `# P${i}\n\nRun \`npm run missing-${i}\` before you commit.\n`;
    const dir = tempRepo(files);
    const env = { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') };
    const expected = path.join(dir, 'report.json');
    expect(spawnSync(process.execPath, [CLI, '--format', 'json', '--output-file', expected], { cwd: dir, env }).status).toBe(1);
    // A shell pipe (64 KB) to a reader that starts half a second late: the CLI's writes wait for it,
    // and the process must not end before its last byte is taken.
    const piped = path.join(dir, 'piped.json');
    const run = spawnSync('bash', ['-c', `set -o pipefail; "$0" "$1" --format json | (sleep 0.5; cat > "$2")`, process.execPath, CLI, piped], { cwd: dir, env });
    const report = fs.readFileSync(piped, 'utf8');
    expect(report.length).toBeGreaterThan(1 << 17);
    expect([run.status, report]).toEqual([1, fs.readFileSync(expected, 'utf8')]);
  });

  it('--help lists every format', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
    const choices = /--format <format> .*?\(choices: (.*?), default: "stylish"\)/.exec(help)?.[1];
    expect(choices?.split(', ').map((c) => c.replace(/"/g, ''))).toEqual([...FORMATS]);
  });
});
