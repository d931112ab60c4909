import rule from '../../rules/no-invalid-manifest.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-invalid-manifest';

testRule(rule, {
  valid: [{ fixture: `${F}/valid-workspace` }],
  invalid: [
    {
      fixture: `${F}/invalid-package-json`,
      name: 'a trailing comma in package.json',
      errors: [
        {
          file: 'package.json',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 1,
          messageId: 'invalidManifest',
          data: { file: 'package.json', problem: 'invalid JSON: property name expected' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-pnpm-workspace`,
      name: 'an unclosed quote in pnpm-workspace.yaml',
      errors: [
        {
          file: 'pnpm-workspace.yaml',
          line: 4,
          column: 1,
          endLine: 4,
          endColumn: 1,
          messageId: 'invalidManifest',
          data: { file: 'pnpm-workspace.yaml', problem: 'invalid YAML: Missing closing "quote' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-cargo-toml`,
      name: 'an unclosed array in Cargo.toml',
      errors: [
        {
          file: 'Cargo.toml',
          line: 3,
          column: 1,
          endLine: 3,
          endColumn: 1,
          messageId: 'invalidManifest',
          data: { file: 'Cargo.toml', problem: 'invalid TOML: Invalid TOML document: expected comma or end of structure' },
        },
      ],
    },
  ],
});
