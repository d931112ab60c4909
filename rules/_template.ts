// A new rule starts as a copy of this file: rules/<id>.ts (CONTRIBUTING.md, "A new rule, step by
// step"). It is type-checked with the rest but never built or registered (its name starts with `_`).
import { defineRule, z } from '../src/kit/index.js';

export default defineRule({
  id: 'no-example',
  meta: {
    // One line, starting with a verb, as ESLint's rule descriptions do.
    description: 'Disallow instruction files that say "example"',
    severity: 'warn',
    scope: 'file',
    tags: ['content'],
    fixable: false,
    // Set when the rule reads the Markdown tree (file.headings(), codeBlocks(), links(), ...).
    needsTree: false,
    messages: {
      // The first sentence says what is wrong; the fix follows.
      example: (d: { word: string }) => `The file says "${d.word}", which no agent can act on. Say what to do instead.`,
    },
    // Every option needs a default: a rule with no options still takes an empty object.
    options: () => z.strictObject({ words: z.array(z.string()).default(['example']).describe('Words reported') }),
  },
  check({ file, report }, { words }) {
    for (const word of words) {
      const at = file.text.indexOf(word);
      if (at >= 0) report({ messageId: 'example', data: { word }, loc: { offset: at, endOffset: at + word.length } });
    }
  },
});
