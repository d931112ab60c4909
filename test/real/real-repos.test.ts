import * as path from 'node:path';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { rules } from '../../rules/index.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';

/**
 * Precision of the reference rules on a dozen monorepos laid out after real open-source projects
 * (turborepo, jest, ruff, tauri, nx, fresh, ...): each fixture's AGENTS.md files are written the way
 * such a project writes them, with a few realistic stale references planted (a renamed script, a
 * removed make target, a moved path, a dead anchor, the wrong package manager). The exact set of
 * findings is asserted: every planted reference is reported, and nothing that exists is, nor what a
 * sentence says does not exist ("there is no `package.json`", "CI fails on a `package-lock.json`",
 * "`make release` was removed", "`deno task bundle` was replaced by ...").
 */
const REFERENCE_RULES = new Set(['no-unknown-script', 'no-unknown-target', 'no-unknown-binary', 'no-wrong-package-manager', 'no-missing-path', 'no-broken-link']);
const REAL = path.join(FIXTURES, 'real');

/** [file, line, column, rule, messageId, name]: the name is the script, target, binary, path or link. */
type Row = [string, number, number, string, string, string];

/** Every planted stale reference, per fixture. */
const PLANTED: Record<string, Row[]> = {
  // Bun + Elysia API (bun.lock): renamed scripts, an undeclared bunx binary, npm in a bun repo, a 644 script run directly, a dead anchor.
  'bun-elysia': [
    ['AGENTS.md', 14, 9, 'no-unknown-script', 'unknownScript', 'format'],
    ['AGENTS.md', 16, 1, 'no-wrong-package-manager', 'wrongPackageManager', 'npm'],
    ['AGENTS.md', 17, 5, 'no-unknown-script', 'unknownScript', 'db:seed'],
    ['AGENTS.md', 20, 6, 'no-unknown-binary', 'unknownBinary', 'prisma'],
    ['AGENTS.md', 21, 1, 'no-unknown-binary', 'notExecutable', './scripts/seed.ts'],
    ['AGENTS.md', 24, 9, 'no-unknown-binary', 'missingLocalScript', 'src/worker.ts'],
    ['AGENTS.md', 30, 65, 'no-broken-link', 'missingAnchor', 'docs/api.md#auth'],
    // Inline code that runs the same 644 script: a command, reported once (not also as a path).
    ['AGENTS.md', 31, 31, 'no-unknown-binary', 'notExecutable', './scripts/seed.ts'],
  ],
  // Deno Fresh app (deno.json tasks, no package.json): removed tasks, a missing `deno run` script, a moved component, a dead anchor.
  'deno-fresh': [
    ['AGENTS.md', 13, 11, 'no-unknown-script', 'unknownScript', 'lint'],
    ['AGENTS.md', 15, 11, 'no-unknown-script', 'unknownScript', 'e2e'],
    ['AGENTS.md', 17, 13, 'no-unknown-binary', 'missingLocalScript', 'scripts/migrate.ts'],
    ['AGENTS.md', 22, 4, 'no-missing-path', 'missingPath', 'components/Header.tsx'],
    ['AGENTS.md', 25, 32, 'no-broken-link', 'missingAnchor', 'docs/deploy.md#environment'],
    // An HTML link's fragment is checked like a Markdown link's.
    ['AGENTS.md', 28, 27, 'no-broken-link', 'missingAnchor', 'docs/deploy.md#secrets'],
  ],
  // Go service with Makefile (+ included .mk) and Taskfile includes: removed make target, moved Go package, missing namespaced task, `make -C` into a dir without a Makefile.
  'go-make-task': [
    ['AGENTS.md', 13, 6, 'no-unknown-target', 'unknownTarget', 'fmt'],
    ['AGENTS.md', 15, 9, 'no-unknown-target', 'unknownTarget', './internal/storage/...'],
    ['AGENTS.md', 27, 6, 'no-unknown-target', 'unknownTarget', 'db:seed'],
    ['AGENTS.md', 32, 72, 'no-missing-path', 'missingPath', 'deploy/k8s/'],
    ['AGENTS.md', 33, 47, 'no-broken-link', 'missingAnchor', 'docs/operations.md#deploy'],
    ['AGENTS.md', 34, 21, 'no-unknown-target', 'missingTaskFile', 'Makefile'],
    // `docs/#rollbacks` names a heading of docs/README.md, which GitHub renders below the listing.
    ['AGENTS.md', 36, 59, 'no-broken-link', 'missingAnchor', 'docs/README.md#rollbacks'],
  ],
  // npm workspaces: a missing script, an unknown workspace path, `npm <script>` without run, an undeclared npx binary.
  'npm-workspaces': [
    ['AGENTS.md', 12, 11, 'no-unknown-script', 'unknownScript', 'typecheck'],
    ['AGENTS.md', 15, 20, 'no-unknown-script', 'unknownWorkspace', 'packages/utils'],
    ['AGENTS.md', 19, 50, 'no-unknown-script', 'npmNeedsRun', 'test:watch'],
    ['AGENTS.md', 21, 20, 'no-unknown-binary', 'unknownBinary', 'prettier'],
    ['AGENTS.md', 22, 69, 'no-broken-link', 'missingAnchor', 'docs/RELEASING.md#publish'],
    ['AGENTS.md', 23, 73, 'no-missing-path', 'missingPath', 'packages/cli/src/commands/'],
  ],
  // Nx (project.json targets, no inference plugins): unknown targets, an unknown project, a missing npm script.
  'nx-workspace': [
    ['AGENTS.md', 14, 23, 'no-unknown-target', 'unknownTarget', 'i18n'],
    ['AGENTS.md', 16, 30, 'no-unknown-target', 'unknownTarget', 'typecheck'],
    ['AGENTS.md', 19, 13, 'no-unknown-script', 'unknownWorkspace', 'shared-utils'],
    ['AGENTS.md', 24, 52, 'no-unknown-script', 'unknownScript', 'format:check'],
    ['AGENTS.md', 26, 81, 'no-missing-path', 'missingPath', 'tools/scripts/check-deps.mjs'],
    ['AGENTS.md', 27, 43, 'no-broken-link', 'missingAnchor', 'docs/boundaries.md#project-tags'],
  ],
  // Hatch envs + nox sessions (attrs style): an undefined hatch script and env, sessions renamed by name=.
  'python-hatch-nox': [
    ['AGENTS.md', 16, 16, 'no-unknown-script', 'unknownScript', 'fmt'],
    ['AGENTS.md', 17, 11, 'no-unknown-target', 'unknownTarget', 'docs'],
    ['AGENTS.md', 28, 8, 'no-unknown-target', 'unknownTarget', 'lint'],
    ['AGENTS.md', 29, 8, 'no-unknown-target', 'unknownTarget', 'docs'],
    ['AGENTS.md', 33, 36, 'no-broken-link', 'missingAnchor', 'CONTRIBUTING.md#news-fragments'],
    ['AGENTS.md', 34, 68, 'no-missing-path', 'missingPath', 'src/attrs_ext/converters.py'],
  ],
  // Poetry + tox (Django add-on): a renamed entry point, an undeclared tool, an unknown tox env; factor envs (py311) are fine.
  'python-poetry-tox': [
    ['AGENTS.md', 13, 12, 'no-unknown-script', 'unknownScript', 'drf-check'],
    ['AGENTS.md', 15, 12, 'no-unknown-script', 'unknownScript', 'mypy'],
    ['AGENTS.md', 24, 8, 'no-unknown-target', 'unknownTarget', 'typing'],
    ['AGENTS.md', 29, 70, 'no-missing-path', 'missingPath', 'src/drf_extras/pagination.py'],
  ],
  // uv + poethepoet: renamed poe tasks and a removed entry point.
  'python-uv-poe': [
    ['AGENTS.md', 19, 12, 'no-unknown-script', 'unknownScript', 'fmt'],
    ['AGENTS.md', 22, 8, 'no-unknown-script', 'unknownScript', 'httpkit-server'],
    ['AGENTS.md', 26, 5, 'no-unknown-script', 'unknownScript', 'coverage'],
    ['AGENTS.md', 29, 65, 'no-missing-path', 'missingPath', 'src/httpkit/retry.py'],
    ['AGENTS.md', 32, 79, 'no-broken-link', 'missingAnchor', 'docs/development.md#releasing'],
  ],
  // Cargo workspace + justfile + .cargo aliases (ruff style): unknown -p package, removed recipe, unknown cargo alias, a 644 script.
  'rust-just-ruff': [
    ['AGENTS.md', 11, 15, 'no-unknown-target', 'unknownTarget', 'ruff_python_formatter'],
    ['AGENTS.md', 14, 6, 'no-unknown-target', 'unknownTarget', 'lint'],
    ['AGENTS.md', 24, 5, 'no-missing-path', 'missingPath', 'crates/ruff_linter/src/codes.rs'],
    ['AGENTS.md', 25, 83, 'no-broken-link', 'missingAnchor', 'CONTRIBUTING.md#snapshot-tests'],
    ['AGENTS.md', 30, 1, 'no-unknown-binary', 'notExecutable', './scripts/check_ecosystem.sh'],
    ['AGENTS.md', 32, 7, 'no-unknown-target', 'unknownTarget', 'bench-all'],
  ],
  // Rust crates + pnpm packages (tauri style), with a nested examples/api/AGENTS.md.
  'tauri-mixed': [
    ['AGENTS.md', 13, 15, 'no-unknown-target', 'unknownTarget', 'tauri-runtime-wry'],
    ['AGENTS.md', 17, 1, 'no-unknown-binary', 'missingLocalScript', './.scripts/ci/check-license-header.js'],
    ['AGENTS.md', 29, 6, 'no-unknown-script', 'unknownScript', 'lint'],
    ['AGENTS.md', 33, 34, 'no-broken-link', 'missingAnchor', 'ARCHITECTURE.md#change-files'],
    ['AGENTS.md', 34, 30, 'no-missing-path', 'missingPath', 'crates/tauri-runtime-wry/'],
    ['AGENTS.md', 36, 84, 'no-broken-link', 'missingAnchor', 'ARCHITECTURE.md#runtimes'],
    ['examples/api/AGENTS.md', 9, 1, 'no-wrong-package-manager', 'wrongPackageManager', 'npm'],
    ['examples/api/AGENTS.md', 10, 10, 'no-unknown-script', 'unknownScript', 'preview'],
    ['examples/api/AGENTS.md', 15, 63, 'no-missing-path', 'missingPath', 'src-tauri/capabilities/default.json'],
  ],
  // pnpm + turbo (create-turbo layout), with a nested apps/web/AGENTS.md.
  'turborepo-pnpm': [
    ['AGENTS.md', 20, 6, 'no-unknown-script', 'unknownScript', 'typecheck'],
    ['AGENTS.md', 23, 15, 'no-unknown-script', 'unknownWorkspace', '@repo/utils'],
    ['AGENTS.md', 24, 1, 'no-wrong-package-manager', 'wrongPackageManager', 'yarn'],
    ['AGENTS.md', 31, 33, 'no-missing-path', 'missingPath', 'apps/web/pages/index.tsx'],
    ['AGENTS.md', 32, 66, 'no-broken-link', 'missingAnchor', 'docs/architecture.md#remote-caching'],
    ['AGENTS.md', 37, 14, 'no-unknown-target', 'unknownTarget', 'e2e'],
    ['AGENTS.md', 38, 50, 'no-broken-link', 'missingTarget', 'packages/eslint-config/README.md'],
    // packages/ui/ has no README, so GitHub shows only its listing: no `#button` there.
    ['AGENTS.md', 40, 40, 'no-broken-link', 'missingAnchor', 'packages/ui/#button'],
    ['apps/web/AGENTS.md', 9, 6, 'no-unknown-script', 'unknownScript', 'storybook'],
    ['apps/web/AGENTS.md', 14, 26, 'no-missing-path', 'missingPath', 'app/actions.ts'],
    ['apps/web/AGENTS.md', 16, 29, 'no-broken-link', 'missingAnchor', 'AGENTS.md#known-issues'],
  ],
  // Yarn 4 workspaces (jest style): renamed scripts, a workspace selected by folder instead of name, npm in a yarn repo.
  'yarn-berry-jest': [
    ['AGENTS.md', 14, 54, 'no-unknown-script', 'unknownScript', 'build-clean'],
    ['AGENTS.md', 23, 6, 'no-unknown-script', 'unknownScript', 'typecheck:test'],
    // `npm run jest` (line 26) runs a script and writes no lockfile: no longer a wrong package manager.
    ['AGENTS.md', 29, 41, 'no-broken-link', 'missingAnchor', 'CONTRIBUTING.md#changelog-entries'],
    ['AGENTS.md', 32, 4, 'no-missing-path', 'missingPath', 'packages/jest-config/src/normalize.ts'],
    ['AGENTS.md', 33, 42, 'no-unknown-script', 'unknownWorkspace', 'website'],
  ],
};

function nameOf(data: Record<string, unknown> | undefined): string {
  const d = data ?? {};
  const pick = (k: string) => (typeof d[k] === 'string' && d[k] !== '' ? (d[k] as string) : undefined);
  const anchor = pick('anchor');
  return pick('name') ?? pick('path') ?? (anchor ? `${pick('target')}#${anchor}` : undefined) ?? pick('target') ?? pick('url') ?? pick('used') ?? '';
}

const byKey = (a: Row, b: Row) => (a[0] === b[0] ? a[1] - b[1] || a[2] - b[2] : a[0] < b[0] ? -1 : 1);

describe('reference rules on real-world monorepo layouts', () => {
  const fixtures = readdirSync(REAL).sort();

  it('covers a dozen ecosystems, each linted as its own root', () => {
    expect(fixtures).toEqual(Object.keys(PLANTED).sort());
    expect(fixtures.length).toBeGreaterThanOrEqual(12);
    for (const name of fixtures) expect(JSON.parse(readFileSync(path.join(REAL, name, '.agents-lint.json'), 'utf8'))).toEqual({ root: true });
  });

  for (const name of Object.keys(PLANTED)) {
    it(`${name}: reports every planted stale reference and nothing that exists`, async () => {
      const root = path.join(REAL, name);
      expect(existsSync(root)).toBe(true);
      const result = await lint({ paths: [root], root, codexHome: EMPTY_CODEX_HOME, rules: rules.filter((r) => REFERENCE_RULES.has(r.id)) });
      const actual: Row[] = result.diagnostics
        .filter((d) => d.ruleId !== null && REFERENCE_RULES.has(d.ruleId))
        .map((d) => [d.file, d.line, d.column, d.ruleId ?? '', d.messageId ?? '', nameOf(d.data as Record<string, unknown> | undefined)]);
      expect(actual.sort(byKey)).toEqual([...(PLANTED[name] ?? [])].sort(byKey));
    });
  }
});
