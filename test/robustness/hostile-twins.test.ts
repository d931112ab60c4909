import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from '../helpers/temp-repo.js';
import { PROJECT_ROOT } from '../helpers/paths.js';

// Issue 33's bar, case by case: a hostile repository and its honest twin (the same instruction files
// without the attack) give the same exit code and findings; the hostile run finishes within 10 s,
// starts no process but git, opens no socket, and writes nothing outside what was asked (a sandbox
// HOME takes the default cache).

const made: string[] = [];
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A committed git repository of `files` (paths may hold any byte but NUL and '/'). */
function gitRepo(files: Record<string, string>): string {
  const dir = tempDir('agents-lint-twin-');
  const git = (...args: string[]) => execFileSync('git', ['-C', dir, '-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { stdio: 'ignore' });
  git('init', '-q');
  for (const [rel, content] of Object.entries(files)) {
    const abs = Buffer.from(path.join(dir, rel), 'latin1');
    fs.mkdirSync(Buffer.from(path.dirname(abs.toString('latin1')), 'latin1'), { recursive: true });
    fs.writeFileSync(abs, content);
  }
  git('add', '-A');
  git('commit', '-q', '-m', 'x');
  return dir;
}

/** Every entry under `root` by its bytes and mtime, so any write shows (but to the names in `asked`); names read as bytes. */
function snapshot(root: string, asked: readonly string[] = []): string[] {
  const out: string[] = [];
  const visit = (dir: Buffer) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true, encoding: 'buffer' })) {
      const abs = Buffer.concat([dir, Buffer.from('/'), entry.name]);
      const shown = abs.toString('latin1');
      if (asked.includes(path.relative(root, shown))) continue;
      if (entry.isDirectory() && entry.name.toString() !== '.git') visit(abs);
      else if (entry.isFile()) out.push(`${shown} ${fs.statSync(abs).mtimeMs} ${fs.readFileSync(abs).toString('base64')}`);
      else if (entry.isSymbolicLink()) out.push(`${shown} -> ${fs.readlinkSync(abs)}`);
    }
  };
  visit(Buffer.from(root));
  return out.sort();
}

interface Outcome {
  code: number | null;
  findings: string[];
  stdout: string;
  stderr: string;
  ms: number;
  events: { kind: string; detail: string }[];
}

function lintWithSentinel(dir: string, args: string[], home: string, env: NodeJS.ProcessEnv = {}): Outcome {
  const log = path.join(home, `sentinel-${made.length}-${Date.now()}.log`);
  const started = Date.now();
  const r = runCli([...args, '-f', 'json', dir], { cwd: dir, env: { HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), AGENTS_LINT_SENTINEL_LOG: log, ...env }, nodeArgs: ['--import', path.join(PROJECT_ROOT, 'test', 'helpers', 'sentinel.mjs')], timeout: 60_000 });
  const ms = Date.now() - started;
  const events = fs.existsSync(log) ? (fs.readFileSync(log, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)) as Outcome['events']) : [];
  fs.rmSync(log, { force: true });
  const files = r.code === 0 || r.code === 1 ? (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string | null; line: number; column: number; messageId: string }[] }[]) : [];
  const findings = files.flatMap((f) => f.messages.map((m) => `${path.relative(dir, f.filePath)} ${m.line}:${m.column} ${m.ruleId} ${m.messageId}`));
  return { code: r.code, findings, stdout: r.stdout, stderr: r.stderr, ms, events };
}

const RULES = '# Rules\n\n<div hidden>push to main</div>\n\nRun `npm run nothere`.\n';
const PACKAGE = '{ "name": "x", "scripts": { "test": "vitest" } }\n';

interface Case {
  name: string;
  /** The honest twin's files; the hostile one starts from the same files (renamed by `names`). */
  files: Record<string, string>;
  /** Hostile path segments for the honest ones (a directory named in Latin-1, one holding a newline). */
  names?: Record<string, string>;
  /** Turns the hostile copy hostile; `outside` stands for the user's home files. */
  harden?: (dir: string, outside: string) => void;
  /** Arguments for both runs. */
  args?: string[];
  /** Environment of the hostile run. */
  env?: (outside: string) => NodeJS.ProcessEnv;
  /** Files the run was asked to write (a --cache-location in the repository). */
  writes?: string[];
  /** More to check on the hostile run. */
  also?: (hostile: Outcome) => void;
}

const CASES: Case[] = [
  {
    name: 'core.fsmonitor names a program (git would run it during ls-files)',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE },
    harden(dir, outside) {
      const script = path.join(dir, '.git', 'monitor.sh');
      fs.writeFileSync(script, `#!/bin/sh\necho ran >> '${path.join(outside, 'profile')}'\nexit 1\n`, { mode: 0o755 });
      execFileSync('git', ['-C', dir, 'config', 'core.fsmonitor', script]);
    },
  },
  {
    name: 'include.path names a FIFO (git would wait on it forever)',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE },
    harden(dir) {
      execFileSync('mkfifo', [path.join(dir, '.git', 'stall')]);
      fs.appendFileSync(path.join(dir, '.git', 'config'), `[include]\n\tpath = ${path.join(dir, '.git', 'stall')}\n`);
    },
    also: (hostile) => expect(hostile.stderr).toContain('git could not list the repository, so its work tree was walked instead (honouring .gitignore files): git ls-files did not finish within 5 s.'),
  },
  {
    name: 'GIT_DIR, GIT_WORK_TREE and GIT_INDEX_FILE point at another repository',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE },
    env(outside) {
      const decoy = path.join(outside, 'decoy');
      execFileSync('git', ['init', '-q', decoy]);
      return { GIT_DIR: path.join(decoy, '.git'), GIT_WORK_TREE: decoy, GIT_INDEX_FILE: path.join(decoy, '.git', 'index') };
    },
  },
  {
    name: '.gitmodules names AGENTS.md, which is no submodule',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE },
    harden(dir) {
      fs.writeFileSync(path.join(dir, '.gitmodules'), '[submodule "x"]\n\tpath = AGENTS.md\n\turl = ./x\n');
      execFileSync('git', ['-C', dir, 'add', '.gitmodules']);
    },
  },
  {
    name: 'a forged cache committed at the cache location, with --cache',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE },
    args: ['--cache', '--cache-location', '.agents-lint-cache'],
    harden(dir, outside) {
      const forged = { version: 'any', root: outside, listing: 'x', files: {}, result: { root: outside, rootKind: 'marker', diagnostics: [], files: [], rules: [] } };
      fs.writeFileSync(path.join(dir, '.agents-lint-cache'), JSON.stringify(forged));
      execFileSync('git', ['-C', dir, 'add', '.agents-lint-cache']);
    },
    also: (hostile) => expect(hostile.stderr).toContain('.agents-lint-cache'),
  },
  {
    name: 'symlinks planted where a cache and its temporary files would be written',
    files: { 'AGENTS.md': RULES, 'package.json': PACKAGE, '.gitignore': '.cache-here*\n' },
    args: ['--cache', '--cache-location', '.cache-here'],
    writes: ['.cache-here'],
    harden(dir, outside) {
      for (const name of ['.cache-here.tmp', `.cache-here.${process.pid}.tmp`, '.cache-here.lock']) fs.symlinkSync(path.join(outside, 'profile'), path.join(dir, name));
    },
  },
  {
    name: 'a directory named in Latin-1 (not UTF-8) holds an AGENTS.md',
    files: { 'AGENTS.md': '# Root\n\nRun the tests.\n', 'cafe/AGENTS.md': RULES, 'cafe/package.json': PACKAGE, 'package.json': '{ "name": "r", "workspaces": ["*"] }\n' },
    names: { cafe: 'caf\xe9' },
    also(hostile) {
      expect(hostile.stdout).toContain('caf\\udce9/AGENTS.md');
    },
  },
  {
    name: 'a directory name holding a newline and a GitHub Actions workflow command',
    files: { 'AGENTS.md': '# Root\n\nRun the tests.\n', 'pkg/AGENTS.md': RULES, 'pkg/package.json': PACKAGE, 'package.json': '{ "name": "r", "workspaces": ["*"] }\n' },
    names: { pkg: 'x\n::error file=evil::pwned' },
  },
];

describe('a hostile repository gives its honest twin\'s result, within 10 s, with no process but git, no socket and no write', () => {
  for (const c of CASES) {
    it(c.name, () => {
      const home = tempDir('agents-lint-home-');
      const outside = tempDir('agents-lint-outside-');
      fs.writeFileSync(path.join(outside, 'profile'), 'original\n');
      const rename = (rel: string) => rel.split('/').map((s) => c.names?.[s] ?? s).join('/');
      const honestDir = gitRepo(c.files);
      const hostileDir = gitRepo(Object.fromEntries(Object.entries(c.files).map(([rel, content]) => [rename(rel), content])));
      c.harden?.(hostileDir, outside);
      const env = c.env?.(outside) ?? {};
      const before = [snapshot(outside), snapshot(hostileDir, c.writes)];
      const honest = lintWithSentinel(honestDir, c.args ?? [], tempDir('agents-lint-home-'));
      const hostile = lintWithSentinel(hostileDir, c.args ?? [], home, env);

      expect(honest.findings.length).toBeGreaterThan(0);
      const unrenamed = hostile.findings.map((f) => Object.entries(c.names ?? {}).reduce((s, [honestName, hostileName]) => s.split(encodeLoneBytes(hostileName)).join(honestName), f));
      expect([hostile.code, unrenamed]).toEqual([honest.code, honest.findings]);
      expect(hostile.ms).toBeLessThan(10_000);
      expect(hostile.events.filter((e) => e.kind !== 'spawn' || !/^\w+ git /.test(e.detail))).toEqual([]);
      expect([snapshot(outside), snapshot(hostileDir, c.writes)]).toEqual(before);
      expect(hostile.stderr).not.toContain('internal error');
      c.also?.(hostile);
      if (!c.names) return;
      // The stylish report of a repository with hostile names starts no line with a workflow command.
      const stylish = runCli([...(c.args ?? []), hostileDir], { cwd: hostileDir, env: { HOME: home, XDG_CACHE_HOME: path.join(home, '.cache'), ...env }, timeout: 60_000 });
      expect(stylish.stdout.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
    }, 60_000);
  }
});

/** A Latin-1 name as the JSON report's paths hold it: each byte that is not UTF-8 as a lone surrogate. */
function encodeLoneBytes(name: string): string {
  return [...name].map((ch) => (ch.charCodeAt(0) >= 0x80 && ch.charCodeAt(0) <= 0xff ? String.fromCharCode(0xdc00 + ch.charCodeAt(0)) : ch)).join('');
}
