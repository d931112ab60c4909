import rule from '../../rules/no-missing-path.js';
import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../helpers/test-rule.js';

const F = 'rules/no-missing-path';
const missing = (file: string, line: number, column: number, path: string, tried: string, suggestion: string | null) => ({
  file,
  line,
  column,
  endLine: line,
  endColumn: column + path.length,
  messageId: 'missingPath',
  data: { path, tried, suggestion },
});

const movedPaths = [
  // A file that moved: the same name elsewhere is the suggestion.
  missing('AGENTS.md', 3, 13, 'docs/setup.md', '`docs/setup.md`', 'docs/guides/setup.md'),
  // (`./scripts/bootstrap.sh` on line 3 is run, not named: no-unknown-binary reports it, once.)
  // A rename in the same directory: the closest sibling.
  missing('AGENTS.md', 5, 31, 'src/utils/format.ts', '`src/utils/format.ts`', 'src/utils/formatter.ts'),
  // A prohibition still claims the directory exists.
  missing('AGENTS.md', 6, 15, 'generated/', '`generated/`', null),
  // Root-relative: suggested in the same style.
  missing('AGENTS.md', 7, 14, '/config/app.yaml', '`config/app.yaml`', '/config/app.yml'),
  missing('AGENTS.md', 8, 9, 'CONTRIBUTING.md', '`CONTRIBUTING.md`', null),
  // In a table cell. (`tmp/` on line 9 is qualified by "if present" and not reported.)
  missing('AGENTS.md', 13, 10, 'packages/api/src/routes/', '`packages/api/src/routes/`', 'packages/api/src/router/'),
  // An explicit `./` path that is mentioned, not run.
  missing('AGENTS.md', 15, 6, './scripts/teardown.sh', '`scripts/teardown.sh`', null),
  // A directory of the name under the part of the path that exists (`src/`) comes before a closer one elsewhere (`tests/hooks/`).
  missing('AGENTS.md', 17, 16, 'src/hooks/', '`src/hooks/`', 'src/shop/hooks/'),
  // In a heading of a nested file: looked for from the file's directory and the root, suggested relative to the file.
  missing('packages/api/AGENTS.md', 3, 16, 'src/routes/', '`packages/api/src/routes/` and `src/routes/`', 'src/router/'),
];

testRule(rule, {
  valid: [
    {
      fixture: `${F}/valid-not-paths`,
      name: 'properties, extensions, CSS classes, naming conventions, placeholders, module specifiers, other repositories, per-example layouts, personal files',
    },
    {
      fixture: `${F}/valid-real-project`,
      name: 'a real monorepo: existing paths, globs, placeholders, packages, identifiers, gitignored outputs, qualifiers',
    },
    {
      fixture: `${F}/valid-relative-places`,
      name: 'paths relative to an ancestor directory (the package), and a `../x` specifier as the files of a subdirectory write it',
    },
    {
      // `./scripts/tests.sh` is missing, but it is run: no-unknown-binary reports it, not this rule.
      fixture: 'rules/no-unknown-binary/invalid-inline-scripts',
      name: 'local script runs are commands, not paths',
    },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-negated-sentences`,
      name: 'negated sentences ("there is no", "never commit", "CI fails on", "is gitignored", ...) are not claims; their neighbours are',
      errors: [
        // "Use `bun.lock`, not `package-lock.json`": the first is a claim, the second is negated.
        missing('AGENTS.md', 8, 30, 'bun.lock', '`bun.lock`', null),
        missing('AGENTS.md', 10, 9, 'src/app.ts', '`src/app.ts`', null),
        // A prohibition on editing still claims the directory exists.
        missing('AGENTS.md', 10, 54, 'src/generated/', '`src/generated/`', null),
        // "no" and "do not commit" negate only what they stand next to.
        missing('AGENTS.md', 11, 25, 'src/server.ts', '`src/server.ts`', null),
        missing('AGENTS.md', 11, 71, 'src/db.ts', '`src/db.ts`', null),
      ],
    },
    { fixture: `${F}/invalid-moved-paths`, name: 'moved, renamed and deleted paths', errors: movedPaths },
    {
      // CLAUDE.md is a symlink to AGENTS.md: the same text, linted once, at its target.
      fixture: `${F}/invalid-symlinked-claude`,
      name: 'a file and a symlink to it are reported once',
      errors: [missing('AGENTS.md', 3, 21, 'db/schema.sql', '`db/schema.sql`', null)],
    },
    {
      fixture: `${F}/invalid-moved-paths`,
      name: 'the ignore option silences exact paths and directory prefixes',
      options: { ignore: ['generated/', 'CONTRIBUTING.md', 'packages/api/'] },
      errors: movedPaths.filter((e) => !['generated/', 'CONTRIBUTING.md', 'packages/api/src/routes/'].includes(e.data.path)),
    },
  ],
});

describe('no-missing-path on a file with a symlinked alias', () => {
  it('names the alias as a related location of the one finding', async () => {
    const [d, ...rest] = await runRule(rule, { fixture: `${F}/invalid-symlinked-claude` });
    expect(rest).toEqual([]);
    expect(d?.related).toEqual([{ file: 'CLAUDE.md', line: 3, column: 21, message: 'the same text, read as CLAUDE.md (a symlink to AGENTS.md)' }]);
  });
});
