import { defineRule, z, closest, commandFindings, prepareCommandFiles } from '../src/kit/index.js';

type Data = { tool: string; name: string; what: string; where: string; suggestion: string };

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
        `\`${d.tool} ${d.name}\` runs a binary that no installed or declared package provides (looked in ${d.where})${d.what === 'download' ? `, so ${d.tool} would fetch whatever "${d.name}" the registry serves` : ''}. Add the dependency or fix the command.`,
      missingLocalScript: (d: Data) => `The ${d.what} \`${d.name}\` does not exist in ${d.where}.${d.suggestion ? ` Did you mean \`${d.suggestion}\`?` : ''} Fix the path or add the script.`,
      notExecutable: (d: Data) =>
        `\`${d.name}\` is run directly, but ${d.where} is not executable. The shell fails with "Permission denied": run \`chmod +x ${d.where}\` and commit the bit (\`git update-index --chmod=+x ${d.where}\`), or run it through its interpreter.`,
    },
    options: () => z.strictObject({ ignore: z.array(z.string()).default([]).describe('Binary names never reported') }),
  },
  check({ file, repo, discovery, report }, { ignore }) {
    for (const f of commandFindings(file, repo, discovery)) {
      if (f.kind !== 'binary' || ignore.includes(f.name)) continue;
      if (f.messageId !== 'unknownBinary' && f.messageId !== 'missingLocalScript' && f.messageId !== 'notExecutable') continue;
      report({
        messageId: f.messageId,
        data: { tool: f.tool, name: f.name, what: f.what, where: f.where, suggestion: closest(f.name, f.candidates) ?? '' },
        loc: { offset: f.word.start, endOffset: f.word.end },
        related: f.messageId === 'notExecutable' ? undefined : f.related ? [{ ...f.related, message: f.messageId === 'unknownBinary' ? `dependencies of ${f.related.file}` : 'looked here' }] : undefined,
      });
    }
  },
});
