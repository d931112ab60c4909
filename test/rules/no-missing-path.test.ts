import rule from '../../rules/no-missing-path.js';
import { testRule } from '../helpers/test-rule.js';

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
  missing('AGENTS.md', 3, 39, './scripts/bootstrap.sh', '`scripts/bootstrap.sh`', null),
  // A rename in the same directory: the closest sibling.
  missing('AGENTS.md', 5, 31, 'src/utils/format.ts', '`src/utils/format.ts`', 'src/utils/formatter.ts'),
  // A prohibition still claims the directory exists.
  missing('AGENTS.md', 6, 15, 'generated/', '`generated/`', null),
  // Root-relative: suggested in the same style.
  missing('AGENTS.md', 7, 14, '/config/app.yaml', '`config/app.yaml`', '/config/app.yml'),
  missing('AGENTS.md', 8, 9, 'CONTRIBUTING.md', '`CONTRIBUTING.md`', null),
  // In a table cell. (`tmp/` on line 9 is qualified by "if present" and not reported.)
  missing('AGENTS.md', 13, 10, 'packages/api/src/routes/', '`packages/api/src/routes/`', 'packages/api/src/router/'),
  // In a heading of a nested file: looked for from the file's directory and the root, suggested relative to the file.
  missing('packages/api/AGENTS.md', 3, 16, 'src/routes/', '`packages/api/src/routes/` and `src/routes/`', 'src/router/'),
];

testRule(rule, {
  valid: [
    {
      fixture: `${F}/valid-real-project`,
      name: 'a real monorepo: existing paths, globs, placeholders, packages, identifiers, gitignored outputs, qualifiers',
    },
  ],
  invalid: [
    { fixture: `${F}/invalid-moved-paths`, name: 'moved, renamed and deleted paths', errors: movedPaths },
    {
      fixture: `${F}/invalid-moved-paths`,
      name: 'the ignore option silences exact paths and directory prefixes',
      options: { ignore: ['generated/', 'CONTRIBUTING.md', 'packages/api/'] },
      errors: movedPaths.filter((e) => !['generated/', 'CONTRIBUTING.md', 'packages/api/src/routes/'].includes(e.data.path)),
    },
  ],
});
