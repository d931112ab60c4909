import rule from '../../rules/no-duplicate-instructions.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { describe, expect, it } from 'vitest';

const F = 'rules/no-duplicate-instructions';
const chain = `${F}/invalid-repeated-in-chain`;
const boundary = `${F}/invalid-near-boundary`;
const nested = `${F}/invalid-nested-chain`;
const deploy = 'services/deploy/AGENTS.md';
// Root line 7 has 10 distinct words, "workflow" the rarest in the root file; the deploy file's line
// 5 drops that word (9 of 10: Jaccard 0.9, set sizes 9/10), line 6 drops two (8 of 10: 0.8), and
// line 7 reorders root line 8 (the same words, another text: 100%).
const ninety = { file: deploy, line: 5, column: 3, endLine: 5, endColumn: 57, messageId: 'nearDuplicate', data: { statement: 'Ask the platform team before…', other: 'AGENTS.md', line: 7, cwds: '1 working directory (services/deploy)', similarity: 90 } };
const eighty = { file: deploy, line: 6, column: 3, endLine: 6, endColumn: 48, messageId: 'nearDuplicate', data: { statement: 'Ask the team before changing…', other: 'AGENTS.md', line: 7, cwds: '1 working directory (services/deploy)', similarity: 80 } };
const reordered = { file: deploy, line: 7, column: 3, endLine: 7, endColumn: 49, messageId: 'nearDuplicate', data: { statement: 'Before you push, run the tests…', other: 'AGENTS.md', line: 8, cwds: '1 working directory (services/deploy)', similarity: 100 } };

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-separate-chains`, name: 'sibling packages may repeat each other: no cwd loads both' },
    // "Build with `pnpm build`" under two parent items (two entry points); a 7-word bullet under two headings (two test directories).
    { fixture: `${F}/valid-scoped-repeats`, name: 'a sub-item under another parent item, a short statement under another heading' },
    { fixture: `${F}/valid-repeated-label`, name: 'a label (a URL with a few words, a line ending in a colon) repeated over different content repeats no instruction' },
    {
      fixture: `${F}/valid-copy-beyond-budget`,
      name: 'a copy past the budget cut never reaches the model',
      // 79 bytes for the root file leave 21 for services/billing/AGENTS.md: the cut falls before the statement ends.
      lint: { codexOverrides: ['project_doc_max_bytes=100'] },
    },
    {
      fixture: `${F}/valid-copy-beyond-budget`,
      name: 'a file dropped because the budget is spent is not loaded at all',
      lint: { codexOverrides: ['project_doc_max_bytes=79'] },
    },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-same-file`,
      name: 'a bullet pasted twice in one file, and two pasted bullets (one finding)',
      errors: [
        {
          file: 'AGENTS.md',
          line: 10,
          column: 3,
          endLine: 10,
          endColumn: 55,
          messageId: 'duplicateInFile',
          data: { statement: 'Run `pnpm test` and `pnpm…', line: 5, count: 1 },
        },
        // Two bullets pasted again: one finding for the run.
        {
          file: 'AGENTS.md',
          line: 18,
          column: 3,
          endLine: 19,
          endColumn: 49,
          messageId: 'duplicateInFile',
          data: { statement: 'Deploy with `pnpm deploy` from…', line: 15, count: 2 },
        },
      ],
    },
    {
      fixture: chain,
      name: 'exact (after case and punctuation) and near copies; short statements, headings and code blocks are ignored',
      errors: [
        {
          file: 'services/billing/AGENTS.md',
          line: 6,
          column: 3,
          endLine: 6,
          endColumn: 64,
          messageId: 'duplicate',
          data: { statement: 'run `pnpm test` from the…', other: 'AGENTS.md', line: 8, cwds: '1 working directory (services/billing)' },
        },
        {
          file: 'services/billing/AGENTS.md',
          line: 7,
          column: 3,
          endLine: 7,
          endColumn: 98,
          messageId: 'nearDuplicate',
          data: {
            statement: 'Never mock the database in…',
            other: 'AGENTS.md',
            line: 9,
            cwds: '1 working directory (services/billing)',
            similarity: 92,
          },
        },
        {
          file: 'services/web/AGENTS.md',
          line: 5,
          column: 1,
          endLine: 5,
          endColumn: 81,
          messageId: 'duplicate',
          data: { statement: 'Use TypeScript strict mode and…', other: 'AGENTS.md', line: 13, cwds: '1 working directory (services/web)' },
        },
      ],
    },
    {
      fixture: chain,
      name: 'similarity 1 keeps only exact copies',
      options: { similarity: 1 },
      errors: [
        { file: 'services/billing/AGENTS.md', line: 6, column: 3, endLine: 6, endColumn: 64, messageId: 'duplicate' },
        { file: 'services/web/AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 81, messageId: 'duplicate' },
      ],
    },
    {
      fixture: chain,
      name: 'minWords 3 also reports "Run the tests."',
      options: { minWords: 3, similarity: 1 },
      errors: [
        { file: 'services/billing/AGENTS.md', line: 5, column: 3, endLine: 5, endColumn: 17, messageId: 'duplicate' },
        { file: 'services/billing/AGENTS.md', line: 6, column: 3, endLine: 6, endColumn: 64, messageId: 'duplicate' },
        { file: 'services/web/AGENTS.md', line: 5, column: 1, endLine: 5, endColumn: 81, messageId: 'duplicate' },
      ],
    },
    {
      fixture: boundary,
      name: 'a Jaccard index exactly at the threshold counts, even without the rarest word; one below does not; the same words reordered are 100%',
      errors: [ninety, reordered],
    },
    { fixture: boundary, name: 'similarity 0.8 also reports the copy with 8 of 10 words', options: { similarity: 0.8 }, errors: [ninety, eighty, reordered] },
    { fixture: boundary, name: 'similarity 0.91 leaves out the copy at 0.9', options: { similarity: 0.91 }, errors: [reordered] },
    {
      fixture: nested,
      name: 'three files in one chain: each copy points at the first file holding it, with every cwd loading both',
      errors: [
        {
          file: 'apps/web/AGENTS.md',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 79,
          messageId: 'duplicate',
          data: { statement: 'Use pnpm for every install…', other: 'AGENTS.md', line: 3, cwds: '2 working directories (apps/web, apps/web/admin)' },
        },
        {
          file: 'apps/web/admin/AGENTS.md',
          line: 3,
          column: 3,
          endLine: 3,
          endColumn: 73,
          messageId: 'duplicate',
          data: { statement: 'Components live in the…', other: 'apps/web/AGENTS.md', line: 4, cwds: '1 working directory (apps/web/admin)' },
        },
        {
          file: 'apps/web/admin/AGENTS.md',
          line: 5,
          column: 3,
          endLine: 5,
          endColumn: 79,
          messageId: 'duplicate',
          data: { statement: 'Use pnpm for every install…', other: 'AGENTS.md', line: 3, cwds: '1 working directory (apps/web/admin)' },
        },
      ],
    },
  ],
});

describe('no-duplicate-instructions related locations', () => {
  it('points at the shallower copy', async () => {
    const [first] = await runRule(rule, { fixture: chain });
    expect(first?.related).toEqual([{ file: 'AGENTS.md', line: 8, column: 3, message: 'the other copy' }]);
  });
});

describe('no-duplicate-instructions related locations of many reports', () => {
  it('gives each report the copy its data names, reports of one copy the same location', async () => {
    const found = [...(await runRule(rule, { fixture: chain })), ...(await runRule(rule, { fixture: nested })), ...(await runRule(rule, { fixture: boundary }))];
    expect(found.length).toBeGreaterThan(3);
    const byCopy = new Map<string, unknown>();
    for (const d of found) {
      const data = d.data as { other: string; line: number };
      expect(d.related).toHaveLength(1);
      expect(d.related?.[0]).toMatchObject({ file: data.other, line: data.line, message: 'the other copy' });
      const copy = `${data.other}:${data.line}`;
      if (byCopy.has(copy)) expect(d.related).toEqual(byCopy.get(copy));
      else byCopy.set(copy, d.related);
    }
  });
});
