import { defineRule, z, invisibleRuns, hiddenMarkup, formatCodePoints, plural, quote } from '../src/kit/index.js';

const READS = 'the agent reads it verbatim';
const isRegExp = (p: string) => {
  try {
    return new RegExp(p, 'u') instanceof RegExp;
  } catch {
    return false;
  }
};
// Invisible characters inside the excerpt are reported on their own; printing them would hide them again.
const INVISIBLE = /[\u061C\u200B-\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]|[\u{E0000}-\u{E007F}]/gu;
const excerpt = (raw: string) => quote(raw.replace(INVISIBLE, ''));

export default defineRule({
  id: 'no-hidden-instructions',
  meta: {
    description: 'Disallow text that rendered Markdown hides from people but the model still reads',
    severity: 'error',
    scope: 'file',
    tags: ['content', 'security'],
    fixable: true,
    needsTree: true,
    messages: {
      htmlComment: (d: { content: string }) =>
        `HTML comment "${d.content}" is hidden from readers. It is invisible in rendered Markdown, but ${READS}. Make it visible text if the agent should follow it, or delete it.`,
      hiddenHtml: (d: { what: string; content: string }) =>
        `${d.what} hides "${d.content}" from readers. It is invisible in the rendered Markdown, but ${READS}. Write it as visible text or delete it.`,
      bidiControl: (d: { codePoints: string; count: number }) =>
        `${plural(d.count, 'bidirectional control character')} (${d.codePoints}) here, reordering what reviewers see. This is Trojan Source: the agent reads the text in its logical order instead. Delete them (--fix does).`,
      zeroWidth: (d: { codePoints: string; count: number }) =>
        `${plural(d.count, 'zero-width character')} (${d.codePoints}) here, invisible to reviewers. They are sent to the agent, and they split words so that searches and reviews miss them. Delete them (--fix does).`,
      tagCharacters: (d: { codePoints: string; count: number; hidden: string }) =>
        `${plural(d.count, 'invisible Unicode tag character')} (${d.codePoints}) spell "${d.hidden}" here. The agent can read this hidden text; no reviewer sees it. Delete them (--fix does).`,
    },
    options: () => z.strictObject({
      ignoreComments: z
        .array(z.string().refine(isRegExp, 'must be a valid regular expression'))
        .default([])
        .describe('Regular expressions (JavaScript syntax); HTML comments whose text matches one are allowed.'),
    }),
  },
  check({ file, report }, { ignoreComments }) {
    const allowed = ignoreComments.map((p) => new RegExp(p, 'u'));
    const { markup, comments } = hiddenMarkup(file);
    for (const h of markup) {
      if (h.kind === 'htmlComment' && allowed.some((re) => re.test(h.content))) continue;
      const loc = { offset: h.start, endOffset: h.end };
      // Whether a comment gives directions is read from its words: a heuristic, so at most a warning.
      if (h.kind === 'htmlComment') report({ messageId: 'htmlComment', data: { content: excerpt(h.content) }, loc, certain: false });
      else report({ messageId: 'hiddenHtml', data: { what: h.what, content: excerpt(h.content) }, loc });
    }
    for (const run of invisibleRuns(file)) {
      const data = { codePoints: formatCodePoints(run.codePoints), count: run.codePoints.length };
      // Never rewrite inside an HTML comment: the comment may be deliberate, and is reported on its own.
      const inComment = comments.some(([s, e]) => s <= run.start && run.end <= e);
      const fix = inComment ? undefined : { range: [run.byteStart, run.byteEnd] as [number, number], text: '' };
      const loc = { byteOffset: run.byteStart, endByteOffset: run.byteEnd };
      if (run.kind === 'tagCharacters') report({ messageId: 'tagCharacters', data: { ...data, hidden: excerpt(run.decoded) }, loc, ...(fix && { fix }) });
      else report({ messageId: run.kind, data, loc, ...(fix && { fix }) });
    }
  },
});
