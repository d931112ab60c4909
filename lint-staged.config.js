// The project's own pre-commit checks. Fixtures hold deliberately broken instruction files, so only
// this project's own instruction files go through agents-lint.
const isFixture = (file) => file.includes('/fixtures/');

export default {
  // ESLint ignores fixtures (eslint.config.js); naming them would only warn that they are ignored.
  '*.ts': (files) => {
    const own = files.filter((f) => !isFixture(f));
    return own.length ? `eslint --max-warnings 0 ${own.map((f) => JSON.stringify(f)).join(' ')}` : [];
  },
  '**/{AGENTS,CLAUDE,GEMINI}*.md': (files) => {
    const own = files.filter((f) => !isFixture(f));
    return own.length ? `node dist/bundle/cli.cjs ${own.map((f) => JSON.stringify(f)).join(' ')}` : [];
  },
};
