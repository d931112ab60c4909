import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import type { lintSource as LintSource } from '@secretlint/core';
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
  const [{ lintSource }, { creator }, profiler] = await Promise.all([
    import('@secretlint/core'),
    import('@secretlint/secretlint-rule-preset-recommend'),
    coreProfiler(),
  ]);
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
  const restore = silence(profiler);
  try {
    for (const file of pending) {
      const result = await lintSource({
        // noPhysicFilePath: secretlint must not read the file itself (its P12 check would); all IO
        // happens in the repository index.
        // A neutral name: secretlint's profiler (when on) builds performance marks from it and
        // crashes on some (a newline in a file name); the path plays no part in detection.
        source: { content: file.text, filePath: 'instructions.md', ext: '.md', contentType: 'text' },
        options: { config, noPhysicFilePath: true, locale: 'en' },
      });
      findings.set(file, toFindings(file.text, result.messages));
    }
  } finally {
    restore();
  }
}

type Messages = Awaited<ReturnType<typeof LintSource>>['messages'];

function toFindings(text: string, messages: Messages): SecretFinding[] {
  const out: SecretFinding[] = [];
  for (const message of messages) {
    if (message.type !== 'message') continue;
    const [start, end] = locate(text, message.range, message.data);
    const short = message.ruleId.startsWith(RULE_PREFIX) ? message.ruleId.slice(RULE_PREFIX.length) : message.ruleId;
    const matched = text.slice(start, end);
    const category: SecretCategory = short === 'privatekey' || short === 'gcp' ? 'privateKey' : URL_RULES.has(short) ? 'connectionString' : 'token';
    const secret = category === 'connectionString' ? (CREDENTIALS_IN_URL.exec(matched)?.[1] ?? matched) : matched;
    out.push({ start, end, category, kind: kindOf(message.message, matched), secret, detector: `${short}/${message.messageId}` });
  }
  return out.sort((a, b) => a.start - b.start || a.end - b.end);
}

/** The part of `@secretlint/profiler`'s singleton this module touches. */
interface Profiler {
  mark: (marker: unknown) => void;
}

/**
 * The profiler instance @secretlint/core itself imports: resolved from core's own location, so a
 * nested node_modules copy cannot hand us a different singleton. null when it cannot be found (the
 * scan then runs with the profiler on: slower, same findings).
 */
async function coreProfiler(): Promise<Profiler | null> {
  try {
    const core = createRequire(import.meta.url).resolve('@secretlint/core');
    const mod = (await import(pathToFileURL(createRequire(core).resolve('@secretlint/profiler')).href)) as { secretLintProfiler?: Profiler };
    return typeof mod.secretLintProfiler?.mark === 'function' ? mod.secretLintProfiler : null;
  } catch {
    return null;
  }
}

let silenced = 0;
let restoreProfiler = (): void => {};

/**
 * Switches secretlint's profiler off for the scan and returns how to switch it back. In secretlint
 * 11 every `lintSource` makes 38 `performance.mark()`s (lint, rule setup, start and end per preset
 * rule: @secretlint/core module/index.js, RunningEvents.js), and the profiler's PerformanceObserver,
 * registered when the module loads, runs `entries.find()` over every mark seen so far for each new
 * one (its result unused): quadratic, ~0.7 s of CPU for 500 files, feeding only
 * `secretlint --profile`. Upstream now makes mark() a no-op unless profiling is asked for
 * (secretlint/secretlint#1673, fixing #1633 and #1653); here it is the same no-op, shadowing the
 * method on the instance for the duration of the scan. With no marks there is nothing to observe
 * or measure, and detection never reads the profiler.
 * Clearing the performance timeline per file instead (reverted in 006daeb) races the profiler: its
 * observer runs later and queues `performance.measure()` calls between marks already cleared, each
 * then an unhandled ERR_INVALID_PERFORMANCE_MARK rejection.
 * A counter lets overlapping scans share one switch: the last to finish restores the profiler.
 */
function silence(profiler: Profiler | null): () => void {
  if (!profiler) return () => {};
  if (silenced++ === 0) {
    const own = Object.prototype.hasOwnProperty.call(profiler, 'mark');
    const previous = profiler.mark;
    profiler.mark = () => {};
    restoreProfiler = () => {
      if (own) profiler.mark = previous;
      else delete (profiler as Partial<Profiler>).mark;
    };
  }
  let done = false;
  return () => {
    if (done) return;
    done = true;
    if (--silenced === 0) restoreProfiler();
  };
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
