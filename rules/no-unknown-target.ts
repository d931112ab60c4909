import { defineRule, z, prepareCommandFiles, reportCommandFindings, type CommandFindingData } from '../src/kit/index.js';

type Data = CommandFindingData;

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
        `\`${d.tool}\` has no ${d.what} "${d.name}".${d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : ''} Looked in ${d.where}. Fix the command or define it.`,
      missingTaskFile: (d: Data) => `\`${d.tool}\` finds no ${d.what} from ${d.where}. The command fails before running anything. Fix the directory or add the ${d.what}.`,
    },
    options: () => z.strictObject({ ignore: z.array(z.string()).default([]).describe('Target names never reported') }),
  },
  check(ctx, { ignore }) {
    reportCommandFindings(ctx, ignore, {
      kind: 'target',
      messageIds: { 'not-defined': 'unknownTarget', 'missing-task-file': 'missingTaskFile' },
      relatedMessage: (_messageId, f) => `looked for "${f.name}" here`,
    });
  },
});
