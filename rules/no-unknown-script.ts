import { defineRule, z, prepareCommandFiles, reportCommandFindings, type CommandFindingData } from '../src/kit/index.js';

type Data = CommandFindingData;
const hint = (d: Data) => (d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : '');

export default defineRule({
  id: 'no-unknown-script',
  meta: {
    description: 'Disallow commands that run a package script, task or entry point that is not defined',
    severity: 'error',
    scope: 'file',
    tags: ['commands', 'references'],
    fixable: false,
    needsTree: true,
    needsDiscovery: true,
    prepare: prepareCommandFiles,
    messages: {
      unknownScript: (d: Data) => `\`${d.tool}\` has no ${d.what} "${d.name}".${hint(d)} It is not defined in ${d.where}. Fix the command or define the ${d.what}.`,
      npmNeedsRun: (d: Data) => `\`npm ${d.name}\` is not an npm command. The "${d.name}" script of ${d.where} runs only as \`npm run ${d.name}\`. Add \`run\`.`,
      unknownWorkspace: (d: Data) => `\`${d.tool}\` selects ${d.what} "${d.name}", but no package matches it.${hint(d)} Looked in ${d.where}. Fix the selector.`,
    },
    options: () => z.strictObject({ ignore: z.array(z.string()).default([]).describe('Script names never reported') }),
  },
  check(ctx, { ignore }) {
    reportCommandFindings(ctx, ignore, {
      kind: 'script',
      messageIds: { 'not-defined': 'unknownScript', 'npm-command-is-a-script': 'npmNeedsRun', 'no-matching-workspace': 'unknownWorkspace' },
      relatedMessage: (messageId, f) => (messageId === 'unknownWorkspace' ? 'workspace packages are declared here' : `looked for "${f.name}" here`),
    });
  },
});
