import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, removeRepo, runCli, type TreeEntry } from '../helpers/temp-repo.js';

const made: string[] = [];
afterAll(() => made.forEach(removeRepo));

interface Result {
  filePath: string;
  messages: { ruleId: string | null; line: number; column: number; endLine: number; endColumn: number; message: string; fatal?: boolean; messageId: string }[];
}

/** Lints a repository and checks the invariants every run must keep, whatever the input. */
function lintRepo(files: Record<string, TreeEntry>, options: { git?: boolean; env?: NodeJS.ProcessEnv; args?: string[] } = {}) {
  const root = makeRepo(files, { git: options.git });
  made.push(root);
  const r = runCli(['--format', 'json', ...(options.args ?? []), root], { env: options.env });
  expect(r.stderr).not.toMatch(/\n\s+at /);
  expect([0, 1]).toContain(r.code);
  const results = JSON.parse(r.stdout) as Result[];
  for (const result of results) {
    let lineCount = 1;
    try {
      // Never open a FIFO here either: the test would block where the linter must not.
      if (statSync(result.filePath).isFile()) lineCount = readFileSync(result.filePath, 'latin1').split(/\r\n|\r|\n/).length;
    } catch {
      // not a regular file (a loop or a directory): positions are 1:1
    }
    for (const m of result.messages) {
      expect(m.fatal, m.message).toBeUndefined();
      expect(m.line).toBeGreaterThanOrEqual(1);
      expect(m.endLine).toBeGreaterThanOrEqual(m.line);
      expect(m.endLine).toBeLessThanOrEqual(lineCount);
      expect(m.column).toBeGreaterThanOrEqual(1);
    }
  }
  return { root, code: r.code, stderr: r.stderr, results, messages: results.flatMap((x) => x.messages.map((m) => ({ ...m, file: path.relative(root, x.filePath) }))) };
}

const big = (n: number, unit: string) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);

describe('bad instruction-file content never crashes the linter', () => {
  it.each<[string, TreeEntry]>([
    ['empty', ''],
    ['exotic whitespace only', '\u3000\u0085\u00a0\u2028\n'],
    ['binary bytes', Uint8Array.from({ length: 4096 }, (_, i) => (i * 131) % 256)],
    ['NUL bytes', Buffer.from('# Rules\n\0\0\0 run tests\n')],
    ['UTF-16 LE with BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Rules\r\n\r\nRun `npm test`.\r\n', 'utf16le')])],
    ['UTF-16 LE without BOM', Buffer.from('# Rules\n\nRun `npm test`.\n', 'utf16le')],
    ['UTF-16 BE with BOM', Buffer.from([0xfe, 0xff, 0x00, 0x23, 0x00, 0x20, 0x00, 0x52, 0x00, 0x0a])],
    ['CRLF', '# Rules\r\n\r\n- Run `npm test`.\r\n'],
    ['lone CR', '# Rules\r\r- Run `npm test`.\r'],
    ['100,000 lines', big(100_000 * 12, '- item line\n')],
    ['a single 10 MB line', big(10 * 1024 * 1024, 'word ')],
    ['10,000 nested lists', Array.from({ length: 10_000 }, (_, i) => `${'  '.repeat(i)}- x`).join('\n')],
    ['10,000 nested blockquotes', `${'>'.repeat(10_000)} deep\n`],
    ['10,000 open brackets', `${'['.repeat(10_000)}x\n`],
    ['long emphasis runs', `${'*a '.repeat(50_000)}\n${'_'.repeat(100_000)}\n`],
  ])('%s', (_name, content) => {
    lintRepo({ 'AGENTS.md': content, 'pkg/AGENTS.md': '# Package\n\nRun `npm test` here.\n' });
  });

  it('invalid UTF-8 at every position of a short file', () => {
    const base = Buffer.from('# Rules\n\n- Run `npm test` before each commit.\n');
    const files: Record<string, TreeEntry> = {};
    for (let i = 0; i <= base.length; i++) files[`p${i}/AGENTS.md`] = Buffer.concat([base.subarray(0, i), Buffer.from([0xc3]), base.subarray(i)]);
    lintRepo(files);
  });

  it('a 100 MB instruction file is linted in bounded time and memory', () => {
    const r = lintRepo({ 'AGENTS.md': big(100 * 1024 * 1024, '- Run `npm test` before you commit a change.\n') });
    expect(r.messages.some((m) => m.ruleId === 'no-truncated-instructions' || m.messageId === 'contentCapped')).toBe(true);
  });
});

describe('hostile file systems', () => {
  it.each<[string, Record<string, TreeEntry>]>([
    ['a symlink loop named AGENTS.md', { 'AGENTS.md': { symlink: 'AGENTS.md' }, 'a/AGENTS.md': '# A\n\nRun `npm test`.\n' }],
    ['a dangling symlink', { 'AGENTS.md': { symlink: 'missing.md' } }],
        ['a directory named AGENTS.md', { 'AGENTS.md/x.md': '# not instructions\n', 'CLAUDE.md': '# C\n' }],
    ['a FIFO named AGENTS.md', { 'AGENTS.md': { fifo: true }, 'a/AGENTS.md': '# A\n\nRun `npm test`.\n' }],
    ['file names with spaces and newlines', { 'my dir/AGENTS.md': '# Spaces\n', 'odd\nname/AGENTS.md': '# Newline\n' }],
    ['200-level deep directories', { [`${Array.from({ length: 200 }, (_, i) => `d${i}`).join('/')}/AGENTS.md`]: '# Deep\n\nRun `npm test`.\n' }],
  ])('%s (walk and git)', (_name, files) => {
    lintRepo(files);
    lintRepo(files, { git: true });
  });

  it('a symlink to a file outside the repository is not read (other than what Codex reads)', () => {
    const outside = path.join(mkdtempSync(path.join(tmpdir(), 'agents-lint-outside-')), 'secret.md');
    made.push(path.dirname(outside));
    writeFileSync(outside, '# not for the linter\n\nsk-proj-0000000000000000000000000000000000000000\n');
    const r = lintRepo({ 'CLAUDE.md': { symlink: outside }, 'AGENTS.md': '# R\n\nRun `npm test`.\n' });
    const onLink = r.messages.filter((m) => m.file === 'CLAUDE.md');
    expect(onLink.map((m) => m.messageId)).toContain('outsideRepository');
    // Nothing from the target's content reaches a report (no secret finding, no quoted text).
    expect(onLink.some((m) => m.ruleId === 'no-secrets' || m.message.includes('not for the linter'))).toBe(false);
  });

  it('no git installed: falls back to a walk', () => {
    const r = lintRepo({ 'AGENTS.md': '', '.gitignore': 'ignored/\n', 'ignored/AGENTS.md': '' }, { git: true, env: { PATH: '/nonexistent' } });
    expect(r.messages.map((m) => m.file)).toEqual(['AGENTS.md']);
    expect(r.stderr).toBe('agents-lint: warning: git could not list the repository, so its work tree was walked instead (honouring .gitignore files): git is not installed or not on PATH.\n');
  });

  it('a corrupt .git: falls back to a walk that honours .gitignore', () => {
    const r = lintRepo({ '.git': 'gitdir: /nonexistent/path\n', 'AGENTS.md': '', '.gitignore': 'ignored/\n', 'ignored/AGENTS.md': '' });
    expect(r.messages.map((m) => m.file)).toEqual(['AGENTS.md']);
    expect(r.stderr).toContain('git said: fatal: not a git repository: /nonexistent/path');
  });
});

describe('bad manifests', () => {
  it('invalid JSON, YAML and TOML are located diagnostics', () => {
    const r = lintRepo({
      'AGENTS.md': '# R\n\nRun `npm test`.\n',
      'package.json': '{ "workspaces": [ }',
      'pnpm-workspace.yaml': 'packages: [\n',
      'Cargo.toml': '[workspace\n',
    });
    const files = r.messages.filter((m) => m.ruleId === 'no-invalid-manifest').map((m) => m.file);
    expect(files).toEqual(['Cargo.toml', 'package.json', 'pnpm-workspace.yaml']);
  });

  it('a huge manifest is reported, not parsed', () => {
    const r = lintRepo({ 'AGENTS.md': '# R\n\nRun `npm test`.\n', 'package.json': `{"workspaces":["a"],"x":"${'y'.repeat(17 * 1024 * 1024)}"}` });
    expect(r.messages.find((m) => m.ruleId === 'no-invalid-manifest')?.message).toMatch(/over the \d+-byte limit/);
  });
});
