import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeRepo, removeRepo, runCli } from '../helpers/temp-repo.js';
import { STAGING_PREFIX } from '../../src/repo/atomic-write.js';
import { lint } from '../../src/engine/lint.js';
import { applyFixes, planFixes } from '../../src/engine/fix.js';

const made: string[] = [];
afterAll(() => made.forEach(removeRepo));

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

describe('--fix', () => {
  it('rewrites atomically, keeps the mode, leaves no temporary file, and a second --fix changes nothing', () => {
    const root = makeRepo({ 'AGENTS.md': Buffer.concat([BOM, Buffer.from('# Rules\n\nRun\u200b `npm test` before each commit.\n')]) });
    made.push(root);
    const file = path.join(root, 'AGENTS.md');
    chmodSync(file, 0o640);
    const fixed = runCli(['--fix', root]);
    expect([fixed.code, fixed.stderr]).toEqual([0, 'agents-lint: fixed 2 problems in AGENTS.md\n']);
    expect(readFileSync(file, 'utf8')).toBe('# Rules\n\nRun `npm test` before each commit.\n');
    expect(statSync(file).mode & 0o777).toBe(0o640);
    expect(readdirSync(root).filter((f) => f.startsWith(STAGING_PREFIX) || (f.includes('agents-lint') && f.endsWith('.tmp')))).toEqual([]);
    const before = statSync(file).mtimeMs;
    expect(runCli(['--fix', root])).toMatchObject({ code: 0, stderr: '' });
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it('refuses to fix a file saved between the lint and the fix, whose ranges no longer hold', async () => {
    const root = makeRepo({ 'AGENTS.md': '# Rules\n\nRun\u200b `npm test` before each commit.\n' });
    made.push(root);
    const { diagnostics } = await lint({ paths: [root], root });
    const fixable = diagnostics.filter((d) => d.fix);
    expect(fixable.map((d) => d.ruleId)).toEqual(['no-hidden-instructions']);
    expect([...planFixes(root, fixable)].map((p) => ('refused' in p ? p.refused : p.accepted.length))).toEqual([1]);
    // Saved by an editor meanwhile: one byte more before the zero-width space moves every offset after it.
    writeFileSync(path.join(root, 'AGENTS.md'), '# Rules!\n\nRun\u200b `npm test` before each commit.\n');
    expect([...planFixes(root, fixable)]).toEqual([{ file: 'AGENTS.md', refused: 'changed since it was linted; run --fix again' }]);
    expect(applyFixes(root, fixable)).toMatchObject({ written: [], refused: [{ file: 'AGENTS.md', reason: 'changed since it was linted; run --fix again' }] });
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toBe('# Rules!\n\nRun\u200b `npm test` before each commit.\n');
  });

  it('refuses to fix a file larger than what content rules read, and leaves it as it is', () => {
    // Past the limit in one code block: cheap to parse, so the test times the refusal, not a big lint.
    const big = `# Rules\n\nRun\u200b the tests.\n\n\`\`\`text\n${'0123456789abcdef'.repeat(17_000)}\n\`\`\`\n`;
    const root = makeRepo({ 'AGENTS.md': big });
    made.push(root);
    const fixed = runCli(['--fix', root]);
    expect(fixed.stderr).toContain('agents-lint: did not fix AGENTS.md: it is larger than 262144 bytes, of which only the first were linted; fix it by hand\n');
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toBe(big);
  });

  it('fixes a file under a directory whose name is not UTF-8, leaving no temporary directory', () => {
    const root = makeRepo({ 'AGENTS.md': '# Root\n\nRun the tests.\n' });
    made.push(root);
    const dir = Buffer.from(`${root}/caf\xe9`, 'latin1');
    mkdirSync(dir);
    const file = Buffer.concat([dir, Buffer.from('/AGENTS.md')]);
    writeFileSync(file, Buffer.concat([BOM, Buffer.from('# Pkg\n\nRun `npm test`.\n')]));
    expect(runCli(['--fix', root]).code).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe('# Pkg\n\nRun `npm test`.\n');
    expect(readdirSync(dir)).toEqual(['AGENTS.md']);
  });

  it('never writes through a symlink, nor to a file outside the repository', () => {
    const outsideDir = mkdtempSync(path.join(tmpdir(), 'agents-lint-outside-'));
    made.push(outsideDir);
    const outside = path.join(outsideDir, 'AGENTS.md');
    const original = Buffer.concat([BOM, Buffer.from('# Shared\n\nRun `npm test`.\n')]);
    writeFileSync(outside, original);
    const root = makeRepo({ 'AGENTS.md': { symlink: outside } });
    made.push(root);
    const r = runCli(['--fix', root]);
    expect(r.stderr).toMatch(/did not fix AGENTS\.md: it is a symlink/);
    expect(readFileSync(outside)).toEqual(original);
  });

  it('without --fix nothing is written even when fixes exist', () => {
    const content = Buffer.concat([BOM, Buffer.from('# Rules\n')]);
    const root = makeRepo({ 'AGENTS.md': content });
    made.push(root);
    const mtime = statSync(path.join(root, 'AGENTS.md')).mtimeMs;
    expect(runCli([root]).code).toBe(1);
    expect(readFileSync(path.join(root, 'AGENTS.md'))).toEqual(content);
    expect(statSync(path.join(root, 'AGENTS.md')).mtimeMs).toBe(mtime);
  });
});

describe('odd file names', () => {
  it('a directory name that is not valid UTF-8 does not crash the lint', () => {
    const root = makeRepo({ 'AGENTS.md': '# Root\n\nRun `npm test`.\n' });
    made.push(root);
    const odd = Buffer.concat([Buffer.from(`${root}/`), Buffer.from([0x62, 0xff, 0x61, 0x64])]);
    mkdirSync(odd);
    writeFileSync(Buffer.concat([odd, Buffer.from('/AGENTS.md')]), '');
    for (const git of [false, true]) {
      if (git) execFileSync('git', ['init', '-q', root]);
      const r = runCli(['--format', 'json', root]);
      expect(r.stderr).not.toMatch(/\n\s+at /);
      expect([0, 1]).toContain(r.code);
      expect(() => JSON.parse(r.stdout)).not.toThrow();
    }
  });

  it('a file planted at the temporary name the fix once used does not stop the fix', async () => {
    const { lint } = await import('../../src/engine/lint.js');
    const { applyFixes } = await import('../../src/engine/fix.js');
    const root = makeRepo({ 'AGENTS.md': '# Rules\n\nRun\u200b `npm test`.\n' });
    made.push(root);
    writeFileSync(path.join(root, `.AGENTS.md.agents-lint-${process.pid}.tmp`), 'planted\n');
    const result = await lint({ paths: [root], codexHome: path.join(root, 'no-codex-home') });
    const outcome = applyFixes(result.root, result.diagnostics.filter((d) => d.fix));
    expect(outcome.written).toEqual(['AGENTS.md']);
    expect(readFileSync(path.join(root, 'AGENTS.md'), 'utf8')).toBe('# Rules\n\nRun `npm test`.\n');
    expect(readFileSync(path.join(root, `.AGENTS.md.agents-lint-${process.pid}.tmp`), 'utf8')).toBe('planted\n');
  });
});
