import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveRules, type LoadedConfig } from '../../src/config/load.js';
import { defineRule } from '../../src/kit/define-rule.js';
import type { AnyRule } from '../../src/kit/types.js';

const base = { description: 'x', severity: 'error' as const, scope: 'file' as const, tags: [], fixable: false, messages: { a: () => 'a' } };
/** A rule whose schema records each time it is built. */
function ruleWithOptions(id: string, builds: string[]): AnyRule {
  return defineRule({ id, meta: { ...base, options: () => (builds.push(id), z.strictObject({ n: z.number().default(1) })) }, check() {} });
}
const config = (rules: NonNullable<LoadedConfig['config']['rules']> = {}): LoadedConfig => ({ path: '/repo/.agents-lint.json', config: { rules } });

describe('resolveRules with default options worked out in advance', () => {
  it('takes a rule configured without options from the table, without building its schema', () => {
    const builds: string[] = [];
    const resolved = resolveRules([ruleWithOptions('no-a', builds), ruleWithOptions('no-b', builds)], config({ 'no-b': 'warn' }), ['no-a:off'], { 'no-a': { n: 7 }, 'no-b': { n: 8 } });
    expect(resolved.get('no-a')).toMatchObject({ severity: 'off', options: { n: 7 } });
    expect(resolved.get('no-b')).toMatchObject({ severity: 'warn', options: { n: 8 } });
    expect(builds).toEqual([]);
  });

  it('parses options a config gives, and the defaults of a rule the table lacks, with the rule schema', () => {
    const builds: string[] = [];
    const resolved = resolveRules([ruleWithOptions('no-a', builds), ruleWithOptions('no-b', builds)], config({ 'no-a': ['error', { n: 2 }] }), [], { 'no-a': { n: 7 } });
    expect(resolved.get('no-a')?.options).toEqual({ n: 2 });
    expect(resolved.get('no-b')?.options).toEqual({ n: 1 });
    expect([...builds].sort()).toEqual(['no-a', 'no-b']);
  });

  it('reports bad options the same way with or without a table', () => {
    const bad = config({ 'no-a': ['error', { m: 1 }] });
    const message = 'unknown option "m"; see the options table in rules/no-a.md';
    expect(() => resolveRules([ruleWithOptions('no-a', [])], bad, [], { 'no-a': { n: 7 } })).toThrow(message);
    expect(() => resolveRules([ruleWithOptions('no-a', [])], bad, [])).toThrow(message);
  });
});
