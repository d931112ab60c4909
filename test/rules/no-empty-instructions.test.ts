import rule from '../../rules/no-empty-instructions.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-empty-instructions';

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-content` },
    // Codex keeps U+FEFF (not Rust whitespace): the file is not empty to it.
    { fixture: `${F}/valid-bom-only`, name: 'a BOM-only file is not empty to Codex' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-empty`,
      errors: [{ file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 1, messageId: 'empty', data: { file: 'AGENTS.md', size: 0 } }],
    },
    {
      fixture: `${F}/invalid-whitespace-override`,
      name: 'a whitespace-only override hides the AGENTS.md beside it',
      errors: [
        {
          file: 'packages/api/AGENTS.override.md',
          line: 1,
          column: 1,
          endLine: 3,
          endColumn: 1,
          messageId: 'emptyOverride',
          data: { file: 'packages/api/AGENTS.override.md', size: 4, shadowed: 'packages/api/AGENTS.md' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-unicode-whitespace`,
      name: 'U+0085, U+3000 and U+00A0 are whitespace to Rust',
      errors: [{ file: 'AGENTS.md', line: 1, column: 1, endLine: 2, endColumn: 1, messageId: 'empty', data: { file: 'AGENTS.md', size: 8 } }],
    },
  ],
});
