import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { InstructionFile } from '../../src/markdown/instruction-file.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { AUDITED_SECRETLINT, mayHoldSecret, prefilterApplies, TRIGGERS } from '../../src/secrets/prefilter.js';
import { prepareSecrets, secretsIn } from '../../src/secrets/scan.js';
import { FIXTURES } from '../helpers/paths.js';

const require = createRequire(import.meta.url);
const version = (name: string) => (require(`${name}/package.json`) as { version: string }).version;
const file = (text: string, name = 'AGENTS.md') => new InstructionFile({ path: name, absPath: `/repo/${name}`, kind: 'codex', bytes: new TextEncoder().encode(text), parse: parseMarkdown });

// Fake credentials in each preset detector's format, assembled here so that no file of this
// repository holds one whole.
const alnum = (n: number) => 'Q7xK2mVb9Ld4Rt8W'.repeat(8).slice(0, n);
const base64 = (json: string) => Buffer.from(json).toString('base64');
// Base64 of a JSON object whose length leaves one byte in the last group ends in "fQ==".
const opsJson = (() => {
  let pad = 'x'.repeat(90);
  while (`{"email":"bot@example.invalid","pad":"${pad}"}`.length % 3 !== 1) pad += 'x';
  return `{"email":"bot@example.invalid","pad":"${pad}"}`;
})();
const SAMPLES: Record<string, string> = {
  aws: `aws_account_id = 1234-5678-9012, key AKIA${alnum(16).toUpperCase()}, AWS_SECRET_ACCESS_KEY=${alnum(40)}`,
  privatekey: `-----BEGIN RSA PRIVATE KEY-----\nMI${alnum(62)}\n${alnum(64)}\n-----END RSA PRIVATE KEY-----`,
  npm: `npm_${alnum(36)}`,
  basicauth: `https://deployer:${alnum(12)}@ci.example.net/`,
  slack: `xoxb-1234567890-${alnum(24)} and https://hooks.slack.com/services/T${alnum(8)}/B${alnum(8)}/${alnum(24)}`,
  sendgrid: `SG.${alnum(22)}.${alnum(43)}`,
  shopify: `shpat_${alnum(32)}`,
  github: `ghp_${alnum(36)} github_pat_${alnum(82)}`,
  openai: `sk-${alnum(20)}T3BlbkFJ${alnum(20)}`,
  anthropic: `sk-ant-api03-${alnum(93)}AA`,
  linear: `lin_api_${alnum(40)}`,
  '1password': `ops_${base64(opsJson).replace(/=+$/, '')}`,
  'database-connection-string': `mongodb://app:${alnum(12)}@db.internal.example:27017/app mysql://app:${alnum(12)}@db.internal.example/app postgres://app:${alnum(12)}@db.internal.example/app`,
};

describe('secretlint prefilter', () => {
  it(`was audited against the installed secretlint (else: re-read each preset rule's patterns, update TRIGGERS in src/secrets/prefilter.ts, then AUDITED_SECRETLINT)`, async () => {
    expect(version('@secretlint/core')).toBe(AUDITED_SECRETLINT);
    expect(version('@secretlint/secretlint-rule-preset-recommend')).toBe(AUDITED_SECRETLINT);
    const { rules } = await import('@secretlint/secretlint-rule-preset-recommend');
    const ids = rules.map((r: { meta: { id: string } }) => r.meta.id.replace('@secretlint/secretlint-rule-', ''));
    expect(ids.sort()).toEqual(Object.keys(TRIGGERS).sort());
    expect(prefilterApplies()).toBe(true);
  });

  for (const [rule, text] of Object.entries(SAMPLES)) {
    it(`lets ${rule} findings through: the sample holds one of its triggers and is reported`, async () => {
      expect(TRIGGERS[rule]?.some((t) => text.includes(t))).toBe(true);
      expect(mayHoldSecret(text)).toBe(true);
      const f = file(`# Notes\n\n${text}\n`);
      await prepareSecrets([f]);
      expect(secretsIn(f).map((s) => s.detector.split('/')[0])).toContain(rule);
    });
  }

  it('clears a file without any trigger, which then has no findings', async () => {
    const text = readFileSync(path.join(FIXTURES, 'rules/no-secrets/valid-no-trigger/AGENTS.md'), 'utf8');
    expect(mayHoldSecret(text)).toBe(false);
    const f = file(text);
    await prepareSecrets([f]);
    expect(secretsIn(f)).toEqual([]);
  });

  it('needs the exact case where the pattern has no i flag', () => {
    expect(mayHoldSecret('akia t3blbkfj GHP_ LIN_API_ sg. NPM_')).toBe(false);
    expect(mayHoldSecret('Secret')).toBe(true);
  });
});

describe('secretlint profiler', () => {
  it('records no performance marks during a scan, and is switched back on after it', async () => {
    const core = require.resolve('@secretlint/core');
    const { secretLintProfiler } = (await import(pathToFileURL(createRequire(core).resolve('@secretlint/profiler')).href)) as { secretLintProfiler: object };
    performance.clearMarks();
    await prepareSecrets(Object.values(SAMPLES).map((text, i) => file(text, `p${i}/AGENTS.md`)));
    expect(performance.getEntriesByType('mark').filter((m) => m.name.startsWith('@core>'))).toEqual([]);
    expect(Object.prototype.hasOwnProperty.call(secretLintProfiler, 'mark')).toBe(false);
  });
});
