import * as fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, tempRepo } from '../integration/repo.js';

// Small files that once took minutes (issue 33, item 7): work per byte is bounded, and a file that
// is not fully checked says so where it is.
const within = (ms: number, f: () => void) => {
  const started = Date.now();
  f();
  expect(Date.now() - started).toBeLessThan(ms);
};

describe('bounded work on small hostile files', () => {
  it('eight lines of a thousand nested list markers: a located "not parsed" warning, at once', () => {
    const line = `${'- '.repeat(1000)}x\n`;
    const dir = tempRepo({ 'AGENTS.md': `# Rules\n\n${line.repeat(8)}` });
    within(10_000, () => {
      const r = runCli(dir, ['-f', 'json']);
      const messages = (JSON.parse(r.stdout) as { messages: { message: string; line: number }[] }[])[0]?.messages ?? [];
      expect(messages.map((m) => [m.line, m.message.includes('could not be parsed')])).toEqual([[1, true]]);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('256 KiB of one repeated vague phrase, with no-vague-rules turned on', () => {
    const dir = tempRepo({ 'AGENTS.md': `# Rules\n\n${'follow best practices '.repeat(11_900)}\n` });
    within(10_000, () => {
      expect(runCli(dir, ['-f', 'json', '--rule', 'no-vague-rules:warn']).stderr).not.toContain('internal error');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('a Makefile line of 100,000 spaces and a justfile line of 200,000 letters', () => {
    const dir = tempRepo({
      'AGENTS.md': '# Rules\n\nRun `make build` and `just build`.\n',
      Makefile: `${' '.repeat(100_000)}x:=1\n`,
      justfile: `${'a'.repeat(200_000)}\n`,
    });
    within(10_000, () => {
      const r = runCli(dir, ['-f', 'json']);
      expect(r.status).toBe(1);
      expect(r.stdout).toContain('no-unknown-target');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);
});

describe('hostile manifests and config', () => {
  it('a YAML alias bomb in pnpm-workspace.yaml is one located finding, not a crash of every rule', () => {
    const bomb = ['a0: &a0 [x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 12; i++) bomb.push(`a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(', ')}]`);
    bomb.push('packages: *a11');
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun `pnpm build`.\n', 'package.json': '{ "name": "x", "scripts": { "build": "tsc" } }\n', 'pnpm-workspace.yaml': `${bomb.join('\n')}\n` });
    const r = runCli(dir, ['-f', 'json']);
    const messages = (JSON.parse(r.stdout) as { filePath: string; messages: { ruleId: string; line: number; message: string }[] }[]).flatMap((f) => f.messages);
    expect(messages.map((m) => [m.ruleId, m.line])).toEqual([['no-invalid-manifest', 1]]);
    expect(messages[0]?.message).toContain('invalid YAML');
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('a config nested 500,000 levels deep is a located usage error, not a stack overflow', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun the tests.\n', '.agents-lint.json': `${'['.repeat(500_000)}${']'.repeat(500_000)}\n` });
    const r = runCli(dir, []);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain('.agents-lint.json:1:65: nested more than 64 levels deep');
    expect(r.stderr).not.toContain('internal error');
    fs.rmSync(dir, { recursive: true, force: true });
  });
  it('config cwds outside the repository ("/", "../..") are a located usage error, never walked', () => {
    for (const cwd of ['/', '../..', '/etc', 'a/../../x']) {
      const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun the tests.\n', '.agents-lint.json': JSON.stringify({ cwds: [cwd] }) });
      within(10_000, () => {
        const r = runCli(dir, []);
        expect(r.status).toBe(2);
        expect(r.stderr).toContain(`.agents-lint.json: cwds.0: ${JSON.stringify(cwd)} is outside the repository`);
      });
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('--cwd outside the repository, or naming no directory, is a usage error', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun the tests.\n', 'apps/web/index.ts': '' });
    expect(runCli(dir, ['--cwd', '/']).stderr).toContain('--cwd / is outside the repository');
    const missing = runCli(dir, ['--cwd', 'apps/nope']);
    expect([missing.status, missing.stderr.trim()]).toEqual([2, 'agents-lint: --cwd apps/nope is not a directory in the repository.']);
    expect(runCli(dir, ['--cwd', 'apps/web']).status).toBe(0);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('unbounded files', () => {
  it('a 1 GiB CLAUDE.md (sparse) is reported too large for Claude Code without being read whole', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun the tests.\n', 'CLAUDE.md': '' });
    fs.truncateSync(`${dir}/CLAUDE.md`, 1024 ** 3);
    within(10_000, () => {
      const r = runCli(dir, ['-f', 'json']);
      const messages = (JSON.parse(r.stdout) as { messages: { ruleId: string | null; messageId: string }[] }[]).flatMap((f) => f.messages);
      expect(messages.filter((m) => m.ruleId === 'no-host-size-limit').map((m) => m.messageId)).toEqual(['skipped']);
      expect(r.stderr).not.toContain('internal error');
      expect(messages.some((m) => m.messageId === 'fatal')).toBe(false);
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);

  it('a 1 GiB package.json (sparse) is reported over the manifest limit from its size, without being read', () => {
    const dir = tempRepo({ 'AGENTS.md': '# Rules\n\nRun `npm test`.\n', 'package.json': '' });
    fs.truncateSync(`${dir}/package.json`, 1024 ** 3);
    within(10_000, () => {
      const r = runCli(dir, ['-f', 'json']);
      const messages = (JSON.parse(r.stdout) as { messages: { ruleId: string | null; message: string }[] }[]).flatMap((f) => f.messages);
      expect(messages.map((m) => m.ruleId)).toEqual(['no-invalid-manifest']);
      expect(messages[0]?.message).toContain('over the 16777216-byte limit');
    });
    fs.rmSync(dir, { recursive: true, force: true });
  }, 30_000);
});
