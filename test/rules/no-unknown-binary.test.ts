import rule from '../../rules/no-unknown-binary.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-unknown-binary';

testRule(rule, {
  valid: [
    // `python myagent.py` is the reader's own script; `./api` a module; a script without #! is run through its interpreter.
    { fixture: `${F}/valid-not-runs`, name: 'placeholders, module specifiers, a script without #!' },
    { fixture: `${F}/valid-npx-and-scripts` },
    // bin/dev and scripts/dev.sh are committed as 100755; seed.sh (100644) is only run through `bash`/`sh`.
    { fixture: `${F}/valid-executable-bit` },
    // Inline runs of committed 100755 scripts; mentions ("edit", "read"), removed and prohibited scripts are not runs.
    { fixture: `${F}/valid-inline-scripts` },
    // "The npm script's `cd clients/web` exists only so `npx playwright install chromium` finds the local bin": clients/web declares playwright.
    { fixture: `${F}/valid-sentence-directory`, name: 'binaries of the directory the sentence names' },
    // An untagged block under "Directory structure" listing `docs/`, `  get-started/   # Installation`, and a `├──` tree: names, not script runs.
    { fixture: `${F}/valid-tree-listing`, name: 'a directory tree in a fenced block' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-npx-and-scripts`,
      errors: [
        { file: 'AGENTS.md', line: 4, column: 5, endLine: 4, endColumn: 9, messageId: 'unknownBinary', data: { tool: 'npx', name: 'jest', what: 'download', where: 'the dependencies of package.json and node_modules/.bin', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 5, endLine: 5, endColumn: 11, messageId: 'unknownBinary', data: { tool: 'npx', name: 'eslint', what: 'download', where: 'the dependencies of package.json and node_modules/.bin', suggestion: '' } },
        { file: 'AGENTS.md', line: 6, column: 1, endLine: 6, endColumn: 21, messageId: 'missingLocalScript', data: { tool: './scripts/publish.sh', name: './scripts/publish.sh', what: 'script', where: 'scripts', suggestion: './scripts/release.sh' } },
        { file: 'AGENTS.md', line: 7, column: 6, endLine: 7, endColumn: 25, messageId: 'missingLocalScript', data: { tool: 'node', name: 'scripts/gen-doc.mjs', what: 'script', where: 'scripts', suggestion: 'scripts/gen-docs.mjs' } },
        // scripts/ exists but has no package.json: its nearest is the root's, which does not declare jest either.
        { file: 'AGENTS.md', line: 10, column: 30, endLine: 10, endColumn: 34, messageId: 'unknownBinary', data: { tool: 'npx', name: 'jest', what: 'download', where: 'the dependencies of package.json and node_modules/.bin', suggestion: '' } },
      ],
    },
    {
      // The same tree with the scripts committed as 100644: each direct run fails with EACCES.
      fixture: `${F}/invalid-executable-bit`,
      errors: [
        { file: 'AGENTS.md', line: 6, column: 1, endLine: 6, endColumn: 8, messageId: 'notExecutable', data: { tool: 'bin/dev', name: 'bin/dev', what: 'script', where: 'bin/dev', suggestion: '' } },
        { file: 'AGENTS.md', line: 7, column: 15, endLine: 7, endColumn: 23, messageId: 'notExecutable', data: { tool: './dev.sh', name: './dev.sh', what: 'script', where: 'scripts/dev.sh', suggestion: '' } },
        { file: 'AGENTS.md', line: 14, column: 1, endLine: 14, endColumn: 18, messageId: 'notExecutable', data: { tool: './scripts/seed.sh', name: './scripts/seed.sh', what: 'script', where: 'scripts/seed.sh', suggestion: '' } },
      ],
    },
    {
      // Inline code that runs a local script is a command: each is reported once, underlining the script.
      fixture: `${F}/invalid-inline-scripts`,
      errors: [
        { file: 'AGENTS.md', line: 3, column: 24, endLine: 3, endColumn: 40, messageId: 'notExecutable', data: { tool: './scripts/dev.sh', name: './scripts/dev.sh', what: 'script', where: 'scripts/dev.sh', suggestion: '' } },
        { file: 'AGENTS.md', line: 3, column: 47, endLine: 3, endColumn: 54, messageId: 'notExecutable', data: { tool: 'bin/dev', name: 'bin/dev', what: 'script', where: 'bin/dev', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 6, endLine: 5, endColumn: 22, messageId: 'notExecutable', data: { tool: 'scripts/seed.mjs', name: 'scripts/seed.mjs', what: 'script', where: 'scripts/seed.mjs', suggestion: '' } },
        { file: 'AGENTS.md', line: 5, column: 49, endLine: 5, endColumn: 67, messageId: 'missingLocalScript', data: { tool: './scripts/tests.sh', name: './scripts/tests.sh', what: 'script', where: 'scripts', suggestion: './scripts/test.sh' } },
      ],
    },
  ],
});

