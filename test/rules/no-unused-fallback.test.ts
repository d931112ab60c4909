import * as path from 'node:path';
import rule from '../../rules/no-unused-fallback.js';
import { testRule } from '../helpers/test-rule.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-unused-fallback';
const LINT_CONFIG = '.agents-lint.json ("codex.config")';
const at = (line: number, column: number, endColumn: number) => ({ file: '.agents-lint.json', line, column, endLine: line, endColumn });

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-used`, name: 'a fallback that a directory without AGENTS.md uses' },
    // Codex reads a repository's .codex/config.toml only for a trusted project.
    { fixture: `${F}/invalid-project-config`, name: 'project config is ignored when the project is untrusted', lint: { codexTrust: 'untrusted' } },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-config-file`,
      name: 'entries in the lint config are reported where they are written',
      errors: [
        { ...at(6, 9, 12), messageId: 'empty', data: { name: '', index: 1, source: LINT_CONFIG } },
        { ...at(7, 9, 20), messageId: 'duplicate', data: { name: 'AGENTS.md', index: 2, source: LINT_CONFIG, of: 'the built-in AGENTS.md' } },
        { ...at(8, 9, 24), messageId: 'containsSlash', data: { name: 'docs/CODEX.md', index: 3, source: LINT_CONFIG } },
        { ...at(10, 9, 20), messageId: 'duplicate', data: { name: 'CLAUDE.md', index: 5, source: LINT_CONFIG, of: 'entry 4' } },
        { ...at(11, 9, 20), messageId: 'alwaysShadowed', data: { name: 'GEMINI.md', index: 6, source: LINT_CONFIG, files: 1, shadowedBy: 'AGENTS.md' } },
        { ...at(12, 9, 20), messageId: 'noMatch', data: { name: 'Claude.md', index: 7, source: LINT_CONFIG, suggestion: 'CLAUDE.md' } },
        { ...at(13, 9, 25), messageId: 'noMatch', data: { name: 'CONVENTIONS.md', index: 8, source: LINT_CONFIG, suggestion: null } },
      ],
    },
    {
      fixture: `${F}/invalid-project-config`,
      name: 'trusted .codex/config.toml layers, each judged within the directories it applies to',
      errors: [
        { file: '.codex/config.toml', line: 5, column: 3, endLine: 5, endColumn: 13, messageId: 'noMatch', data: { name: 'NOTES.md', index: 2, source: '.codex/config.toml', suggestion: null } },
        {
          file: 'packages/b/.codex/config.toml',
          line: 1,
          column: 35,
          endLine: 1,
          endColumn: 46,
          messageId: 'alwaysShadowed',
          data: { name: 'CLAUDE.md', index: 1, source: 'packages/b/.codex/config.toml', files: 1, shadowedBy: 'packages/b/AGENTS.md' },
        },
      ],
    },
    {
      fixture: `${F}/invalid-package-json`,
      name: 'the "agents-lint" key of package.json',
      errors: [
        { file: 'package.json', line: 6, column: 63, endLine: 6, endColumn: 74, messageId: 'duplicate', data: { name: 'AGENTS.md', index: 1, source: 'package.json ("codex.config")', of: 'the built-in AGENTS.md' } },
        { file: 'package.json', line: 6, column: 76, endLine: 6, endColumn: 86, messageId: 'noMatch', data: { name: 'NOTES.md', index: 2, source: 'package.json ("codex.config")', suggestion: null } },
      ],
    },
    {
      fixture: `${F}/invalid-user-level`,
      name: '$CODEX_HOME/config.toml: reported at the lint config, naming the source',
      lint: { codexHome: path.join(FIXTURES, 'codex-home', 'fallbacks') },
      errors: [{ ...at(1, 1, 1), messageId: 'noMatch', data: { name: 'TEAM.md', index: 1, source: '$CODEX_HOME/config.toml', suggestion: null } }],
    },
    {
      fixture: `${F}/invalid-user-level`,
      name: '--codex-config flag',
      lint: { codexOverrides: ['project_doc_fallback_filenames=["NOPE.md"]'] },
      errors: [{ ...at(1, 1, 1), messageId: 'noMatch', data: { name: 'NOPE.md', index: 1, source: '--codex-config', suggestion: null } }],
    },
  ],
});
