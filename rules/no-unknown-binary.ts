import { defineRule, z, prepareCommandFiles, reportCommandFindings, type CommandFindingData } from '../src/kit/index.js';

type Data = CommandFindingData;

export default defineRule({
  id: 'no-unknown-binary',
  meta: {
    description: 'Disallow npx/exec commands and local scripts whose executable does not exist in the repository',
    severity: 'warn',
    scope: 'file',
    tags: ['commands', 'references'],
    fixable: false,
    needsTree: true,
    needsDiscovery: true,
    prepare: prepareCommandFiles,
    messages: {
      unknownBinary: (d: Data) =>
        `\`${d.tool} ${d.name}\` runs a binary that no installed or declared package provides. Looked in ${d.where}${d.what === 'download' ? `, so ${d.tool} would fetch whatever "${d.name}" the registry serves` : ''}. Add the dependency or fix the command.`,
      missingLocalScript: (d: Data) => `The ${d.what} \`${d.name}\` does not exist in ${d.where}.${d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : ''} Fix the path or add the script.`,
      notExecutable: (d: Data) =>
        `\`${d.name}\` is run directly, but it is not executable. The shell fails with "Permission denied" on ${d.where}. Run \`chmod +x ${d.where}\` and commit the bit (\`git update-index --chmod=+x ${d.where}\`), or run it through its interpreter.`,
    },
    options: () => z.strictObject({ ignore: z.array(z.string()).default([]).describe('Binary names never reported') }),
  },
  check(ctx, { ignore }) {
    reportCommandFindings(ctx, ignore, {
      kind: 'binary',
      messageIds: { 'not-defined': 'unknownBinary', 'missing-local-script': 'missingLocalScript', 'not-executable': 'notExecutable' },
      relatedMessage: (messageId, _f, lookedIn) => (messageId === 'notExecutable' ? undefined : messageId === 'unknownBinary' ? `dependencies of ${lookedIn.file}` : 'looked here'),
    });
  },
});
