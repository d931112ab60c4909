import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, PROJECT, runCli, tempRepo } from './repo.js';

const DEMO = path.join(PROJECT, 'fixtures/demo-monorepo');
const made: string[] = [];
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

/** A copy of the demo monorepo (its symlinks as symlinks) in a new temporary directory. */
function demoCopy(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-dry-'));
  made.push(dir);
  fs.cpSync(DEMO, dir, { recursive: true, verbatimSymlinks: true });
  return dir;
}

/** Every entry of a tree: a file's bytes and mode, a symlink's target, a directory's name. */
function snapshot(root: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of fs.readdirSync(dir).sort()) {
      const abs = path.join(dir, name);
      const rel = path.relative(root, abs);
      const stat = fs.lstatSync(abs);
      if (stat.isSymbolicLink()) out.set(rel, `link ${fs.readlinkSync(abs)}`);
      else if (stat.isDirectory()) {
        out.set(rel, 'dir');
        walk(abs);
      } else out.set(rel, `${stat.mode.toString(8)} ${stat.mtimeMs} ${fs.readFileSync(abs).toString('base64')}`);
    }
  };
  walk(root);
  return out;
}

const withoutTimes = (tree: Map<string, string>) => new Map([...tree].map(([k, v]) => [k, v.replace(/^(\d+) [\d.]+ /, '$1 ')]));

describe('--fix-dry-run', () => {
  it('writes nothing, prints the diff --fix would apply, then the usual report', () => {
    const dir = demoCopy();
    const before = snapshot(dir);
    const dry = runCli(dir, ['--fix-dry-run', '.']);
    expect(snapshot(dir)).toEqual(before);
    // The report is the same as without the flag: the files did not change.
    const plain = runCli(dir, ['.']);
    expect(dry.status).toBe(plain.status);
    expect(dry.stdout.endsWith(plain.stdout)).toBe(true);
    const patch = dry.stdout.slice(0, dry.stdout.length - plain.stdout.length);
    expect(patch.match(/^\+\+\+ .*$/gm)).toEqual(['+++ b/apps/admin/AGENTS.md', '+++ b/packages/legacy/AGENTS.md']);
    expect(dry.stderr).toBe('agents-lint: would fix 1 problem in apps/admin/AGENTS.md\nagents-lint: would fix 1 problem in packages/legacy/AGENTS.md\n');
  });

  const tools = [
    ['git', 'apply'],
    ['patch', '-p1', '-s', '--no-backup-if-mismatch'],
  ].filter(([tool]) => spawnSync(tool!, ['--version']).status === 0);
  it.skipIf(tools.length === 0)('prints a diff that git apply and patch turn into exactly what --fix writes', () => {
    const fixed = demoCopy();
    const fix = runCli(fixed, ['--fix', '.']);
    expect(fix.stderr).toContain('agents-lint: fixed 1 problem in apps/admin/AGENTS.md\n');
    const expected = withoutTimes(snapshot(fixed));
    expect(expected).not.toEqual(withoutTimes(snapshot(DEMO)));
    for (const [tool, ...args] of tools) {
      const dir = demoCopy();
      // The whole standard output, report included: both tools skip what is not a patch.
      const dry = runCli(dir, ['--fix-dry-run', '.']);
      const r = spawnSync(tool!, args, { cwd: dir, input: dry.stdout, encoding: 'utf8' });
      expect(r.status, `${tool}: ${r.stderr}`).toBe(0);
      expect(withoutTimes(snapshot(dir))).toEqual(expected);
    }
  });

  it('refuses --fix with it, and a report a program parses on the same standard output', () => {
    const dir = demoCopy();
    expect(runCli(dir, ['--fix', '--fix-dry-run', '.'])).toMatchObject({ status: 2, stdout: '', stderr: 'agents-lint: --fix and --fix-dry-run cannot be used together: --fix-dry-run shows what --fix would write\n' });
    const json = runCli(dir, ['--fix-dry-run', '--format', 'json', '.']);
    expect(json).toMatchObject({ status: 2, stdout: '' });
    expect(json.stderr).toMatch(/^agents-lint: --fix-dry-run prints a diff on standard output, which would corrupt the json report; write the report elsewhere with --output-file\n$/);
    // With --output-file the report goes there and the diff alone to standard output.
    const out = path.join(dir, 'report.json');
    const r = runCli(dir, ['--fix-dry-run', '--format', 'json', '-o', out, '.']);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(/^--- a\/apps\/admin\/AGENTS\.md\n/);
    expect(JSON.parse(fs.readFileSync(out, 'utf8'))).toBeInstanceOf(Array);
  });

  it('refuses the formats GitHub reads (github, markdown) on the same standard output', () => {
    const dir = demoCopy();
    for (const format of ['github', 'markdown']) {
      const r = runCli(dir, ['--fix-dry-run', '--format', format, '.']);
      expect(r).toMatchObject({ status: 2, stdout: '' });
      expect(r.stderr).toContain(`would corrupt the ${format} report`);
    }
  });

  it('in GitHub Actions, pauses workflow commands around the diff so repository text cannot issue one', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun\u200b the tests.\r::error file=x::forged\n' });
    made.push(dir);
    const r = runCli(dir, ['--fix-dry-run'], { GITHUB_ACTIONS: 'true' });
    const token = /^::stop-commands::([0-9a-f]{32})\n/.exec(r.stdout)?.[1];
    expect(token, r.stdout).toBeDefined();
    const diffEnd = r.stdout.indexOf(`::${token}::\n`);
    // The forged command is inside the pause, and the pause ends before the report.
    expect(r.stdout.indexOf('::error file=x::forged')).toBeGreaterThan(0);
    expect(r.stdout.indexOf('::error file=x::forged')).toBeLessThan(diffEnd);
    expect(r.stdout.slice(diffEnd)).toContain('AGENTS.md');
    // Without GitHub Actions there is no pause.
    expect(runCli(dir, ['--fix-dry-run'], { GITHUB_ACTIONS: '' }).stdout).not.toContain('::stop-commands::');
  });

  it.skipIf(spawnSync('script', ['--version']).status !== 0)('escapes the control characters of the diff on a terminal, and passes them through to a pipe', () => {
    // A line --fix changes (a zero-width space) that also holds an escape sequence, which would
    // retitle the terminal if printed as it is.
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun\u200b the tests \u001b]0;pwned\u0007 first.\n' });
    made.push(dir);
    // util-linux `script` gives the CLI a pseudo-terminal, as a developer's shell would.
    const tty = spawnSync('script', ['-qec', `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} --fix-dry-run --no-color`, '/dev/null'], {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty') },
    }).stdout;
    // The zero-width space the fix removes is shown, or the - and + lines would look the same.
    expect(tty).toContain('-Run\\u{200b} the tests \\u001b]0;pwned\\u0007 first.');
    expect(tty).not.toContain('\u001b]');
    expect(tty).not.toContain('\u200b');
    const piped = runCli(dir, ['--fix-dry-run']);
    expect(piped.stdout).toContain('-Run\u200b the tests \u001b]0;pwned\u0007 first.\n+Run the tests \u001b]0;pwned\u0007 first.\n');
  });
});

describe('--fix', () => {
  it('says what it fixed in each file, and what it left there and elsewhere', () => {
    const dir = demoCopy();
    const r = runCli(dir, ['--fix', '.']);
    expect(r.status).toBe(1);
    const summary = /✖ (\d+) problems/.exec(r.stdout);
    const lines = r.stderr.split('\n').filter(Boolean);
    expect(lines).toEqual([
      'agents-lint: fixed 1 problem in apps/admin/AGENTS.md',
      'agents-lint: fixed 1 problem in packages/legacy/AGENTS.md',
      expect.stringMatching(/^agents-lint: \d+ problems left in apps\/admin\/AGENTS\.md need a manual fix$/),
      'agents-lint: 1 problem left in packages/legacy/AGENTS.md needs a manual fix',
      expect.stringMatching(/^agents-lint: \d+ problems in \d+ other files need a manual fix$/),
    ]);
    // The counts add up to the report's.
    const counted = lines.slice(2).reduce((n, l) => n + Number(/: (\d+) problem/.exec(l)![1]), 0);
    expect(counted).toBe(Number(summary![1]));
    const admin = r.stdout.split('\n\n').find((block) => block.startsWith('apps/admin/AGENTS.md\n'))!;
    expect(lines[2]).toBe(`agents-lint: ${admin.split('\n').length - 1} problems left in apps/admin/AGENTS.md need a manual fix`);
  });
});
