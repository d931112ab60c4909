import rule from '../../rules/no-broken-link.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-broken-link';

testRule(rule, {
  valid: [
    // Documentation pages named agents.md, agent.md or agent-spec.md are no agent's instructions: not linted.
    { fixture: 'rules/no-unreachable-instructions/valid-other-hosts-and-pages', name: 'pages about agents are not instruction files' },
    {
      fixture: `${F}/valid-real-project`,
      name: 'GitHub slugs (duplicates, punctuation, emoji, Unicode, setext), HTML anchors, directories and their READMEs, images, definitions, HTML links, gitignored targets, URLs',
    },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-broken-links`,
      errors: [
        {
          file: 'AGENTS.md',
          line: 5,
          column: 24,
          endLine: 5,
          endColumn: 37,
          messageId: 'missingTarget',
          data: { url: 'docs/setup.md', resolved: 'docs/setup.md', suggestion: 'docs/guides/setup.md' },
        },
        // The heading was reworded: "Running tests".
        { file: 'AGENTS.md', line: 5, column: 63, endLine: 5, endColumn: 72, messageId: 'missingAnchor', data: { anchor: 'run-tests', target: 'README.md', suggestion: 'running-tests' } },
        // A same-file anchor: AGENTS.md has no "Deploy" heading (README.md's does not count).
        { file: 'AGENTS.md', line: 6, column: 24, endLine: 6, endColumn: 30, messageId: 'missingAnchor', data: { anchor: 'deploy', target: 'AGENTS.md', suggestion: null } },
        {
          file: 'AGENTS.md',
          line: 7,
          column: 19,
          endLine: 7,
          endColumn: 44,
          messageId: 'missingTarget',
          data: { url: 'docs/img/architecture.svg', resolved: 'docs/img/architecture.svg', suggestion: 'docs/img/architecture.png' },
        },
        { file: 'AGENTS.md', line: 8, column: 37, endLine: 8, endColumn: 66, messageId: 'outsideRepo', data: { url: '../../platform/CONVENTIONS.md' } },
        // A link reference definition.
        { file: 'AGENTS.md', line: 11, column: 10, endLine: 11, endColumn: 25, messageId: 'missingTarget', data: { url: 'docs/RELEASE.md', resolved: 'docs/RELEASE.md', suggestion: null } },
        // HTML links: the href value (inline HTML), and the fragment against the target's headings.
        { file: 'AGENTS.md', line: 13, column: 31, endLine: 13, endColumn: 37, messageId: 'missingAnchor', data: { anchor: 'instal', target: 'docs/guides/setup.md', suggestion: null } },
        {
          file: 'AGENTS.md',
          line: 13,
          column: 62,
          endLine: 13,
          endColumn: 84,
          messageId: 'missingTarget',
          data: { url: 'docs/guides/missing.md', resolved: 'docs/guides/missing.md', suggestion: null },
        },
        // Block HTML: a directory's fragment names a heading of the README GitHub renders below it.
        { file: 'AGENTS.md', line: 16, column: 26, endLine: 16, endColumn: 35, messageId: 'missingAnchor', data: { anchor: 'deploying', target: 'packages/web/README.md', suggestion: 'deploy' } },
        { file: 'AGENTS.md', line: 16, column: 55, endLine: 16, endColumn: 72, messageId: 'missingTarget', data: { url: 'docs/img/logo.svg', resolved: 'docs/img/logo.svg', suggestion: null } },
        // `packages/web/#deploy` and `packages/web#deploy` land on its README's "Deploy"; docs/guides/ has no README.
        { file: 'AGENTS.md', line: 19, column: 97, endLine: 19, endColumn: 102, messageId: 'missingAnchor', data: { anchor: 'setup', target: 'docs/guides/', suggestion: null } },
        // `../../README.md` from packages/web/ is the root README: its anchor is checked there.
        {
          file: 'packages/web/AGENTS.md',
          line: 3,
          column: 53,
          endLine: 3,
          endColumn: 63,
          messageId: 'missingAnchor',
          data: { anchor: 'deployment', target: 'README.md', suggestion: 'deploy' },
        },
      ],
    },
  ],
});
