import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { defineRule } from '../../src/kit/define-rule.js';
import { z } from 'zod';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import emptyRule from '../../rules/no-empty-instructions.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

const crashing = defineRule({
  id: 'always-crashes',
  meta: {
    description: 'A rule with a bug',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    messages: { never: () => 'never reported' },
    options: z.strictObject({}),
  },
  check() {
    throw new TypeError('cannot read properties of undefined');
  },
});

const misreporting = defineRule({
  id: 'reports-outside',
  meta: {
    description: 'A rule that reports past the end of the file',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    messages: { there: () => 'a message long enough to be a message' },
    options: z.strictObject({}),
  },
  check({ report, file }) {
    report({ messageId: 'there', data: {} as never, loc: { offset: file.text.length + 5 } });
  },
});

const badMessage = defineRule({
  id: 'message-throws',
  meta: {
    description: 'A rule whose message function has a bug',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    messages: { broken: (d: { name?: string }) => `name ${d.name!.toUpperCase()}` },
    options: z.strictObject({}),
  },
  check({ report }) {
    report({ messageId: 'broken', data: {} });
  },
});

const fs = () => new MemoryFileSystem({ '/r/.agents-lint.json': '{ "root": true }', '/r/AGENTS.md': '', '/r/a/AGENTS.md': '# A\n' });

describe('engine', () => {
  it('turns a crashing rule into a fatal diagnostic naming the rule, while the other rules still run', async () => {
    const result = await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [crashing, emptyRule] });
    const fatal = result.diagnostics.filter((d) => d.fatal);
    expect(fatal.map((d) => [d.ruleId, d.file])).toEqual([
      ['always-crashes', 'AGENTS.md'],
      ['always-crashes', 'a/AGENTS.md'],
    ]);
    expect(fatal[0]?.message).toMatch(/^Rule "always-crashes" crashed on AGENTS.md: cannot read properties of undefined/);
    expect(result.diagnostics.filter((d) => d.ruleId === 'no-empty-instructions').map((d) => d.file)).toEqual(['AGENTS.md']);
  });

  it('a message function that throws becomes a fatal diagnostic in its finding\'s place', async () => {
    const result = await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [badMessage, emptyRule] });
    expect(result.diagnostics.filter((d) => d.ruleId === 'message-throws').map((d) => [d.file, d.fatal, d.line])).toEqual([
      ['AGENTS.md', true, 1],
      ['a/AGENTS.md', true, 1],
    ]);
    expect(result.diagnostics[0]?.message).toMatch(/^Rule "message-throws" crashed on AGENTS.md: its message "broken" threw: /);
    expect(result.diagnostics.filter((d) => d.ruleId === 'no-empty-instructions').map((d) => d.file)).toEqual(['AGENTS.md']);
  });

  it('a report outside the file is the rule author\'s bug: loud, and contained to that rule', async () => {
    const result = await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [misreporting, emptyRule] });
    expect(result.diagnostics.filter((d) => d.fatal).map((d) => d.message)).toEqual([
      expect.stringMatching(/reported range \[5, 5\) outside the file \(length 0\)/),
      expect.stringMatching(/reported range \[9, 9\) outside the file \(length 4\)/),
    ]);
    expect(result.diagnostics.some((d) => d.ruleId === 'no-empty-instructions')).toBe(true);
  });

  it('defineRule rejects malformed rules at once', () => {
    const base = { description: 'x', severity: 'error' as const, scope: 'file' as const, tags: [], fixable: false, options: z.strictObject({}) };
    expect(() => defineRule({ id: 'Bad_Id', meta: { ...base, messages: { a: () => 'a' } }, check() {} })).toThrow(/kebab-case/);
    expect(() => defineRule({ id: 'no-x', meta: { ...base, messages: { 'Not-camel': () => 'a' } }, check() {} })).toThrow(/camelCase/);
    expect(() => defineRule({ id: 'no-x', meta: { ...base, messages: {} }, check() {} })).toThrow(/declares no messages/);
    expect(() =>
      defineRule({ id: 'no-x', meta: { ...base, messages: { a: () => 'a' }, options: z.strictObject({ n: z.number() }) }, check() {} }),
    ).toThrow(/defaults/);
  });

  it('defineRule builds a schema given as a function on first use, once, and checks it then', () => {
    const base = { description: 'x', severity: 'error' as const, scope: 'file' as const, tags: [], fixable: false, messages: { a: () => 'a' } };
    let built = 0;
    const rule = defineRule({ id: 'no-x', meta: { ...base, options: () => (built++, z.strictObject({ n: z.number().default(1) })) }, check() {} });
    expect(built).toBe(0);
    expect(rule.meta.options.parse({})).toEqual({ n: 1 });
    expect(rule.meta.options).toBe(rule.meta.options);
    expect(built).toBe(1);
    const noDefaults = defineRule({ id: 'no-x', meta: { ...base, options: () => z.strictObject({ n: z.number() }) }, check() {} });
    expect(() => noDefaults.meta.options).toThrow(/defaults/);
    const notZod = defineRule({ id: 'no-x', meta: { ...base, options: (() => ({})) as unknown as () => z.ZodType }, check() {} });
    expect(() => notZod.meta.options).toThrow(/must be a zod schema/);
  });
});
