import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { defineRule } from '../../src/kit/define-rule.js';
import { z } from 'zod';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// A rule's warmUp (set-up that reads nothing of the repository) runs while the engine waits for the
// listing: before any check, once per run, with the rule's resolved options; it is only a head start.

const events: string[] = [];

const warmed = defineRule({
  id: 'warmed-rule',
  meta: {
    description: 'A rule that loads its data in warmUp',
    severity: 'warn',
    scope: 'file',
    tags: [],
    fixable: false,
    warmUp: (options) => void events.push(`warmUp ${options.word}`),
    messages: { seen: (d: { word: string }) => `saw the word ${d.word} in the file` },
    options: z.strictObject({ word: z.string().default('alpha') }),
  },
  check({ file, report }, { word }) {
    events.push(`check ${file.path}`);
    if (file.text.includes(word)) report({ messageId: 'seen', data: { word }, loc: { offset: file.text.indexOf(word) } });
  },
});

const failingWarmUp = defineRule({
  id: 'failing-warm-up',
  meta: {
    description: 'A rule whose warmUp throws',
    severity: 'error',
    scope: 'file',
    tags: [],
    fixable: false,
    warmUp: () => {
      throw new Error('no data');
    },
    messages: { ran: () => 'the check ran after a warmUp that threw' },
    options: z.strictObject({}),
  },
  check({ report }) {
    report({ messageId: 'ran', data: undefined, loc: { offset: 0 } });
  },
});

const fs = () =>
  new MemoryFileSystem({
    '/r/.agents-lint.json': JSON.stringify({ root: true, rules: { 'warmed-rule': ['warn', { word: 'beta' }] } }),
    '/r/AGENTS.md': '# Root\n\nbeta\n',
    '/r/a/AGENTS.md': '# A\n',
  });

describe('rule warmUp', () => {
  it('runs once, before any check, with the options the config resolved', async () => {
    events.length = 0;
    const result = await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [warmed] });
    expect(events).toEqual(['warmUp beta', 'check AGENTS.md', 'check a/AGENTS.md']);
    expect(result.diagnostics.map((d) => [d.ruleId, d.file, d.line])).toEqual([['warmed-rule', 'AGENTS.md', 3]]);
  });

  it('is not run for a rule that is off', async () => {
    events.length = 0;
    await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [warmed], ruleFlags: ['warmed-rule:off'] });
    expect(events).toEqual([]);
  });

  it('one that throws is only a lost head start: the rule still checks every file', async () => {
    const result = await lint({ paths: ['/r'], cwd: '/r', fs: fs(), codexHome: EMPTY_CODEX_HOME, rules: [warmed, failingWarmUp] });
    expect(result.diagnostics.filter((d) => d.ruleId === 'failing-warm-up').map((d) => [d.file, d.fatal ?? false])).toEqual([
      ['AGENTS.md', false],
      ['a/AGENTS.md', false],
    ]);
  });
});
