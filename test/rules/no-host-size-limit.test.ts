import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-host-size-limit.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-host-size-limit';
const base = { host: '', who: '', size: 0, limit: 0, unit: 'characters', cwds: '', lost: '' };

testRule(rule, {
  valid: [{ fixture: `${F}/valid-small`, name: 'a short AGENTS.md under every host ("hosts": ["all"])' }],
  invalid: [
    {
      fixture: `${F}/invalid-limits`,
      // No Copilot code-review limit: GitHub no longer documents its 4 000 characters (src/discovery/hosts/copilot.ts).
      name: 'Windsurf 12 000, Claude Code 40 000 (warning at start, cut when nested); no Copilot limit',
      errors: [
        { file: 'AGENTS.md', line: 275, column: 25, endLine: 275, endColumn: 25, messageId: 'cut', data: { ...base, file: 'AGENTS.md', host: 'windsurf', who: 'Windsurf', size: 12346, limit: 12000, cwds: '2 working directories', lost: ' (sections: Root, Late)' } },
        { file: 'apps/web/CLAUDE.md', line: 1, column: 1, endLine: 1, endColumn: 1, messageId: 'fileWarning', data: { ...base, file: 'apps/web/CLAUDE.md', host: 'claude-code', who: 'Claude Code', size: 44035, limit: 40000, cwds: '1 working directory' } },
        // Loaded from the root when a file below is read: cut at the last "\n" before 40 000 (offset 39958).
        { file: 'apps/web/CLAUDE.md', line: 910, column: 44, endLine: 910, endColumn: 44, messageId: 'cut', data: { ...base, file: 'apps/web/CLAUDE.md', host: 'claude-code', who: 'Claude Code', size: 44035, limit: 40000, cwds: '1 working directory', lost: ' (sections: Web, Late section)' } },
      ],
    },
  ],
});

describe('no-host-size-limit (in memory)', () => {
  it('Claude Code skips a file over 4 MiB and warns on a total over 120 000 characters', async () => {
    const root = path.join(FIXTURES, F, 'memory');
    const fs = new MemoryFileSystem({
      [`${root}/.agents-lint.json`]: '{ "root": true }',
      [`${root}/CLAUDE.md`]: 'x'.repeat(4 * 1024 * 1024 + 1),
      [`${root}/pkg/CLAUDE.md`]: 'a'.repeat(35_000),
      [`${root}/pkg/.claude/CLAUDE.md`]: 'b'.repeat(36_000),
      [`${root}/pkg/CLAUDE.local.md`]: 'c'.repeat(35_000),
      [`${root}/pkg/.claude/rules/style.md`]: 'd'.repeat(35_000),
    });
    // The engine itself notes that it caps content checks of the 4 MiB file; only this rule's findings matter here.
    // The working directories are . and pkg: pkg/.claude is Claude Code's config directory, where nobody starts it.
    const ds = (await runRule(rule, { fixture: `${F}/memory`, lint: { fs } })).filter((d) => d.ruleId === rule.id);
    expect(ds.map((d) => ({ file: d.file, line: d.line, column: d.column, messageId: d.messageId, data: d.data }))).toEqual([
      { file: 'CLAUDE.md', line: 1, column: 1, messageId: 'skipped', data: { ...base, file: 'CLAUDE.md', host: 'claude-code', who: 'Claude Code', size: 4194305, limit: 4194304, unit: 'bytes', cwds: '2 working directories' } },
      { file: 'pkg/.claude/CLAUDE.md', line: 1, column: 1, messageId: 'totalWarning', data: { ...base, file: 'pkg/.claude/CLAUDE.md', host: 'claude-code', who: 'Claude Code', size: 141_000, limit: 120_000, cwds: '1 working directory' } },
    ]);
    for (const d of ds) expect(d.message).toMatch(/Claude Code/);
  });

  it("does not warn that a file is large where Codex cuts it (no-truncated-instructions' error), and does where Codex is not in use", async () => {
    const root = path.join(FIXTURES, F, 'memory-cut');
    const big = `# Rules\n\n${'Run the unit tests before each commit.\n'.repeat(1100)}`;
    const withCodex = new MemoryFileSystem({ [`${root}/.agents-lint.json`]: '{ "root": true }', [`${root}/AGENTS.md`]: big, [`${root}/CLAUDE.md`]: '@AGENTS.md\n' });
    const ids = async (fs: MemoryFileSystem) => (await runRule(rule, { fixture: `${F}/memory-cut`, lint: { fs } })).filter((d) => d.ruleId === rule.id).map((d) => `${d.file} ${d.messageId}`);
    expect(await ids(withCodex)).toEqual([]);
    const claudeOnly = new MemoryFileSystem({ [`${root}/.agents-lint.json`]: '{ "root": true }', [`${root}/CLAUDE.md`]: big });
    expect(await ids(claudeOnly)).toEqual(['CLAUDE.md fileWarning']);
  });
});
