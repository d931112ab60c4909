import rule from '../../rules/no-near-budget.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-near-budget';
const chain = 'AGENTS.md → packages/api/AGENTS.md';

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-room`, name: 'a chain at 31% of a 256-byte budget' },
    // At 95% the same chain is under the configured share.
    { fixture: `${F}/invalid-near`, name: 'a higher share', options: { share: 0.95 } },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-near`,
      // 79 + 153 = 232 of 256 bytes: 91%, over the default 90%; 25 more bytes and the API file is cut.
      name: 'a chain at 91% of a 256-byte budget, reported once at its last file',
      errors: [
        {
          file: 'packages/api/AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'nearBudget',
          data: { file: 'packages/api/AGENTS.md', used: 232, budget: 256, share: '91%', cwds: '1 working directory (packages/api)', count: 1, chain, left: 25 },
        },
      ],
    },
  ],
});
