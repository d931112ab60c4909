import rule from '../../rules/no-duplicate-instructions.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { describe, expect, it } from 'vitest';

const F = 'rules/no-duplicate-instructions';
const chain = `${F}/invalid-repeated-in-chain`;

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-separate-chains`, name: 'sibling packages may repeat each other: no cwd loads both' },
    {
      fixture: `${F}/valid-copy-beyond-budget`,
      name: 'a copy past the budget cut never reaches the model',
      // 79 bytes for the root file leave 21 for services/billing/AGENTS.md: the cut falls before the statement ends.
      lint: { codexOverrides: ['project_doc_max_bytes=100'] },
    },
    {
      fixture: `${F}/valid-copy-beyond-budget`,
      name: 'a file dropped because the budget is spent is not loaded at all',
      lint: { codexOverrides: ['project_doc_max_bytes=79'] },
    },
  ],
  invalid: [
    {
      fixture: chain,
      name: 'exact (after case and punctuation) and near copies; short statements, headings and code blocks are ignored',
      errors: [
        {
          file: 'services/billing/AGENTS.md',
          line: 6,
          column: 3,
          endLine: 6,
          endColumn: 64,
          messageId: 'duplicate',
          data: { statement: 'run `pnpm test` from the repository root before every commit!', other: 'AGENTS.md', line: 8, cwds: '1 working directory (services/billing)' },
        },
        {
          file: 'services/billing/AGENTS.md',
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 98,
          messageId: 'nearDuplicate',
          data: {
            statement: 'Never mock the database in integration tests, use the Docker Compose stack in...',
            other: 'AGENTS.md',
            line: 9,
            cwds: '1 working directory (services/billing)',
            similarity: 92,
          },
        },
        {
          file: 'services/web/AGENTS.md',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 81,
          messageId: 'duplicate',
          data: { statement: 'Use TypeScript strict mode and ESM imports with `.js` suffixes in every package.', other: 'AGENTS.md', line: 13, cwds: '1 working directory (services/web)' },
        },
      ],
    },
    {
      fixture: chain,
      name: 'similarity 1 keeps only exact copies',
      options: { similarity: 1 },
      errors: [
        { file: 'services/billing/AGENTS.md', line: 6, column: 3, endLine: 6, endColumn: 64, messageId: 'duplicate' },
        { file: 'services/web/AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 81, messageId: 'duplicate' },
      ],
    },
    {
      fixture: chain,
      name: 'minWords 3 also reports "Run the tests."',
      options: { minWords: 3, similarity: 1 },
      errors: [
        { file: 'services/billing/AGENTS.md', line: 5, column: 3, endLine: 5, endColumn: 17, messageId: 'duplicate' },
        { file: 'services/billing/AGENTS.md', line: 6, column: 3, endLine: 6, endColumn: 64, messageId: 'duplicate' },
        { file: 'services/web/AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 81, messageId: 'duplicate' },
      ],
    },
  ],
});

describe('no-duplicate-instructions related locations', () => {
  it('points at the shallower copy', async () => {
    const [first] = await runRule(rule, { fixture: chain });
    expect(first?.related).toEqual([{ file: 'AGENTS.md', line: 8, column: 3, message: 'the other copy' }]);
  });
});
