import { defineRule, z, assessVagueness, mayBeVague, compileAllow, parsePattern, vagueDetector, VAGUE_LANGUAGES, type VagueAssessment, type VagueDetector } from '../src/kit/index.js';

// `/regex/flags` must compile; anything else is a literal phrase or substring.
const pattern = () => z.string().min(1).refine((s) => !/^\/.+\/[a-z]*$/s.test(s) || parsePattern(s) !== null, 'an invalid /regular expression/');

// Templates copied into every package repeat statements word for word: score each distinct one once
// (assessVagueness is a pure function of the text and the detector). Bounded, for long-lived processes.
// null: no language scores the statement 2, so it cannot be vague (mayBeVague) and is not assessed.
const verdicts = new WeakMap<VagueDetector, Map<string, VagueAssessment | null>>();
function assess(source: string, detector: VagueDetector): VagueAssessment | null {
  let memo = verdicts.get(detector);
  if (!memo || memo.size > 100_000) verdicts.set(detector, (memo = new Map()));
  let verdict = memo.get(source);
  if (verdict === undefined) memo.set(source, (verdict = mayBeVague(source, detector) ? assessVagueness(source, detector) : null));
  return verdict;
}

/**
 * Only a short statement that is vague as a whole is reported ("Follow TypeScript best practices").
 * In a longer one the vague word sits beside what makes it concrete, or in its rationale ("… because
 * it keeps the docs clean"), and a statement ending in ":" introduces the list that says what it
 * means. Measured on real repositories (docs/precision.md): reported longer statements were wrong or
 * not worth a change nine times in ten.
 */
const MAX_WORDS = 12;
function standsAlone(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.endsWith(':')) return false;
  const words = trimmed.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w));
  // Scripts written without spaces (Chinese, Japanese) count by characters, about two to a word.
  const length = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(trimmed) ? Math.ceil(trimmed.length / 2) : words.length;
  return length <= MAX_WORDS;
}

export default defineRule({
  id: 'no-vague-rules',
  meta: {
    description: 'Disallow statements that give an agent nothing to act on or check ("write clean code", "follow best practices")',
    severity: 'off',
    scope: 'file',
    tags: ['content'],
    fixable: false,
    needsTree: true,
    messages: {
      vague: (d: { phrase: string; language: string; suggestion: string }) =>
        `"${d.phrase}" (${d.language}) gives the agent nothing to act on. The statement names no command, path, limit or example, so the agent can only guess what satisfies it and a reviewer has nothing to check. ${d.suggestion}`,
    },
    options: () => z.strictObject({
      extraPhrases: z
        .partialRecord(z.enum(VAGUE_LANGUAGES), z.array(pattern()))
        .default({})
        .describe('More vague phrases per language code (en, zh, ja, ko, es, fr, de, pt): literal phrases or /regex/'),
      allow: z.array(pattern()).default([]).describe('Statements never to report: case-insensitive substrings or /regex/'),
    }),
  },
  check({ file, report }, { extraPhrases, allow }) {
    const detector = vagueDetector(extraPhrases);
    const allowed = compileAllow(allow);
    for (const statement of file.statements()) {
      // The Markdown source, not the plain text: inline code and link targets are anchors.
      const source = file.text.slice(statement.start, statement.end);
      if (allowed(source) || allowed(statement.text) || !standsAlone(statement.text)) continue;
      const verdict = assess(source, detector);
      if (!verdict?.vague) continue;
      report({
        messageId: 'vague',
        data: { phrase: verdict.phrase, language: verdict.language, suggestion: verdict.suggestion },
        loc: { offset: statement.start, endOffset: statement.end },
      });
    }
  },
});
