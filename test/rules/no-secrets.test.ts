import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-secrets.js';
import { maskSecret } from '../../src/secrets/scan.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-secrets';
const file = 'AGENTS.md';
const github = 'GitHub Token (GitHub personal access tokens)';

testRule(rule, {
  valid: [
    // Environment-variable references, a `${VAR}` password, and AWS's documented example key.
    { fixture: `${F}/valid-references` },
    { fixture: `${F}/valid-allowed-test-key`, name: 'a revoked token listed in the config option "allow"' },
    // Talk of keys and tokens with none of the literals a preset rule needs: secretlint is not run.
    { fixture: `${F}/valid-no-trigger`, name: 'a file the prefilter clears' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-leaked-keys`,
      name: 'an OpenAI project key, an AWS key pair and a GitHub token',
      errors: [
        { file, line: 12, column: 23, endLine: 12, endColumn: 187, messageId: 'secret', data: { kind: 'OpenAI API token', masked: 'sk-p****' } },
        { file, line: 13, column: 26, endLine: 13, endColumn: 46, messageId: 'secret', data: { kind: 'AWS Access Key ID', masked: 'AKIA****' } },
        // secretlint reports this one from the start of the variable name; the range is moved onto the key.
        { file, line: 14, column: 30, endLine: 14, endColumn: 70, messageId: 'secret', data: { kind: 'AWS Secret Access Key', masked: 'fake****' } },
        { file, line: 17, column: 63, endLine: 17, endColumn: 103, messageId: 'secret', data: { kind: github, masked: 'ghp_****' } },
      ],
    },
    {
      fixture: `${F}/invalid-private-key-and-database`,
      name: 'a PostgreSQL URL and an https URL with passwords, an OpenSSH private key',
      errors: [
        { file, line: 3, column: 28, endLine: 3, endColumn: 105, messageId: 'connectionString', data: { kind: 'PostgreSQL connection string', masked: 'Fake****' } },
        { file, line: 4, column: 29, endLine: 4, endColumn: 82, messageId: 'connectionString', data: { kind: 'basic auth credential', masked: 'fake****' } },
        { file, line: 8, column: 1, endLine: 12, endColumn: 34, messageId: 'privateKey', data: { kind: 'private key', header: '-----BEGIN OPENSSH PRIVATE KEY-----' } },
      ],
    },
    {
      fixture: `${F}/valid-allowed-test-key`,
      name: 'without the config option the same token is reported',
      options: { allow: [] },
      errors: [{ file, line: 4, column: 1, endLine: 4, endColumn: 41, messageId: 'secret', data: { kind: github, masked: 'ghp_****' } }],
    },
  ],
});

describe('maskSecret', () => {
  it('keeps at most 4 characters and at most a quarter of the secret', () => {
    expect(maskSecret('ghp_FAKEfakeNotARealToken0FAKEfakeNotARe')).toBe('ghp_****');
    expect(maskSecret('hunter2-prod')).toBe('hun****');
    expect(maskSecret('abc')).toBe('****');
  });
});

describe('no-secrets messages', () => {
  it('never contain more than the first 4 characters of a reported secret', async () => {
    const fixture = `${F}/invalid-leaked-keys`;
    const lines = readFileSync(path.join(FIXTURES, fixture, file), 'utf8').split('\n');
    const diagnostics = await runRule(rule, { fixture });
    expect(diagnostics).toHaveLength(4);
    for (const d of diagnostics) {
      const secret = (lines[d.line - 1] ?? '').slice(d.column - 1, d.endColumn - 1);
      expect(secret.length).toBeGreaterThanOrEqual(20);
      expect(d.message).not.toContain(secret.slice(0, 5));
      expect(JSON.stringify(d.data)).not.toContain(secret.slice(0, 5));
    }
  });
});
