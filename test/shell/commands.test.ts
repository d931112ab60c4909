import { describe, expect, it } from 'vitest';
import { InstructionFile } from '../../src/markdown/instruction-file.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { commandsOf, prepareCommands } from '../../src/markdown/commands.js';

function fileOf(text: string, path = 'AGENTS.md'): InstructionFile {
  return new InstructionFile({ path, absPath: `/r/${path}`, kind: 'codex', bytes: new TextEncoder().encode(text), parse: parseMarkdown });
}

/** Each command as `cwd$ argv` (`!` marks prohibitions), and each word's text sliced from the file. */
async function extract(text: string, path?: string): Promise<string[]> {
  const file = fileOf(text, path);
  await prepareCommands(file);
  return commandsOf(file).map((c) => {
    for (const w of c.argv) expect(w.dynamic || text.slice(w.start, w.end).replace(/['"]/g, '') === w.value).toBe(true);
    return `${c.prohibited ? '!' : ''}${c.cwd ?? '?'}$ ${c.argv.map((w) => w.value).join(' ')}`;
  });
}

describe('commandsOf', () => {
  const cases: [string, string, string[]][] = [
    ['tagged blocks', '```bash\npnpm install\npnpm test\n```\n', ['$ pnpm install', '$ pnpm test']],
    ['other languages are ignored', '```ts\npnpm.run()\n```\n\n```json\n{"make": 1}\n```\n', []],
    ['console: prompts only, output ignored', '```console\n$ make test\nok 1 - make fails\n> make lint\n```\n', ['$ make test', '$ make lint']],
    ['shell block written as a transcript', '```sh\n$ just fmt\njust: formatted\n```\n', ['$ just fmt']],
    ['cd on an earlier line moves what follows', '```sh\ncd apps/web\npnpm dev\ncd ../..\nmake\n```\n', ['apps/web$ pnpm dev', '$ make']],
    ['cd && in one line', '```sh\ncd crates/core && cargo test\n```\n', ['crates/core$ cargo test']],
    ['cd in a subshell stays there', '```sh\n(cd docs && make html)\nmake test\n```\n', ['docs$ make html', '$ make test']],
    ['cd to a variable makes the cwd unknown', '```sh\ncd "$DIR" && make\n```\n', ['?$ make']],
    ['relative to the file directory', '```sh\npnpm test\n```\n', ['packages/ui$ pnpm test']],
    ['inline spans that read as commands', 'Run `pnpm test` and `make lint`; see `README.md` and `pnpm`.\n', ['$ pnpm test', '$ make lint']],
    // A span's parse is shared by every span of the same text: each keeps its own offsets and sentence.
    ['the same span twice', '- Run `make lint`.\n- Never run `make lint` in CI.\n\n> Again: `make lint`.\n', ['$ make lint', '!$ make lint', '$ make lint']],
    ['prohibitions (before)', 'Never run `npm install`. Do not use `yarn add`. Use pnpm, not `npm ci`.\n', ['!$ npm install', '!$ yarn add', '!$ npm ci']],
    ['prohibitions (after)', '`npm run legacy` is deprecated. `make old` no longer works. `make new` works.\n', ['!$ npm run legacy', '!$ make old', '$ make new']],
    ['a block under a prohibition', "Don't run these:\n\n```sh\nmake nuke\n```\n", ['!$ make nuke']],
    ['untagged blocks only when every line is a tool command', '```\npnpm install\nmake\n```\n\n```\nsrc/\n  index.ts\n```\n\n```\npnpm build\nthen open it\n```\n', ['$ pnpm install', '$ make']],
    ['env and wrappers are stripped', '```sh\nCI=1 env NODE_ENV=test sudo -E make test\n```\n', ['$ make test']],
    ['commands inside lists and quotes keep exact offsets', '- Setup:\n\n  ```sh\n  pnpm i\n  ```\n\n> ```sh\n> just ci\n> ```\n', ['$ pnpm i', '$ just ci']],
  ];
  for (const [name, text, expected] of cases) {
    it(name, async () => expect(await extract(text, name.startsWith('relative') ? 'packages/ui/AGENTS.md' : undefined)).toEqual(expected));
  }

  it('extracts once per file (cached)', async () => {
    const file = fileOf('`pnpm test`\n');
    await prepareCommands(file);
    expect(commandsOf(file)).toBe(commandsOf(file));
  });
});

describe('retired commands are not claims', () => {
  /** [sentence, command, prohibited]: a retired or replaced command is not checked; its replacement is. */
  const table: [string, string, boolean][] = [
    ['`make release` was replaced by CI.', 'make release', true],
    ['`make release` was replaced by `pnpm release`.', 'make release', true],
    ['`make release` was replaced by `pnpm release`.', 'pnpm release', false],
    ['`make release` has been replaced with a GitHub workflow.', 'make release', true],
    ['`make release` is deprecated.', 'make release', true],
    ['`make release` no longer exists.', 'make release', true],
    ["`make release` doesn't exist any more.", 'make release', true],
    ['`make release` was removed in v2.', 'make release', true],
    ['`make release` has been dropped.', 'make release', true],
    ['`make release` was renamed to `make publish`.', 'make release', true],
    ['`make release` was renamed to `make publish`.', 'make publish', false],
    ['`make release` is obsolete.', 'make release', true],
    ['`make release` (deprecated) still prints a warning.', 'make release', true],
    ['We used to run `make release` by hand.', 'make release', true],
    ['`make release` used to publish the docs.', 'make release', true],
    ['Previously, `make release` cut the tag.', 'make release', true],
    ['The deprecated `make release` still works.', 'make release', true],
    ['Use `pnpm release` instead of `make release`.', 'make release', true],
    ['Use `pnpm release` instead of `make release`.', 'pnpm release', false],
    ['Use `pnpm release` rather than `make release` or `make publish`.', 'make publish', true],
    ['Use `pnpm release` in place of `make release`.', 'make release', true],
    ['Instead of `make release`, run `pnpm release`.', 'make release', true],
    ['Instead of `make release`, run `pnpm release`.', 'pnpm release', false],
    ['Instead of running `make release`, push a tag.', 'make release', true],
    ['Rather than `make release`, use `pnpm release`.', 'pnpm release', false],
    ['Never run `npm install`.', 'npm install', true],
    ['Run `make release` after `pnpm build`.', 'make release', false],
    ['`make release` replaced `make publish`.', 'make release', false],
    ['`make release` replaces the old script.', 'make release', false],
    // Words inside other code spans are not cues.
    ['Run `make test`, then `make deprecated-check`.', 'make test', false],
    ['A cue in another sentence does not count. `make old` no longer exists. Run `make new`.', 'make new', false],
  ];
  it.each(table)('%j: `%s` prohibited: %s', async (md, command, prohibited) => {
    const all = await extract(`${md}\n`);
    expect(all).toContain(`${prohibited ? '!' : ''}$ ${command}`);
  });
});

describe('inline spans that run a local script', () => {
  /** A run of a local script is a command (existence and executable bit); a mention stays a path. */
  const cases: [string, string[]][] = [
    ['Run `./scripts/dev.sh`.', ['$ ./scripts/dev.sh']],
    ['Releases: `./scripts/release.sh`.', ['$ ./scripts/release.sh']],
    ['Start the stack with `bin/dev`.', ['$ bin/dev']],
    ['Lint with `scripts/lint.sh --fix`.', ['$ scripts/lint.sh --fix']],
    ['Run `scripts/seed.ts` to load demo data.', ['$ scripts/seed.ts']],
    ['Build with `./gradlew build`.', ['$ ./gradlew build']],
    ['Scaffold with `./scripts/add_rule.py --name MyRule`.', ['$ ./scripts/add_rule.py --name MyRule']],
    ['Bootstrap: `./scripts/setup.sh && pnpm dev`.', ['$ ./scripts/setup.sh', '$ pnpm dev']],
    ['Never run `./scripts/nuke.sh`.', ['!$ ./scripts/nuke.sh']],
    ['Edit `./scripts/dev.sh` to change the port.', []],
    ['See `scripts/lint.sh` for the flags.', []],
    ['Fixtures are shared through `tests/conftest.py`.', []],
    ['The entry point is `./src/index.ts`.', []],
    ['Docs live in `./docs`.', []],
    ['`./scripts/old-deploy.sh` was removed.', []],
    ['Create `./scripts/new.sh` if needed.', []],
    ['Helpers such as `scripts/lib.sh`, e.g. for logging.', []],
  ];
  it.each(cases)('%j', async (md, expected) => {
    expect(await extract(`${md}\n`)).toEqual(expected);
  });
});
