import rule from '../../rules/no-unknown-binary.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-unknown-binary';

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-npx-and-scripts` },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-npx-and-scripts`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 5, endLine: 4, endColumn: 9, messageId: 'unknownBinary', data: { tool: 'npx', name: 'jest', what: 'download', where: 'the dependencies of package.json and node_modules/.bin', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 5, endLine: 5, endColumn: 11, messageId: 'unknownBinary', data: { tool: 'npx', name: 'eslint', what: 'download', where: 'the dependencies of package.json and node_modules/.bin', suggestion: '' } },
        { file: 'AGENTS.md', line: 6, column: 1, endLine: 6, endColumn: 21, messageId: 'missingLocalScript', data: { tool: './scripts/publish.sh', name: './scripts/publish.sh', what: 'script', where: 'scripts', suggestion: './scripts/release.sh' } },
        { file: 'AGENTS.md', line: 7, column: 6, endLine: 7, endColumn: 25, messageId: 'missingLocalScript', data: { tool: 'node', name: 'scripts/gen-doc.mjs', what: 'script', where: 'scripts', suggestion: 'scripts/gen-docs.mjs' } },
      ],
    },
  ],
});

