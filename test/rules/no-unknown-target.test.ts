import rule from '../../rules/no-unknown-target.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-unknown-target';

testRule(rule, {
  valid: [
    { fixture: `${F}/valid-cargo-pnpm-crate` },
    { fixture: `${F}/valid-cd-from-root` },
    { fixture: `${F}/valid-go-make` },
    { fixture: `${F}/valid-go-placeholder` },
    { fixture: `${F}/valid-python-poetry-tox-nox` },
    { fixture: `${F}/valid-rust-just` },
    { fixture: `${F}/valid-turbo` },
    { fixture: `${F}/valid-unparsable-manifests` },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-go-make`,
      errors: [
        // A Copilot file in .github is read by an agent started at the root: looked for from there.
        { file: '.github/copilot-instructions.md', line: 4, column: 25, endLine: 4, endColumn: 44, messageId: 'unknownTarget', data: { tool: 'go', name: './internal/stor/...', what: 'Go package directory', where: 'the repository root', suggestion: './internal/store' } },
        { file: 'AGENTS.md', line: 5, column: 6, endLine: 5, endColumn: 16, messageId: 'unknownTarget', data: { tool: 'make', name: 'docker-run', what: 'make target', where: 'Makefile', suggestion: 'docker-push' } },
        { file: 'AGENTS.md', line: 6, column: 9, endLine: 6, endColumn: 31, messageId: 'unknownTarget', data: { tool: 'go', name: './internal/storage/...', what: 'Go package directory', where: 'the repository root', suggestion: './internal/store' } },
        { file: 'AGENTS.md', line: 7, column: 6, endLine: 7, endColumn: 14, messageId: 'unknownTarget', data: { tool: 'task', name: 'db:reset', what: 'task', where: 'Taskfile.yml', suggestion: '' } },
        { file: 'AGENTS.md', line: 10, column: 22, endLine: 10, endColumn: 27, messageId: 'missingTaskFile', data: { tool: 'make', name: 'Makefile', what: 'Makefile', where: 'deploy', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-python-poetry-tox-nox`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 8, endLine: 4, endColumn: 17, messageId: 'unknownTarget', data: { tool: 'tox', name: 'typecheck', what: 'tox environment', where: 'tox.ini', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 8, endLine: 5, endColumn: 12, messageId: 'unknownTarget', data: { tool: 'nox', name: 'test', what: 'nox session', where: 'noxfile.py', suggestion: 'tests' } },
      ],
    },
    {
      fixture: `${F}/invalid-rust-just`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 6, endLine: 4, endColumn: 11, messageId: 'unknownTarget', data: { tool: 'just', name: 'check', what: 'just recipe', where: 'justfile', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 14, endLine: 5, endColumn: 20, messageId: 'unknownTarget', data: { tool: 'just', name: 'publsh', what: 'recipe in module release', where: 'release.just', suggestion: 'publish' } },
        { file: 'AGENTS.md', line: 6, column: 15, endLine: 6, endColumn: 27, messageId: 'unknownTarget', data: { tool: 'cargo', name: 'ripgrep_core', what: 'cargo package', where: 'Cargo.toml', suggestion: 'ripgrep-core' } },
        { file: 'AGENTS.md', line: 7, column: 7, endLine: 7, endColumn: 14, messageId: 'unknownTarget', data: { tool: 'cargo', name: 'codegen', what: 'cargo subcommand or alias', where: '.cargo/config.toml', suggestion: '' } },
      ],
    },
    {
      fixture: `${F}/invalid-turbo`,
      errors: [
        { file: 'AGENTS.md', line: 3, column: 19, endLine: 3, endColumn: 28, messageId: 'unknownTarget', data: { tool: 'turbo', name: 'typecheck', what: 'turbo task', where: 'turbo.json', suggestion: '' } },
        { file: 'AGENTS.md', line: 4, column: 20, endLine: 4, endColumn: 24, messageId: 'unknownTarget', data: { tool: 'turbo', name: 'lint', what: 'turbo task', where: 'turbo.json', suggestion: '' } },
      ],
    },
  ],
});

