import { defineRule, z, closest, commandFindings, prepareCommandFiles } from '../src/kit/index.js';

type Data = { tool: string; name: string; what: string; where: string; suggestion: string };

export default defineRule({
  id: 'no-unknown-target',
  meta: {
    description: 'Disallow commands naming a make/just/task/turbo/nx target, cargo alias or package, or Go package that does not exist',
    severity: 'error',
    scope: 'file',
    tags: ['commands', 'references'],
    fixable: false,
    needsTree: true,
    needsDiscovery: true,
    prepare: prepareCommandFiles,
    messages: {
      unknownTarget: (d: Data) =>
        `\`${d.tool}\` has no ${d.what} "${d.name}" (looked in ${d.where}).${d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : ''} Fix the command or define it.`,
      missingTaskFile: (d: Data) => `\`${d.tool}\` finds no ${d.what} from ${d.where}: the command fails before running anything. Fix the directory or add the ${d.what}.`,
    },
    options: () => z.strictObject({ ignore: z.array(z.string()).default([]).describe('Target names never reported') }),
  },
  check({ file, repo, discovery, report }, { ignore }) {
    for (const f of commandFindings(file, repo, discovery)) {
      if (f.kind !== 'target' || ignore.includes(f.name)) continue;
      if (f.messageId !== 'unknownTarget' && f.messageId !== 'missingTaskFile') continue;
      report({
        messageId: f.messageId,
        data: { tool: f.tool, name: f.name, what: f.what, where: f.where, suggestion: closest(f.name, f.candidates) ?? '' },
        loc: { offset: f.word.start, endOffset: f.word.end },
        related: f.related ? [{ ...f.related, message: `looked for "${f.name}" here` }] : undefined,
      });
    }
  },
});
