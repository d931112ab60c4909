import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { resolveRules, type LoadedConfig } from '../../src/config/load.js';
import { defineRule } from '../../src/kit/define-rule.js';
import type { AnyRule } from '../../src/kit/types.js';

const base = { description: 'x', severity: 'error' as const, scope: 'file' as const, tags: [], fixable: false, messages: { a: () => 'a' } };
const ruleWithOptions = (id: string): AnyRule => defineRule({ id, meta: { ...base, options: () => z.strictObject({ n: z.number().default(1) }) }, check() {} });
const config = (rules: NonNullable<LoadedConfig['config']['rules']> = {}): LoadedConfig => ({ path: '/repo/.agents-lint.json', config: { rules } });

describe('resolveRules', () => {
  it('rule defaults < config file < --rule flags, options parsed by the rule schema', () => {
    const resolved = resolveRules([ruleWithOptions('no-a'), ruleWithOptions('no-b')], config({ 'no-a': ['error', { n: 2 }], 'no-b': 'warn' }), ['no-a:off']);
    expect(resolved.get('no-a')).toMatchObject({ severity: 'off', options: { n: 2 } });
    expect(resolved.get('no-b')).toMatchObject({ severity: 'warn', options: { n: 1 } });
  });

  it('reports bad options with the key and where to read about them', () => {
    expect(() => resolveRules([ruleWithOptions('no-a')], config({ 'no-a': ['error', { m: 1 }] }), [])).toThrow('unknown option "m"; see the options table in rules/no-a.md');
  });
});
