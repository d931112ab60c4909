import rule from '../../rules/no-broken-import.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-broken-import';

testRule(rule, {
  valid: [
    // @alice and @acme/db are not paths; `@nowhere.md` is code; dev@example.com has no leading space.
    { fixture: `${F}/valid-imports`, name: 'an existing import beside mentions, code and e-mail' },
    // modelcontextprotocol/inspector in miniature: the root CLAUDE.md imports ./AGENTS.md and ./README.md,
    // and .github holds Copilot's file. .github is a host's config directory, not a working directory:
    // from the root both imports are inside the cwd (it was reported "outside the working directory of .github").
    { fixture: `${F}/valid-copilot-dir`, name: 'imports from the root are not outside a cwd in .github (no cwd in a dot-directory)' },
    // PrefectHQ/prefect in miniature: `@/mocks` is a TypeScript path alias in prose. Claude Code reads
    // it as the absolute path /mocks, which does not exist: nothing is loaded, nothing to report.
    { fixture: `${F}/valid-path-alias`, name: 'an @/alias that names no file anywhere is no import' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-imports`,
      name: 'Claude Code: missing, outside, non-text, too deep (lfs = 5), cyclic',
      errors: [
        { file: 'CLAUDE.md', line: 3, column: 10, endLine: 3, endColumn: 26, messageId: 'missing', data: { file: 'CLAUDE.md', target: 'docs/missing.md', resolved: 'docs/missing.md', hosts: 'claude-code', limit: 0, cwds: '1 working directory (.)' } },
        { file: 'CLAUDE.md', line: 5, column: 11, endLine: 5, endColumn: 25, messageId: 'outside', data: { file: 'CLAUDE.md', target: '../outside.md', resolved: '../outside.md', hosts: 'claude-code', limit: 0, cwds: '1 working directory (.)' } },
        { file: 'CLAUDE.md', line: 7, column: 9, endLine: 7, endColumn: 18, messageId: 'nonText', data: { file: 'CLAUDE.md', target: 'logo.png', resolved: 'logo.png', hosts: 'claude-code', limit: 0, cwds: '1 working directory (.)' } },
        // CLAUDE.md is depth 0, so d4.md is depth 4 and d5.md would be depth 5: not loaded.
        { file: 'deep/d4.md', line: 1, column: 16, endLine: 1, endColumn: 22, messageId: 'depth', data: { file: 'deep/d4.md', target: 'd5.md', resolved: 'deep/d5.md', hosts: 'claude-code', limit: 5, cwds: '1 working directory (.)' } },
        { file: 'docs/b.md', line: 1, column: 17, endLine: 1, endColumn: 22, messageId: 'cycle', data: { file: 'docs/b.md', target: 'a.md', resolved: 'docs/a.md', hosts: 'claude-code', limit: 0, cwds: '1 working directory (.)' } },
      ],
    },
    {
      fixture: `${F}/invalid-approval`,
      name: "Claude Code: a root CLAUDE.md's @AGENTS.md is outside the package cwd (loaded only after approval)",
      errors: [
        { file: 'CLAUDE.md', line: 1, column: 1, endLine: 1, endColumn: 11, messageId: 'needsApproval', data: { file: 'CLAUDE.md', target: 'AGENTS.md', resolved: 'AGENTS.md', hosts: 'claude-code', limit: 0, cwds: '1 working directory (packages/a)' } },
      ],
    },
    {
      fixture: `${F}/invalid-gemini`,
      name: 'Gemini CLI: a missing @./path import',
      errors: [{ file: 'GEMINI.md', line: 3, column: 6, endLine: 3, endColumn: 22, messageId: 'missing', data: { file: 'GEMINI.md', target: './docs/setup.md', resolved: 'docs/setup.md', hosts: 'gemini-cli', limit: 0, cwds: '1 working directory (.)' } }],
    },
  ],
});
