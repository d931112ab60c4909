import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-invalid-manifest.js';
import noMissingPath from '../../rules/no-missing-path.js';
import { lint } from '../../src/engine/lint.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-invalid-manifest';

testRule(rule, {
  valid: [{ fixture: `${F}/valid-workspace` }, { fixture: `${F}/valid-broken-test-fixture` }],
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

describe('no-invalid-manifest beside the rules that scan every package.json', () => {
  it('does not report a broken package.json that only a bulk scan read (a test fixture in no workspace)', async () => {
    const root = path.join(FIXTURES, `${F}/valid-broken-test-fixture`);
    // no-missing-path asks whether some package.json names `left-pad`: every package.json is read.
    const result = await lint({ paths: [root], root, codexHome: EMPTY_CODEX_HOME, rules: [noMissingPath, rule] });
    expect(result.diagnostics.filter((d) => d.ruleId === 'no-invalid-manifest')).toEqual([]);
    expect(result.diagnostics.filter((d) => d.ruleId === 'no-missing-path').map((d) => d.line)).toEqual([4]);
  });
});
