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

  it('a damaged cache, or one made for other source, is never given to V8: the CLI compiles from source and runs', () => {
    // A copy of the bundle beside its package.json, whose cache this test may spoil.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-cache-'));
    const bundle = path.join(dir, 'dist', 'bundle');
    fs.mkdirSync(bundle, { recursive: true });
    for (const f of fs.readdirSync(path.dirname(CLI))) fs.copyFileSync(path.join(path.dirname(CLI), f), path.join(bundle, f));
    fs.copyFileSync(path.join(PROJECT, 'package.json'), path.join(dir, 'package.json'));
    const cacheFile = path.join(bundle, 'agents-lint.cjs.cache');
    const original = fs.readFileSync(cacheFile);
    const version = () => spawnSync(process.execPath, [path.join(bundle, path.basename(CLI)), '--version', '--debug'], { encoding: 'utf8' });
    expect(version().stderr).toContain('code cache accepted');
    // Bits flipped in V8's data: given to V8, this crashes Node ("Fatal error ... Deserializer").
    const damaged = Buffer.from(original);
    for (let i = damaged.length >> 1; i < (damaged.length >> 1) + 400; i++) damaged[i]! ^= 0xff;
    fs.writeFileSync(cacheFile, damaged);
    let run = version();
    expect([run.status, run.stdout.trim(), run.stderr]).toEqual([0, JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')).version, 'agents-lint: code cache mismatched\n']);
    // The right cache for a bundle edited in place to the same length (patch-package, say).
    fs.writeFileSync(cacheFile, original);
    const source = fs.readFileSync(path.join(bundle, 'agents-lint.cjs'), 'utf8');
    fs.writeFileSync(path.join(bundle, 'agents-lint.cjs'), source.replace('Lint AGENTS.md and other', 'Lint AGENTS.md and OTHER'));
    run = version();
    expect([run.status, run.stderr]).toEqual([0, 'agents-lint: code cache mismatched\n']);
  });

  it('only a --cache run loads node:crypto: the code cache is checked with zlib\'s CRC-32, and the lint cache\'s hashes load crypto when first asked for', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun `npm test` first.\n', 'package.json': '{ "name": "x", "scripts": { "test": "vitest" } }\n' });
    // A preload that prints, at exit, the built-in modules the run loaded.
    const preload = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-builtins-')), 'builtins.cjs');
    fs.writeFileSync(preload, `process.on('exit', () => process.stderr.write('builtins: ' + process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)).join(' ') + '\\n'));\n`);
    const builtins = (...args: string[]) => {
      const run = spawnSync(process.execPath, ['-r', preload, CLI, '--format', 'json', '--debug', ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') } });
      expect(run.status).toBe(0);
      expect(run.stderr).toContain('agents-lint: code cache accepted');
      return (/^builtins: (.*)$/m.exec(run.stderr)?.[1] ?? '').split(' ');
    };
    const plain = builtins();
    expect(plain).toContain('zlib');
    expect(plain).not.toContain('crypto');
    const cached = builtins('--cache', '--cache-location', path.join(dir, '.lint-cache'));
    expect(cached).toContain('crypto');
  });

  it('a lint lists the repository with git once (the launcher\'s prefetch is the listing the engine takes, started again with the untracked file), --version not at all', () => {
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
    // One listing, in its two parts (tracked, then the walk for untracked files): a prefetch the
    // engine failed to take would make it list the tree a second time.
    const root = fs.realpathSync(dir);
    expect(calls().filter((c) => c.includes('ls-files')).sort()).toEqual([`-C ${root} ${SAFE} ls-files -z --cached --full-name`, `-C ${root} ${SAFE} ls-files -z --others --exclude-standard --full-name`]);
  });

  it('git is run twice, not three times, when its walk for untracked files ends before the tracked part is taken; a listing git fails to write to its temporary file is asked for again, through a pipe', () => {
    // Fully tracked, with a directory only .git/info/exclude ignores: a file walk (agents-lint's
    // fallback without git) would lint it, git's listing does not.
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun `npm run build` first.\n', 'package.json': '{ "name": "x", "scripts": { "build": "tsc" } }\n', 'local/AGENTS.md': '# Local\n\nRun `npm run nope` first.\n' });
    expect(spawnSync('git', ['init', '-q'], { cwd: dir }).status).toBe(0);
    fs.appendFileSync(path.join(dir, '.git/info/exclude'), 'local/\n');
    expect(spawnSync('git', ['add', '.'], { cwd: dir }).status).toBe(0);
    const realGit = spawnSync('sh', ['-c', 'command -v git'], { encoding: 'utf8' }).stdout.trim();
    const bin = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-git-'));
    const log = path.join(bin, 'calls.log');
    const wrapper = (body: string) => fs.writeFileSync(path.join(bin, 'git'), `#!/bin/sh\necho "$*" >> ${JSON.stringify(log)}\n${body}\nexec ${JSON.stringify(realGit)} "$@"\n`, { mode: 0o755 });
    const env = { ...process.env, PATH: `${bin}${path.delimiter}${process.env['PATH'] ?? ''}`, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') };
    const lintHere = () => {
      fs.rmSync(log, { force: true });
      const run = spawnSync(process.execPath, [CLI, '--format', 'json'], { cwd: dir, env, encoding: 'utf8' });
      const files = (JSON.parse(run.stdout) as { filePath: string }[]).map((f) => path.relative(fs.realpathSync(dir), f.filePath));
      return { status: run.status, files, calls: fs.readFileSync(log, 'utf8').trim().split('\n').filter((c) => c.includes('ls-files')).sort() };
    };
    const root = fs.realpathSync(dir);
    const tracked = `-C ${root} ${SAFE} ls-files -z --cached --full-name`;
    const untracked = `-C ${root} ${SAFE} ls-files -z --others --exclude-standard --full-name`;
    // The tracked part takes longer than the walk: the walk's answer is in before the run looks.
    wrapper('case "$*" in *--cached*) sleep 0.5;; esac');
    expect(lintHere()).toEqual({ status: 0, files: [], calls: [tracked, untracked] });
    // Both parts fail while their output goes to a file (as on a full disk): git is asked again for
    // the whole listing through a pipe, and local/ stays excluded.
    wrapper('case "$*" in *ls-files*) [ -f /dev/stdout ] && [ ! -p /dev/stdout ] && exit 128;; esac');
    expect(lintHere()).toEqual({ status: 0, files: [], calls: [tracked, `-C ${root} ${SAFE} ls-files -z --cached --others --exclude-standard --full-name`, untracked] });
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
