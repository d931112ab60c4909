import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { explain } from '../../src/explain.js';
import { codexBinary, codexAvailable, installCodex, runCodexPromptInputAsync, CODEX_VERSION } from './codex-cli.js';
import { finishFixture, materialize, scenarios, withRoot, type FileSpec } from './scenarios.js';
import { randomRepo } from './random-repos.js';
import { VERIFIED_CODEX_VERSION } from '../../src/discovery/hosts/codex.js';

// Conformance: the simulation against the real Codex CLI, byte for byte. `.ci/run` runs this suite
// unless AGENTS_LINT_SKIP_CONFORMANCE=1 (for machines without the npm registry).
let bin = '';
const temp: string[] = [];

beforeAll(async () => {
  bin = codexBinary() ?? (await installCodex());
  expect(codexAvailable(bin)).toBe(true);
}, 900_000);
afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

interface Case {
  files: Record<string, FileSpec>;
  cwd: string;
  overrides?: string[];
  userFiles?: Record<string, string | Uint8Array>;
  userConfig?: string;
  gitInit?: string[];
  modes?: Record<string, number>;
  cdFlag?: boolean;
}

/** Builds the case on disk, runs the real CLI and our explain(), and returns both texts. */
async function both(c: Case) {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'al-conf-')));
  const home = mkdtempSync(path.join(tmpdir(), 'al-conf-home-'));
  temp.push(root, home);
  materialize(root, c.files);
  finishFixture(root, c);
  materialize(home, c.userFiles ?? {});
  if (c.userConfig) writeFileSync(path.join(home, 'config.toml'), withRoot(c.userConfig, root));
  const overrides = (c.overrides ?? []).map((o) => withRoot(o, root));
  const cwd = path.join(root, c.cwd);
  mkdirSync(cwd, { recursive: true });
  const live = await runCodexPromptInputAsync({ bin, cwd, codexHome: home, configOverrides: overrides, cdFlag: c.cdFlag, timeoutMs: 120_000 });
  // Without -C, Codex takes getcwd(), which resolves symlinks; with -C it keeps the logical path.
  const ourCwd = c.cdFlag ? cwd : realpathSync(cwd);
  const ours = explain({ cwd: ourCwd, paths: [ourCwd], codexHome: home, codexOverrides: overrides, codexTrust: 'unset' }, ourCwd);
  return { root, live, ours: ours.json };
}

describe(`Codex ${CODEX_VERSION} conformance: spec and appendix scenarios`, () => {
  it('the simulator claims the version this suite runs', () => {
    expect(VERIFIED_CODEX_VERSION).toBe(CODEX_VERSION);
  });

  for (const s of scenarios) {
    it(`${s.ref}: ${s.name}`, async () => {
      const { root, live, ours } = await both(s);
      expect(live.instructionsText).toBe(s.expected === null ? null : withRoot(s.expected, root));
      expect(ours.text).toBe(live.instructionsText);
      // Warnings were recorded from `codex exec` (prompt-input prints none).
      expect(ours.warnings).toEqual(s.expectedWarnings.map((w) => withRoot(w, root)));
      if (!s.cdFlag && live.block !== null) expect(ours.block).toBe(live.block);
    });
  }
});

describe(`Codex ${CODEX_VERSION} conformance: randomized repositories`, () => {
  const REPOS = Number(process.env['AGENTS_LINT_CONFORMANCE_REPOS'] ?? 160);
  const cases = Array.from({ length: REPOS }, (_, i) => randomRepo(1000 + i)).flatMap((repo) => repo.cwds.map((cwd) => ({ repo, cwd })));

  it(`covers at least 300 repository/cwd pairs (${cases.length})`, () => {
    expect(cases.length).toBeGreaterThanOrEqual(300);
  });

  for (const { repo, cwd } of cases) {
    it(`seed ${repo.seed}, cwd "${cwd || '.'}"`, async () => {
      const { live, ours } = await both({ files: repo.files, cwd, overrides: repo.overrides, userFiles: repo.userFiles, userConfig: repo.userConfig });
      expect(ours.text).toBe(live.instructionsText);
      if (live.block !== null) expect(ours.block).toBe(live.block);
    });
  }
});
