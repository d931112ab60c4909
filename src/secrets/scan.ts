import type { InstructionFile } from '../markdown/instruction-file.js';

export type SecretCategory = 'token' | 'privateKey' | 'connectionString';

export interface SecretFinding {
  /** Text offsets of the match (UTF-16 units), end exclusive. */
  start: number;
  end: number;
  category: SecretCategory;
  /** What was found, in secretlint's words without the secret ("OpenAI API token"). */
  kind: string;
  /** The part that must stay secret: the whole match, or a URL's password. */
  secret: string;
  /** The secretlint rule and message that matched, e.g. "openai/OPENAI_TOKEN". */
  detector: string;
}

const findings = new WeakMap<InstructionFile, SecretFinding[]>();

const PRESET = '@secretlint/secretlint-rule-preset-recommend';
const RULE_PREFIX = '@secretlint/secretlint-rule-';
/** secretlint rules whose match is a URL carrying `user:password@` (the password is the secret). */
const URL_RULES = new Set(['database-connection-string', 'basicauth']);
const CREDENTIALS_IN_URL = /^[a-z][a-z0-9+.-]*:\/\/[^:/\s]+:([^@/\s]+)@/i;

/**
 * Runs secretlint's maintained recommended preset (AWS, GCP, private keys, npm, basic auth, Slack,
 * SendGrid, Shopify, GitHub, OpenAI, Anthropic, Linear, 1Password, database connection strings) over
 * each file's decoded text. secretlint's API is async, so the engine awaits this once before rules
 * run (`meta.prepare`); `secretsIn()` then answers synchronously. The library is imported lazily: a
 * run without `no-secrets` never loads it.
 */
export async function prepareSecrets(files: readonly InstructionFile[]): Promise<void> {
  const pending = files.filter((f) => !findings.has(f));
  if (pending.length === 0) return;
  const [{ lintSource }, { creator }] = await Promise.all([import('@secretlint/core'), import('@secretlint/secretlint-rule-preset-recommend')]);
  const config = {
    rules: [
      {
        id: PRESET,
        rule: creator,
        // An AWS access key ID is half of a key pair and names the account; secretlint reports it
        // only on request (`enableIDScanRule`), and an instruction file has no reason to hold one.
        rules: [{ id: `${RULE_PREFIX}aws`, options: { enableIDScanRule: true } }],
      },
    ],
  };
  for (const file of pending) {
    const result = await lintSource({
      // noPhysicFilePath: secretlint must not read the file itself (its P12 check would); all IO
      // happens in the repository index.
      // A neutral name: secretlint's profiler builds performance marks from it and crashes on some
      // (a newline in a file name); the path plays no part in detection.
      source: { content: file.text, filePath: 'instructions.md', ext: '.md', contentType: 'text' },
      options: { config, noPhysicFilePath: true, locale: 'en' },
    });
    const out: SecretFinding[] = [];
    for (const message of result.messages) {
      if (message.type !== 'message') continue;
      const [start, end] = locate(file.text, message.range, message.data);
      const short = message.ruleId.startsWith(RULE_PREFIX) ? message.ruleId.slice(RULE_PREFIX.length) : message.ruleId;
      const matched = file.text.slice(start, end);
      const category: SecretCategory = short === 'privatekey' || short === 'gcp' ? 'privateKey' : URL_RULES.has(short) ? 'connectionString' : 'token';
      const secret = category === 'connectionString' ? (CREDENTIALS_IN_URL.exec(matched)?.[1] ?? matched) : matched;
      out.push({ start, end, category, kind: kindOf(message.message, matched), secret, detector: `${short}/${message.messageId}` });
    }
    out.sort((a, b) => a.start - b.start || a.end - b.end);
    findings.set(file, out);
  }
}

/** Findings for a file prepared by `prepareSecrets` (throws for an unprepared file: an author's bug). */
export function secretsIn(file: InstructionFile): readonly SecretFinding[] {
  const found = findings.get(file);
  if (!found) throw new Error(`${file.path} was not scanned for secrets: declare meta.prepare = prepareSecrets.`);
  return found;
}

/**
 * At most the first 4 characters, and never more than a quarter of the secret, so a short password
 * is not half-revealed; the rest becomes a fixed "****" that does not leak the length either.
 */
export function maskSecret(secret: string): string {
  const keep = Math.min(4, Math.floor(secret.length / 4));
  return `${[...secret].slice(0, keep).join('')}****`;
}

/**
 * secretlint's AWS secret-key check reports [start of `AWS_SECRET_ACCESS_KEY=`, + length of the key]:
 * the range's length is right but its start is not. Every preset rule puts the matched value in its
 * message data, so the value found at or after the reported start is the true range.
 */
function locate(text: string, range: readonly [number, number], data: unknown): [number, number] {
  const [start, end] = range;
  const values = Object.values(typeof data === 'object' && data !== null ? data : {}).filter((v): v is string => typeof v === 'string' && v.length > 0);
  for (const value of values.sort((a, b) => b.length - a.length)) {
    if (text.startsWith(value, start)) return [start, start + value.length];
    const at = text.indexOf(value, start);
    if (at >= 0 && at <= end) return [at, at + value.length];
  }
  return [start, end];
}

/** secretlint messages read "found <kind>: <secret>"; keep the kind, never the secret. */
function kindOf(message: string, matched: string): string {
  const withoutSecret = message.split(matched).join('').replace(/\s*:\s*$/, '');
  const head = withoutSecret.split(': ')[0] ?? withoutSecret;
  return head.replace(/^found\s+/i, '').replace(/([^\s(])\(/g, '$1 (').trim() || 'secret';
}
