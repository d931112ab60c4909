import { defineRule, z, prepareSecrets, secretsIn, maskSecret } from '../src/kit/index.js';

type Found = { kind: string; masked: string };
const SENT = 'Every agent session sends this file to the model provider';
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export default defineRule({
  id: 'no-secrets',
  meta: {
    description: 'Disallow API keys, tokens, private keys and passwords in instruction files',
    severity: 'error',
    scope: 'file',
    tags: ['content', 'security'],
    fixable: false,
    // secretlint's API is async: the engine awaits the scan once, before rules run.
    prepare: prepareSecrets,
    messages: {
      secret: (d: Found) =>
        `${cap(d.kind)} \`${d.masked}\` is written here. ${SENT}: revoke and rotate it now, delete it from the file (and from git history), and tell the agent which environment variable holds it instead.`,
      privateKey: (d: { kind: string; header: string }) =>
        `A ${d.kind} (\`${d.header}\`) is embedded here. ${SENT}: treat it as compromised: replace the key pair, delete the block, and point the agent at where the key is provisioned instead.`,
      connectionString: (d: Found) =>
        `${cap(d.kind)} with an inline password (\`${d.masked}\`). ${SENT}: rotate the password and write the URL without it; tell the agent which environment variable holds the full URL or the password.`,
    },
    options: () => z.strictObject({
      allow: z
        .array(z.string())
        .default([])
        .describe('Exact matched strings to accept, such as a published test key; the match is compared whole.'),
    }),
  },
  check({ file, report }, { allow }) {
    for (const found of secretsIn(file)) {
      if (allow.includes(file.text.slice(found.start, found.end))) continue;
      const loc = { offset: found.start, endOffset: found.end };
      const data = { kind: found.kind, masked: maskSecret(found.secret) };
      if (found.category === 'privateKey') {
        // The armour line ("-----BEGIN RSA PRIVATE KEY-----") names the key without revealing it.
        const header = found.secret.split(/\r?\n/)[0]?.trim() ?? '';
        report({ messageId: 'privateKey', data: { kind: found.kind, header }, loc });
      } else if (found.category === 'connectionString') report({ messageId: 'connectionString', data, loc });
      else report({ messageId: 'secret', data, loc });
    }
  },
});
