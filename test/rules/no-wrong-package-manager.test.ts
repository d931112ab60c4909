import rule from '../../rules/no-wrong-package-manager.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-wrong-package-manager';

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-pnpm` },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-package-manager-field`,
      errors: [
        { file: 'packages/lib/AGENTS.md', line: 3, column: 13, endLine: 3, endColumn: 17, messageId: 'wrongPackageManager', data: { used: 'yarn', expected: 'pnpm', evidence: '"packageManager" in package.json' } },
        { file: 'packages/lib/AGENTS.md', line: 3, column: 42, endLine: 3, endColumn: 46, messageId: 'wrongPackageManager', data: { used: 'bun', expected: 'pnpm', evidence: '"packageManager" in package.json' } },
      ],
    },
    {
      fixture: `${F}/invalid-yarn-lockfile`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 1, endLine: 4, endColumn: 4, messageId: 'wrongPackageManager', data: { used: 'npm', expected: 'yarn', evidence: 'yarn.lock' } },
        { file: 'AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 4, messageId: 'wrongPackageManager', data: { used: 'npm', expected: 'yarn', evidence: 'yarn.lock' } },
      ],
    },
  ],
});

