import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';
import { plainConfig } from '../../src/config/plain-config.js';
import { configSchemas } from '../../src/config/schema.js';
import { JITLESS } from '../../src/util/zod.js';
import { PROJECT } from '../integration/repo.js';
import { rng } from '../conformance/random-repos.js';

/** Configs near the schema: mostly valid parts, each sometimes replaced by a wrong one. */
function generator(seed: number) {
  const rnd = rng(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  const maybe = (p: number) => rnd() < p;
  const scalar = () => pick<unknown>(['x', '', 'off', 'warn', 'error', 'OFF', 1, 0, true, false, null, '2026-01-01', '2026-1-1', [], {}]);
  const strings = () => (maybe(0.9) ? Array.from({ length: Math.floor(rnd() * 3) }, () => pick(['a', 'packages/x', '**/*.md', ''])) : pick<unknown>(['a', [1], [null], {}, ['a', 2]]));
  const severity = () => (maybe(0.9) ? pick(['off', 'warn', 'error']) : scalar());
  const ruleEntry = () => {
    const r = rnd();
    if (r < 0.5) return severity();
    if (r < 0.7) return [severity()];
    if (r < 0.9) return [severity(), pick<unknown>([{}, { max: 3 }, [1], 'x', null])];
    return pick<unknown>([[], ['error', {}, 1], 'fatal', 2, { error: true }]);
  };
  const record = (value: () => unknown) => {
    const out: Record<string, unknown> = {};
    for (let i = Math.floor(rnd() * 4); i > 0; i--) out[pick(['no-vague-rules', 'no-secrets', 'x', 'model', '1', 'a.b'])] = value();
    return maybe(0.95) ? out : pick<unknown>([[], 'x', null, 3]);
  };
  const ignore = () => {
    if (maybe(0.3)) return pick<unknown>(['docs/**', '', 3, null]);
    const entry: Record<string, unknown> = {};
    if (maybe(0.9)) entry['files'] = maybe(0.5) ? pick<unknown>(['docs/**', 3]) : strings();
    if (maybe(0.4)) entry['rules'] = strings();
    if (maybe(0.4)) entry['until'] = pick<unknown>(['2026-12-31', '2026-1-31', 20261231, 'tomorrow']);
    if (maybe(0.3)) entry['reason'] = pick<unknown>(['vendored', 1]);
    if (maybe(0.05)) entry[pick(['file', 'rule', 'why'])] = 'x';
    return entry;
  };
  const codex = () => {
    const out: Record<string, unknown> = {};
    if (maybe(0.6)) out['config'] = record(scalar);
    if (maybe(0.5)) out['trust'] = pick<unknown>(['trusted', 'untrusted', 'yes', true]);
    if (maybe(0.05)) out['home'] = '/x';
    return maybe(0.95) ? out : pick<unknown>(['x', [], null]);
  };
  return (): unknown => {
    if (maybe(0.03)) return pick<unknown>([null, [], 'x', 1, true]);
    const config: Record<string, unknown> = {};
    // The file's key order, shuffled: zod's output follows the schema's.
    const keys = ['$schema', 'root', 'rules', 'ignores', 'cwds', 'hosts', 'codex'].filter(() => maybe(0.5)).sort(() => rnd() - 0.5);
    for (const key of keys) {
      if (key === '$schema') config[key] = maybe(0.9) ? './node_modules/agents-lint/schema.json' : 1;
      else if (key === 'root') config[key] = maybe(0.9) ? maybe(0.5) : 'yes';
      else if (key === 'rules') config[key] = record(ruleEntry);
      else if (key === 'ignores') config[key] = maybe(0.95) ? Array.from({ length: Math.floor(rnd() * 3) }, ignore) : 'docs/**';
      else if (key === 'codex') config[key] = codex();
      else config[key] = strings();
    }
    if (maybe(0.05)) config[pick(['rule', 'extends', 'Root'])] = true;
    return config;
  };
}

function zodParse(value: unknown): { ok: true; data: unknown } | { ok: false } {
  const result = configSchemas().config.safeParse(value, JITLESS);
  return result.success ? { ok: true, data: result.data } : { ok: false };
}

/** The value with each object's keys in their order, so that toEqual compares the order too. */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (value && typeof value === 'object') return Object.entries(value).map(([k, v]) => [k, ordered(v)]);
  return value;
}

describe('plainConfig (the hand check before zod)', () => {
  it('accepts only what the schema accepts, and then returns what zod returns, key order included (2,000 generated configs)', () => {
    const next = generator(7);
    let accepted = 0;
    let rejected = 0;
    for (let i = 0; i < 2000; i++) {
      const value = next();
      const fast = plainConfig(value);
      const zod = zodParse(value);
      if (!zod.ok) {
        expect(fast, JSON.stringify(value)).toBeNull();
        rejected++;
        continue;
      }
      // Every config the generator makes valid is one the hand check covers.
      expect(fast, JSON.stringify(value)).not.toBeNull();
      expect(ordered(fast)).toEqual(ordered(zod.data));
      accepted++;
    }
    // Both kinds are well represented, or the comparison above proves little.
    expect(accepted).toBeGreaterThan(300);
    expect(rejected).toBeGreaterThan(300);
  });

  it('returns new objects and arrays (a caller may change them), with rule options as given', () => {
    const options = { max: 3 };
    const input = { rules: { a: ['error', options] as unknown[] }, cwds: ['x'], ignores: [{ files: ['y'] }], codex: { config: { model: 'm' } } };
    const out = plainConfig(input) as unknown as typeof input;
    expect(out).toEqual(input);
    expect(out.rules).not.toBe(input.rules);
    expect(out.rules.a).not.toBe(input.rules.a);
    expect(out.rules.a[1]).toBe(options);
    expect(out.cwds).not.toBe(input.cwds);
    expect(out.ignores[0]).not.toBe(input.ignores[0]);
    expect(out.codex.config).not.toBe(input.codex.config);
  });

  it('leaves a key that a copy would turn into a prototype to zod', () => {
    expect(plainConfig(JSON.parse('{ "rules": { "__proto__": "error" } }'))).toBeNull();
    expect(plainConfig(JSON.parse('{ "__proto__": { "root": true } }'))).toBeNull();
  });

  it('takes every config file in the repository and its fixtures as zod does', () => {
    const files = execFileSync('git', ['ls-files', '-z', '--', '*.agents-lint.json', '*agents-lint.config.json'], { cwd: PROJECT, encoding: 'utf8' }).split('\0').filter(Boolean);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const value: unknown = parseJsonc(fs.readFileSync(path.join(PROJECT, file), 'utf8'), [], { allowTrailingComma: true });
      const zod = zodParse(value);
      const fast = plainConfig(value);
      if (!zod.ok) expect(fast, file).toBeNull();
      else expect([file, ordered(fast)]).toEqual([file, ordered(zod.data)]);
    }
  });
});
