import { defineRule, z } from '../src/kit/index.js';

export default defineRule({
  id: 'no-invalid-manifest',
  meta: {
    description: 'Report manifests (package.json, pnpm-workspace.yaml, Cargo.toml, ...) that agents-lint needed and could not parse',
    severity: 'error',
    scope: 'repo',
    tags: ['references', 'workspaces'],
    fixable: false,
    runLast: true,
    messages: {
      invalidManifest: (d: { file: string; problem: string }) =>
        `${d.file} ${d.problem}. Workspace packages and the scripts, targets and settings it declares cannot be checked until it parses. Fix the syntax at this position.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, report }) {
    // Workspace discovery reads the root manifests; the other rules parse what they need on demand,
    // and this rule runs last so it sees every parse that happened.
    repo.workspacePackages();
    for (const problem of repo.manifestProblems()) {
      report({
        messageId: 'invalidManifest',
        data: { file: problem.file, problem: problem.message },
        file: problem.file,
        loc: { start: { line: problem.line, column: problem.column } },
      });
    }
  },
});
