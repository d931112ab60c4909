import * as path from 'node:path';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-truncated-instructions.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-truncated-instructions';

testRule(rule, {
  valid: [{ fixture: `${F}/valid-under-budget` }],
  invalid: [
    {
      fixture: `${F}/invalid-cut`,
      name: 'a 256-byte budget cuts packages/api/AGENTS.md for two cwds and drops v2 for the deepest',
      errors: [
        {
          // Root 97 bytes + 159 bytes of the api file = 256: the cut falls on line 10, column 33.
          file: 'packages/api/AGENTS.md',
          line: 10,
          column: 33,
          endLine: 16,
          endColumn: 1,
          messageId: 'truncated',
          data: {
            file: 'packages/api/AGENTS.md',
            line: 10,
            column: 33,
            cwds: '2 working directories (packages/api, packages/api/v2)',
            count: 2,
            budget: 256,
            bytes: 301,
            lost: 142,
            sections: ' (sections cut or lost: "Conventions", "Releases")',
          },
        },
        {
          file: 'packages/api/v2/AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'dropped',
          data: { file: 'packages/api/v2/AGENTS.md', cwds: '1 working directory (packages/api/v2)', count: 1, budget: 256, spender: 'packages/api/AGENTS.md', spent: 159 },
        },
      ],
    },
    {
      fixture: `${F}/invalid-split-character`,
      name: 'a 40-byte budget ends after two of the three bytes of an em dash',
      errors: [
        {
          file: 'AGENTS.md',
          line: 3,
          column: 24,
          endLine: 5,
          endColumn: 1,
          messageId: 'splitCharacter',
          data: {
            file: 'AGENTS.md',
            line: 3,
            column: 24,
            cwds: '1 working directory (.)',
            count: 1,
            budget: 40,
            bytes: 121,
            lost: 81,
            sections: ' (sections cut or lost: "Style guide")',
          },
        },
      ],
    },
  ],
});

describe('no-truncated-instructions details', () => {
  it('points the dropped file at the file that spent the budget', async () => {
    const diagnostics = await runRule(rule, { fixture: `${F}/invalid-cut` });
    expect(diagnostics.find((d) => d.messageId === 'dropped')?.related).toEqual([
      { file: 'packages/api/AGENTS.md', line: 1, column: 1, message: 'spends 159 of the 256 bytes' },
    ]);
  });

  it('a budget raised on the command line makes the same chain fit', async () => {
    expect(await runRule(rule, { fixture: `${F}/invalid-cut`, lint: { codexOverrides: ['project_doc_max_bytes=447'] } })).toEqual([]);
  });

  it('one byte less than the chain needs cuts the last file at its last byte', async () => {
    // 97 + 301 + 49 = 447 bytes of files: 446 leaves the final newline of v2/AGENTS.md out.
    const diagnostics = await runRule(rule, { fixture: `${F}/invalid-cut`, lint: { codexOverrides: ['project_doc_max_bytes=446'] } });
    expect(diagnostics.map((d) => [d.file, d.line, d.column, d.messageId, d.data['lost']])).toEqual([['packages/api/v2/AGENTS.md', 3, 39, 'truncated', 1]]);
  });

  it('reports the cut in a gitignored file that Codex still loads, at its line and column', async () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'agents-lint-trunc-'));
    try {
      cpSync(path.join(FIXTURES, `${F}/invalid-cut`), copy, { recursive: true });
      writeFileSync(path.join(copy, '.gitignore'), 'packages/api/AGENTS.md\n');
      const diagnostics = await runRule(rule, { fixture: path.relative(FIXTURES, copy) });
      // packages/api is no longer a simulated cwd (no indexed instruction file), but v2's chain reads it.
      expect(diagnostics.map((d) => [d.file, d.line, d.column, d.endLine, d.endColumn, d.messageId, d.data['count']])).toEqual([
        ['packages/api/AGENTS.md', 10, 33, 10, 33, 'truncated', 1],
        ['packages/api/v2/AGENTS.md', 1, 1, 1, 1, 'dropped', 1],
      ]);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });
});
