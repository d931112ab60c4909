import { defineRule, z, hostsView, describeCwds } from '../src/kit/index.js';

type Data = { file: string; target: string; resolved: string; hosts: string; limit: number; cwds: string };

export default defineRule({
  // A template literal: the meta test's import scan would read "import'" in a quoted id as an import.
  id: `no-broken-import`,
  meta: {
    description: 'Disallow @path imports that an agent host cannot resolve (missing, cyclic, out of bounds, too deep)',
    severity: 'error',
    scope: 'repo',
    tags: ['discovery', 'hosts', 'imports'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      missing: (d: Data) => `@${d.target} imports ${d.resolved}, which does not exist. Nothing reaches ${d.file} in its place (hosts: ${d.hosts}; Gemini CLI even puts an "Import failed" comment there). Fix the path or remove the import.`,
      cycle: (d: Data) => `@${d.target} imports ${d.resolved}, which is already on this import chain. The cycle is cut there (hosts: ${d.hosts}), so ${d.file} does not import it again. Remove one of the imports.`,
      outside: (d: Data) => `@${d.target} in ${d.file} points outside the repository. Its target, ${d.resolved}, is refused or needs each user's approval (hosts: ${d.hosts}), so teammates see different instructions. Copy the text into the repository or drop the import.`,
      needsApproval: (d: Data) =>
        `@${d.target} imports ${d.resolved}, which Claude Code loads only after the user approves. It is outside the working directory of ${d.cwds}, and Claude Code never loads it in \`claude -p\`, so the agent may not see it. Make ${d.file} a symlink to ${d.resolved} or put the instructions in the working directory's own files.`,
      depth: (d: Data) => `@${d.target} is not imported: it is nested deeper than ${d.limit} import levels. So ${d.resolved} never reaches ${d.file} (hosts: ${d.hosts}). Import it from a shallower file.`,
      nonText: (d: Data) => `@${d.target} imports ${d.resolved}, a file type that is not imported as text. It is skipped, so ${d.file} gets nothing from it (hosts: ${d.hosts}). Import a Markdown or text file instead.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    for (const p of hostsView(discovery, repo).imports()) {
      const data: Data = { file: p.rel, target: p.target, resolved: p.targetRel, hosts: p.hosts.join(', '), limit: p.limit ?? 0, cwds: describeCwds(p.cwds) };
      const messageId = p.kind === 'non-text' ? 'nonText' : p.kind === 'approval' ? 'needsApproval' : p.kind;
      report({ messageId, file: p.rel, data, loc: { start: { line: p.line, column: p.column }, end: { line: p.endLine, column: p.endColumn } } });
    }
  },
});
