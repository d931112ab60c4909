import rule from '../../rules/no-unknown-script.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-unknown-script';

testRule(rule, {
  valid: [
    // A package's file whose command the root package defines; `uv run --only-group dev` takes a value.
    { fixture: `${F}/valid-root-and-options`, name: 'scripts the root defines, options that take values' },
    { fixture: `${F}/valid-npm` },
    { fixture: `${F}/valid-pnpm-monorepo` },
    { fixture: `${F}/valid-prose-and-placeholders` },
    { fixture: `${F}/valid-python-uv` },
    { fixture: `${F}/valid-yarn-berry` },
    { fixture: `${F}/valid-yarn-classic` },
    // Not a workspace: "run `npm run test` from `clients/web/`" runs in clients/web, whose package.json defines it.
    { fixture: `${F}/valid-sentence-directory`, name: 'scripts of the directory the sentence names' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-npm`,
      errors: [
        { file: 'AGENTS.md', line: 5, column: 5, endLine: 5, endColumn: 9, messageId: 'npmNeedsRun', data: { tool: 'npm', name: 'lint', what: 'script', where: 'package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 6, column: 9, endLine: 6, endColumn: 18, messageId: 'unknownScript', data: { tool: 'npm', name: 'test:unit', what: 'script', where: 'package.json', suggestion: 'test:ci' } },
        { file: 'AGENTS.md', line: 7, column: 18, endLine: 7, endColumn: 25, messageId: 'unknownWorkspace', data: { tool: 'npm', name: 'routing', what: 'workspace', where: 'the workspaces of package.json', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-pnpm-monorepo`,
      errors: [
        { file: 'AGENTS.md', line: 7, column: 6, endLine: 7, endColumn: 15, messageId: 'unknownScript', data: { tool: 'pnpm', name: 'typecheck', what: 'script', where: 'package.json', suggestion: 'type-check' } },
        { file: 'AGENTS.md', line: 8, column: 19, endLine: 8, endColumn: 28, messageId: 'unknownScript', data: { tool: 'pnpm', name: 'test:unit', what: 'script', where: 'apps/web/package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 11, column: 16, endLine: 11, endColumn: 22, messageId: 'unknownWorkspace', data: { tool: 'pnpm', name: 'mobile', what: 'workspace package', where: 'pnpm-workspace.yaml', suggestion: '' } },
        { file: 'AGENTS.md', line: 13, column: 35, endLine: 13, endColumn: 39, messageId: 'unknownScript', data: { tool: 'pnpm', name: 'lint', what: 'script', where: 'apps/docs/package.json', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-python-uv`,
      errors: [
        { file: 'AGENTS.md', line: 5, column: 12, endLine: 5, endColumn: 22, messageId: 'unknownScript', data: { tool: 'poe', name: 'type-check', what: 'poe task', where: 'pyproject.toml', suggestion: 'typecheck' } },
        { file: 'AGENTS.md', line: 6, column: 8, endLine: 6, endColumn: 13, messageId: 'unknownScript', data: { tool: 'uv run', name: 'black', what: 'entry point or executable', where: 'pyproject.toml (scripts and dependencies)', suggestion: '' } },
        { file: 'AGENTS.md', line: 9, column: 10, endLine: 9, endColumn: 16, messageId: 'unknownScript', data: { tool: 'poe', name: 'format', what: 'poe task', where: 'pyproject.toml', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-untagged-block`,
      errors: [
        { file: 'AGENTS.md', line: 7, column: 6, endLine: 7, endColumn: 11, messageId: 'unknownScript', data: { tool: 'pnpm', name: 'start', what: 'script', where: 'package.json', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-yarn-berry`,
      errors: [
        { file: 'AGENTS.md', line: 3, column: 9, endLine: 3, endColumn: 18, messageId: 'unknownScript', data: { tool: 'yarn', name: 'bootstrap', what: 'script', where: 'package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 4, column: 19, endLine: 4, endColumn: 31, messageId: 'unknownWorkspace', data: { tool: 'yarn', name: '@babel/parsr', what: 'workspace', where: 'the workspaces of package.json', suggestion: '@babel/parser' } },
        { file: 'AGENTS.md', line: 5, column: 31, endLine: 5, endColumn: 36, messageId: 'unknownScript', data: { tool: 'yarn', name: 'build', what: 'script', where: 'packages/babel-core/package.json', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-yarn-classic`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 6, endLine: 4, endColumn: 14, messageId: 'unknownScript', data: { tool: 'yarn', name: 'build:js', what: 'script', where: 'package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 23, endLine: 5, endColumn: 28, messageId: 'unknownScript', data: { tool: 'yarn', name: 'build', what: 'script', where: 'packages/expect/package.json', suggestion: '' } },
      ],
    },
    {
      // The sentence names a directory that does not define the script either, one without a
      // package.json (its nearest is the root's), and one that does not exist.
      fixture: `${F}/invalid-sentence-directory`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 38, endLine: 4, endColumn: 46, messageId: 'unknownScript', data: { tool: 'npm', name: 'test:e2e', what: 'script', where: 'package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 37, endLine: 5, endColumn: 41, messageId: 'unknownScript', data: { tool: 'npm', name: 'test', what: 'script', where: 'package.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 6, column: 16, endLine: 6, endColumn: 20, messageId: 'unknownScript', data: { tool: 'npm', name: 'lint', what: 'script', where: 'package.json', suggestion: '' } },
      ],
    },
  ],
});

