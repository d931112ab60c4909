import * as path from 'node:path';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-shadowed-instructions.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-shadowed-instructions';

testRule(rule, {
  valid: [{ fixture: `${F}/valid-one-per-directory`, name: 'one candidate per directory, a fallback where AGENTS.md is missing' }],
  invalid: [
    {
      fixture: `${F}/invalid-override`,
      errors: [
        {
          file: 'packages/api/AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'shadowed',
          data: { file: 'packages/api/AGENTS.md', winner: 'packages/api/AGENTS.override.md' },
        },
      ],
    },
    {
      // An override made from AGENTS.md and left behind: one line changed since.
      fixture: `${F}/invalid-stale-override`,
      name: 'an override that is a drifted copy of the AGENTS.md it hides says what changed',
      errors: [
        {
          file: 'AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'shadowed',
          data: { file: 'AGENTS.md', winner: 'AGENTS.override.md', drift: ' AGENTS.override.md is a copy of it that has drifted: 1 of its lines is missing there (first at AGENTS.md:5) and 1 is the copy\'s own.' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-fallback`,
      name: 'a configured fallback beside AGENTS.md is never read',
      errors: [{ file: 'CLAUDE.md', line: 1, column: 1, endLine: 1, endColumn: 1, messageId: 'shadowed', data: { file: 'CLAUDE.md', winner: 'AGENTS.md' } }],
    },
    {
      fixture: `${F}/invalid-empty-override`,
      name: 'an override of U+3000, tab and newlines (Rust whitespace) silences AGENTS.md',
      errors: [
        {
          file: 'packages/api/AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'shadowedByEmpty',
          data: { file: 'packages/api/AGENTS.md', winner: 'packages/api/AGENTS.override.md', size: 6, tracked: true },
        },
      ],
    },
  ],
});

describe('no-shadowed-instructions details', () => {
  it('names the shadowing file as the related location', async () => {
    const [d] = await runRule(rule, { fixture: `${F}/invalid-override` });
    expect(d?.related).toEqual([{ file: 'packages/api/AGENTS.override.md', line: 1, column: 1, message: 'selected by Codex instead of packages/api/AGENTS.md' }]);
  });

  it('sees a gitignored local override through discovery probes', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'agents-lint-shadow-'));
    try {
      cpSync(path.join(FIXTURES, `${F}/valid-one-per-directory`), copy, { recursive: true });
      writeFileSync(path.join(copy, '.gitignore'), '/AGENTS.override.md\n');
      writeFileSync(path.join(copy, 'AGENTS.override.md'), '');
      const diagnostics = await runRule(rule, { fixture: path.relative(FIXTURES, copy) });
      expect(diagnostics.map((d) => ({ file: d.file, messageId: d.messageId, data: d.data }))).toEqual([
        { file: 'AGENTS.md', messageId: 'shadowedByEmpty', data: { file: 'AGENTS.md', winner: 'AGENTS.override.md', size: 0, tracked: false } },
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
