import { defineRule, z, packageManagerFindings, prepareCommandFiles } from '../src/kit/index.js';

export default defineRule({
  id: 'no-wrong-package-manager',
  meta: {
    description: 'Disallow commands that use a different package manager than the repository (lockfile, packageManager field)',
    severity: 'warn',
    scope: 'file',
    tags: ['commands'],
    fixable: false,
    needsTree: true,
    prepare: prepareCommandFiles,
    messages: {
      wrongPackageManager: (d: { used: string; expected: string; evidence: string; effect?: string }) =>
        `This command uses ${d.used}, but the repository uses ${d.expected}. Evidence: ${d.evidence}. ${d.effect ?? 'It writes a second lockfile and a different dependency tree'}; write the ${d.expected} command instead.`,
    },
    options: () => z.strictObject({}),
  },
  check({ file, repo, report }) {
    for (const f of packageManagerFindings(file, repo)) {
      const head = f.command.argv[0];
      if (!head) continue;
      const evidence = f.policy.evidence.file.endsWith('package.json') ? `"packageManager" in ${f.policy.evidence.file}` : f.policy.evidence.file;
      report({
        messageId: 'wrongPackageManager',
        data: { used: f.used, expected: f.policy.expected.join(' or '), evidence, effect: f.writesLockfile ? 'It writes a second lockfile and a different dependency tree' : `Corepack refuses ${f.used} in this project` },
        loc: { offset: head.start, endOffset: head.end },
        related: [{ ...f.policy.evidence, message: `the repository's package manager is set here` }],
      });
    }
  },
});
