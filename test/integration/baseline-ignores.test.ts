import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { madeDir, runCli, tempRepo } from './repo.js';

const lines = (stdout: string) =>
  (JSON.parse(stdout) as { filePath: string; messages: { line: number; column: number; ruleId: string | null; messageId: string }[] }[]).flatMap((r) =>
    r.messages.map((m) => `${path.basename(r.filePath)}:${m.line}:${m.column} ${m.ruleId ?? '-'}/${m.messageId}`),
  );

describe('--baseline / --write-baseline', () => {
  it('writes the baseline atomically: a symlink in its place is replaced, never written through', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\n<div hidden>legacy hidden note</div>\n' });
    const outside = madeDir('baseline-target-');
    fs.writeFileSync(path.join(outside, 'victim.json'), 'untouched\n');
    fs.symlinkSync(path.join(outside, 'victim.json'), path.join(dir, 'baseline.json'));
    expect(runCli(dir, ['--write-baseline', 'baseline.json']).status).toBe(0);
    expect(fs.readFileSync(path.join(outside, 'victim.json'), 'utf8')).toBe('untouched\n');
    expect(fs.lstatSync(path.join(dir, 'baseline.json')).isSymbolicLink()).toBe(false);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8')).entries).toHaveLength(1);
    expect(fs.readdirSync(dir).filter((f) => f.startsWith('.agents-lint-write-'))).toEqual([]);
  });

  it('says why a baseline cannot be written, with a usage error and no stack trace', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\n<div hidden>legacy hidden note</div>\n' });
    const failed = runCli(dir, ['--write-baseline', 'no-such-dir/baseline.json']);
    expect(failed.status).toBe(2);
    expect(failed.stderr).toContain('cannot write the baseline no-such-dir/baseline.json');
    expect(failed.stderr).not.toMatch(/\n\s+at /);
  });

  it('records existing findings once, survives line shifts, and fails only on new ones', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\n<div hidden>legacy hidden note</div>\n<div hidden>legacy hidden note</div>\n' });
    expect(lines(runCli(dir, ['-f', 'json']).stdout)).toEqual(['AGENTS.md:3:1 no-hidden-instructions/hiddenHtml', 'AGENTS.md:4:1 no-hidden-instructions/hiddenHtml']);

    const write = runCli(dir, ['--write-baseline', 'baseline.json']);
    expect(write.status).toBe(0);
    expect(write.stderr).toContain('recorded 2 finding(s) in baseline.json');
    const baseline = JSON.parse(fs.readFileSync(path.join(dir, 'baseline.json'), 'utf8'));
    // Two identical findings on identical lines: one entry with a count.
    expect(baseline).toEqual({
      version: 1,
      entries: [{ file: 'AGENTS.md', ruleId: 'no-hidden-instructions', messageId: 'hiddenHtml', source: '<div hidden>legacy hidden note</div>', count: 2 }],
    });
    expect(runCli(dir, ['--baseline', 'baseline.json']).status).toBe(0);

    // Lines added above: the same findings move to lines 5 and 6 and are still known.
    fs.writeFileSync(path.join(dir, 'AGENTS.md'), '# Rules\n\nUse pnpm.\nRun tests.\n<div hidden>legacy hidden note</div>\n<div hidden>legacy hidden note</div>\n');
    const shifted = runCli(dir, ['--baseline', 'baseline.json', '-f', 'json']);
    expect(shifted.status).toBe(0);
    expect(lines(shifted.stdout)).toEqual([]);
    expect(shifted.stderr).toBe('agents-lint: 2 findings hidden by the baseline baseline.json.\n');

    // A new finding fails, and only it is reported.
    fs.appendFileSync(path.join(dir, 'AGENTS.md'), '<div hidden>brand new secret rule</div>\n');
    const fresh = runCli(dir, ['--baseline', 'baseline.json', '-f', 'json']);
    expect(fresh.status).toBe(1);
    expect(lines(fresh.stdout)).toEqual(['AGENTS.md:7:1 no-hidden-instructions/hiddenHtml']);

    // A third copy of the recorded line exceeds the recorded count: it is new.
    fs.appendFileSync(path.join(dir, 'AGENTS.md'), '<div hidden>legacy hidden note</div>\n');
    expect(lines(runCli(dir, ['--baseline', 'baseline.json', '-f', 'json']).stdout)).toEqual([
      'AGENTS.md:7:1 no-hidden-instructions/hiddenHtml',
      'AGENTS.md:8:1 no-hidden-instructions/hiddenHtml',
    ]);
  });

  it('says how many recorded findings no longer occur, and --write-baseline prunes them', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\n<div hidden>one</div>\n<div hidden>two</div>\n' });
    expect(runCli(dir, ['--write-baseline', 'baseline.json']).status).toBe(0);
    fs.writeFileSync(path.join(dir, 'AGENTS.md'), '# Rules\n\n<div hidden>one</div>\n');
    const run = runCli(dir, ['--baseline', 'baseline.json']);
    expect([run.status, run.stderr]).toEqual([
      0,
      'agents-lint: 1 finding hidden by the baseline baseline.json.\nagents-lint: the baseline baseline.json records 1 finding this run no longer has (fixed, or the line changed); run with --write-baseline baseline.json to prune it.\n',
    ]);
    expect(runCli(dir, ['--write-baseline', 'baseline.json']).stderr).toContain('recorded 1 finding(s) in baseline.json');
    expect(runCli(dir, ['--baseline', 'baseline.json']).stderr).toBe('agents-lint: 1 finding hidden by the baseline baseline.json.\n');
  });

  it('a missing or malformed baseline is a usage error (exit 2)', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n', 'bad.json': '{"entries": 3}' });
    const missing = runCli(dir, ['--baseline', 'nope.json']);
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain('cannot read the baseline nope.json; create it with --write-baseline nope.json');
    const bad = runCli(dir, ['--baseline', 'bad.json']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('not an agents-lint baseline');
  });
});

describe('config ignores', () => {
  const agents = '# Rules\n\n<div hidden>legacy hidden note</div>\n';
  it('hides a rule in matching files until the date, then reports the expired entry at the config file', () => {
    const active = tempRepo({
      '.agents-lint.json': '{\n  "root": true,\n  "ignores": [\n    { "files": "AGENTS.md", "rules": ["no-hidden-instructions"], "until": "2999-01-01", "reason": "migration" }\n  ]\n}\n',
      'AGENTS.md': agents,
    });
    const ok = runCli(active, ['-f', 'json']);
    expect(ok.status).toBe(0);
    expect(lines(ok.stdout)).toEqual([]);

    const expired = tempRepo({
      '.agents-lint.json': '{\n  "root": true,\n  "ignores": [\n    "other/**",\n    { "files": "AGENTS.md", "rules": ["no-hidden-instructions"], "until": "2020-01-01" }\n  ]\n}\n',
      'AGENTS.md': agents,
    });
    const r = runCli(expired, ['-f', 'json']);
    expect(r.status).toBe(1);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: Record<string, unknown>[] }[];
    expect(results.map((x) => path.basename(x.filePath))).toEqual(['.agents-lint.json', 'AGENTS.md']);
    expect(results[0]?.messages).toEqual([
      {
        ruleId: null,
        severity: 2,
        message: 'The config "ignores" entry for AGENTS.md expired on 2020-01-01; fix the findings it hid or extend the date.',
        line: 5,
        column: 5,
        endLine: 5,
        endColumn: 89,
        messageId: 'expiredIgnore',
        data: { files: ['AGENTS.md'], until: '2020-01-01' },
      },
    ]);
    // The expired entry no longer hides anything.
    expect(lines(r.stdout)).toContain('AGENTS.md:3:1 no-hidden-instructions/hiddenHtml');
  });

  it('a plain glob hides every finding in matching files; a rule list hides only those rules', () => {
    const dir = tempRepo({ '.agents-lint.json': '{ "root": true, "ignores": ["docs/**", { "files": "pkg/AGENTS.md", "rules": ["no-empty-instructions"] }] }', 'AGENTS.md': '# Rules\n', 'docs/AGENTS.md': '', 'pkg/AGENTS.md': '\n<div hidden>legacy hidden note</div>\n' });
    expect(lines(runCli(dir, ['-f', 'json']).stdout)).toEqual(['AGENTS.md:2:1 no-hidden-instructions/hiddenHtml']);
  });

  it('an ignores key in package.json points at package.json', () => {
    const dir = tempRepo({
      '.agents-lint.json': '',
      'package.json': '{\n  "name": "x",\n  "agents-lint": { "root": true, "ignores": [{ "files": "AGENTS.md", "until": "2001-02-03" }] }\n}\n',
      'AGENTS.md': '# Rules\n',
    });
    fs.rmSync(path.join(dir, '.agents-lint.json'));
    const r = runCli(dir, ['-f', 'json']);
    const results = JSON.parse(r.stdout) as { filePath: string; messages: { line: number; column: number; messageId: string }[] }[];
    expect(results.map((x) => [path.basename(x.filePath), x.messages.map((m) => `${m.line}:${m.column} ${m.messageId}`)])).toEqual([['package.json', ['3:46 expiredIgnore']]]);
  });
});
