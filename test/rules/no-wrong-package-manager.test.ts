import rule from '../../rules/no-wrong-package-manager.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-wrong-package-manager';

testRule(rule, {
  valid: [
    // Prohibitions, a global install, `npm run` (no lockfile written), and installs the text describes
    // the product doing (after a dash, "via", into another prefix).
    { fixture: `${F}/valid-pnpm` },
    // Commands introduced as examples ("e.g.", "for example", "such as") illustrate a pattern.
    { fixture: `${F}/valid-yarn-examples` },
    // Installing the repository's own published packages is setup for their users.
    { fixture: `${F}/valid-pnpm-own-package` },
  ],
  invalid: [
    {
      // A private workspace package is no user's install, and zod is no package of this repository.
      fixture: `${F}/invalid-pnpm-not-own-package`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 1, endLine: 4, endColumn: 4, messageId: 'wrongPackageManager', data: { used: 'npm', expected: 'pnpm', evidence: 'pnpm-lock.yaml', effect: 'It writes a second lockfile and a different dependency tree' } },
        { file: 'AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 4, messageId: 'wrongPackageManager', data: { used: 'npm', expected: 'pnpm', evidence: 'pnpm-lock.yaml', effect: 'It writes a second lockfile and a different dependency tree' } },
      ],
    },
    {
      fixture: `${F}/invalid-package-manager-field`,
      // Corepack refuses `yarn build` where packageManager says pnpm; `bunx vite` writes no lockfile.
      errors: [
        {
          file: 'packages/lib/AGENTS.md',
          line: 3,
          column: 13,
          endLine: 3,
          endColumn: 17,
          messageId: 'wrongPackageManager',
          data: { used: 'yarn', expected: 'pnpm', evidence: '"packageManager" in package.json', effect: 'Corepack refuses yarn in this project' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-yarn-lockfile`,
      errors: [
      // `npm install` writes package-lock.json beside yarn.lock; `npm run build` writes nothing.
        {
          file: 'AGENTS.md',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 4,
          messageId: 'wrongPackageManager',
          data: { used: 'npm', expected: 'yarn', evidence: 'yarn.lock', effect: 'It writes a second lockfile and a different dependency tree' },
        },
      ],
    },
  ],
});

