import { spawn, spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules as allRules } from '../../rules/index.js';
import { CLI, EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';
import { makeRepo, removeRepo } from '../helpers/temp-repo.js';

function run(args: string[], cwd = FIXTURES) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const cli = (name: string) => path.join(FIXTURES, 'cli', name);

describe('agents-lint CLI', () => {
  it('exits 0 and prints nothing on a clean repository', () => {
    const r = run([cli('clean')]);
    expect(r).toEqual({ code: 0, stdout: '', stderr: '' });
  });

  it('exits 1 with findings on the demo monorepo, in stylish format by default', () => {
    const r = run(['demo-monorepo']);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('apps/api/AGENTS.override.md');
    expect(r.stdout).toMatch(/✖ \d+ problems? \(\d+ errors?, \d+ warnings?\)/);
  });

  it('the demo monorepo shows a finding of every rule (no-vague-rules, off by default, turned on)', () => {
    const results = JSON.parse(run(['demo-monorepo', '--format', 'json', '--rule', 'no-vague-rules:warn']).stdout) as { messages: { ruleId: string }[] }[];
    const shown = new Set(results.flatMap((r) => r.messages.map((m) => m.ruleId)));
    expect(allRules.map((r) => r.id).filter((id) => !shown.has(id))).toEqual([]);
  });

  it('prints ESLint-compatible JSON sorted by path then position', () => {
    const r = run(['demo-monorepo', '--format', 'json']);
    expect(r.code).toBe(1);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { line: number; column: number }[]; errorCount: number; warningCount: number; fatalErrorCount: number }[];
    expect(results.length).toBeGreaterThan(0);
    const paths = results.map((x) => x.filePath);
    expect([...paths].sort()).toEqual(paths);
    for (const result of results) {
      expect(path.isAbsolute(result.filePath)).toBe(true);
      expect(Object.keys(result).sort()).toEqual(
        ['errorCount', 'fatalErrorCount', 'filePath', 'fixableErrorCount', 'fixableWarningCount', 'messages', 'suppressedMessages', 'usedDeprecatedRules', 'warningCount'].sort(),
      );
      for (const m of result.messages) {
        expect(m).toMatchObject({ ruleId: expect.any(String), severity: expect.any(Number), message: expect.any(String), messageId: expect.any(String), data: expect.any(Object) });
        for (const k of ['line', 'column', 'endLine', 'endColumn'] as const) expect(Number.isInteger((m as Record<string, unknown>)[k])).toBe(true);
      }
      const positions = result.messages.map((m) => m.line * 1e6 + m.column);
      expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    }
  });

  it('exits 0 on warnings, and 1 when they exceed --max-warnings', () => {
    expect(run([cli('with-warning')]).code).toBe(0);
    const r = run([cli('with-warning'), '--max-warnings', '0']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('too many warnings');
  });

  it('--quiet hides warnings', () => {
    const r = run([cli('with-warning'), '--quiet']);
    expect(r).toMatchObject({ code: 0, stdout: '' });
  });

  it('--rule overrides the config file', () => {
    const r = run([cli('with-warning'), '--rule', 'no-empty-instructions:error', '--format', 'json']);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout)[0].messages[0].severity).toBe(2);
    expect(run([cli('with-warning'), '--rule', 'no-empty-instructions:off']).stdout).toBe('');
  });

  it('--print-config shows the resolved rules and Codex settings', () => {
    const r = run([cli('with-warning'), '--print-config']);
    expect(r.code).toBe(0);
    const printed = JSON.parse(r.stdout);
    expect(printed.rules['no-empty-instructions']).toEqual(['warn', {}]);
    expect(printed.rootFoundBy).toBe('config');
    expect(printed.codex.project_doc_max_bytes).toBe(32768);
  });

  it.each([
    ['bad-json-config', /bad-json-config\/\.agents-lint\.json:2:1: invalid JSON/],
    ['unknown-key', /unknown-key\/\.agents-lint\.json: rulez: unknown key; did you mean "rules"\?/],
    ['unknown-rule', /rules\.no-empty-instruction: unknown rule "no-empty-instruction"; did you mean "no-empty-instructions"\?/],
    ['wrong-type', /rules\.no-empty-instructions: .*use "off", "warn", "error"/],
  ])('config error in %s: exit 2 with one clear line and no stack', (name, pattern) => {
    const r = run([cli(name)]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it.each([
    [['--format', 'xml'], /argument 'xml' is invalid/],
    [['--bogus'], /unknown option '--bogus'/],
    [['--rule', 'no-empty-instructions'], /expected id:severity/],
    [['--max-warnings', 'many'], /--max-warnings expects a whole number/],
    [['does-not-exist'], /No such file or directory/],
  ])('usage error %j: exit 2, one line', (args, pattern) => {
    const r = run([...args]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('stops writing, silently, when the reader of its output goes away, and still exits with the run\'s code', async () => {
    // `agents-lint | head`: the pipe's read end is closed before the report is written (EPIPE). The
    // report (a thousand broken links, some 300 KB of JSON) takes several writes, so later ones fail.
    const links = Array.from({ length: 1000 }, (_, i) => `- Read [part ${i}](docs/missing-${i}.md) first.`).join('\n');
    const root = makeRepo({ 'AGENTS.md': `# Rules\n\n${links}\n` });
    try {
      const child = spawn(process.execPath, [CLI, '--format', 'json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME, NO_COLOR: '1' } });
      child.stdout.destroy();
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      const code = await new Promise<number | null>((resolve) => child.on('close', (status) => resolve(status)));
      expect({ code, stderr }).toEqual({ code: 1, stderr: '' });
      // The same run with a reader: a report of that size, and the same exit code.
      const whole = run(['--format', 'json'], root);
      expect(whole.code).toBe(1);
      expect(whole.stdout.length).toBeGreaterThan(4 * 65536);
    } finally {
      removeRepo(root);
    }
  });

  it('--version and --help exit 0', () => {
    const v = run(['--version']);
    expect(v.code).toBe(0);
    expect(v.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
    const h = run(['--help']);
    expect(h.code).toBe(0);
    expect(h.stdout).toContain('--max-warnings');
  });
});
