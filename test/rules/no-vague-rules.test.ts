import { expect, it } from 'vitest';
import rule from '../../rules/no-vague-rules.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-vague-rules';
const S = {
  practices: 'Say which practices: link the style guide (e.g. docs/STYLE.md) or list the specific rules the agent must follow.',
  caution: 'Say what could go wrong and how to avoid it: which command or file is dangerous, what to run first, and when to stop and ask.',
  quality:
    'Name the check that defines the quality you want: the lint or format command to run (e.g. `pnpm lint`), or a measurable limit (e.g. functions under 50 lines).',
  general: 'Replace it with a command, a path, a limit or an example that the agent can follow and a reviewer can check.',
  custom: "This phrase is listed as vague in the repository's configuration: replace it with a command, a path, a limit or an example.",
};
const at = (line: number, column: number, endColumn: number) => ({ file: 'AGENTS.md', line, column, endLine: line, endColumn, messageId: 'vague' });

testRule(rule, {
  valid: [
    // A vague word in a rationale, in a long concrete statement, or before the list that says what it means.
    { fixture: `${F}/valid-in-context`, name: 'vague words in context: rationale, long statements, a statement introducing its list' },
    // Vague words beside an anchor (inline code, a path, a number, a cue) in five languages.
    { fixture: `${F}/valid-concrete` },
    {
      fixture: `${F}/invalid-multilingual`,
      name: 'allow-listed statements (substrings and /regex/) are not reported',
      options: { allow: ['best practices', '/^be careful/i', '代码质量', '適切に', '코드 품질', '/buenas pr.cticas/'] },
    },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-multilingual`,
      name: 'vague statements in English, Chinese, Japanese, Korean and Spanish; anchored ones pass',
      errors: [
        { ...at(3, 1, 23), data: { phrase: 'best practices', language: 'en', suggestion: S.practices } },
        { ...at(8, 3, 32), data: { phrase: 'Be careful', language: 'en', suggestion: S.caution } },
        { ...at(12, 3, 10), data: { phrase: '代码质量', language: 'zh', suggestion: S.quality } },
        { ...at(14, 3, 11), data: { phrase: '適切に', language: 'ja', suggestion: S.general } },
        { ...at(15, 3, 16), data: { phrase: '코드 품질', language: 'ko', suggestion: S.quality } },
        { ...at(19, 3, 30), data: { phrase: 'buenas prácticas', language: 'es', suggestion: S.practices } },
      ],
    },
    {
      fixture: `${F}/valid-concrete`,
      name: 'a repository adds its own vague phrases per language',
      options: { extraPhrases: { en: ['ship it'] } },
      errors: [{ ...at(18, 3, 37), data: { phrase: 'Ship it', language: 'en', suggestion: S.custom } }],
    },
  ],
});

it('no-vague-rules rejects an invalid /regex/ and an unknown language in its options', () => {
  expect(rule.meta.options.safeParse({ allow: ['/(/'] }).success).toBe(false);
  expect(rule.meta.options.safeParse({ extraPhrases: { xx: ['a'] } }).success).toBe(false);
  expect(rule.meta.options.parse({})).toEqual({ extraPhrases: {}, allow: [] });
});
