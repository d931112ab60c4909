import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { defineRule, z } from '../../src/kit/index.js';
import emptyRule from '../../rules/no-empty-instructions.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';

const seen: string[][] = [];
const failing = defineRule({
  id: 'test-failing-prepare',
  meta: {
    description: 'A rule whose async preparation fails',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    prepare: async (files) => {
      seen.push(files.map((f) => f.path));
      throw new Error('scanner unavailable');
    },
    messages: { never: () => 'never reported' },
    options: z.strictObject({}),
  },
  check: ({ report }) => report({ messageId: 'never', data: undefined as never }),
});

describe('meta.prepare', () => {
  it('is awaited with each file before its rules run; a failure is one fatal diagnostic, disables the rule, and the other rules still run', async () => {
    const root = path.join(FIXTURES, 'rules/no-empty-instructions/invalid-empty');
    const result = await lint({ paths: [root], root, codexHome: EMPTY_CODEX_HOME, rules: [failing, emptyRule] });
    expect(seen).toEqual([['AGENTS.md']]);
    expect(result.diagnostics.map((d) => [d.ruleId, d.messageId, d.fatal ?? false])).toEqual([
      ['test-failing-prepare', 'fatal', true],
      ['no-empty-instructions', 'empty', false],
    ]);
    expect(result.diagnostics[0]?.message).toContain('scanner unavailable');
  });
});

const calls: string[] = [];
const failsOnSecond = defineRule({
  id: 'test-fails-partway',
  meta: {
    description: 'A rule whose preparation fails on the second file',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    prepare: async (files) => {
      for (const f of files) calls.push(f.path);
      if (calls.length === 2) throw new Error('scanner died');
    },
    messages: { seen: () => 'seen by a rule whose preparation later fails' },
    options: z.strictObject({}),
  },
  check: ({ report }) => report({ messageId: 'seen', data: undefined as never }),
});

describe('meta.prepare of a file rule, file by file', () => {
  it('a hook that fails on a later file withdraws the findings the rule already made: one fatal diagnostic, as if it never ran', async () => {
    const root = path.join(FIXTURES, 'demo-monorepo');
    const result = await lint({ paths: [root], codexHome: EMPTY_CODEX_HOME, rules: [failsOnSecond, emptyRule] });
    // Called once per file, until it failed; never again after.
    expect(calls.length).toBe(2);
    expect(result.diagnostics.filter((d) => d.ruleId === 'test-fails-partway').map((d) => [d.messageId, d.fatal])).toEqual([['fatal', true]]);
    expect(result.diagnostics.find((d) => d.ruleId === 'test-fails-partway')?.message).toContain('scanner died');
    expect(result.diagnostics.some((d) => d.ruleId === 'no-empty-instructions')).toBe(true);
  });
});
