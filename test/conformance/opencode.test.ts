import { cpSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPENCODE_VERSION, installOpencode, opencodeInstructions } from './opencode-cli.js';
import { simulateFixture } from '../discovery/hosts/scenarios.js';
import { FIXTURES } from '../helpers/paths.js';
import { writeScenario } from './harness.js';
import { VERIFIED_ON } from '../../src/discovery/hosts/opencode.js';

// Compares the opencode profile with the real OpenCode 1.18.33 at session start: the scenarios
// below plus every session-start case of fixtures/hosts/opencode. Skippable with
// AGENTS_LINT_SKIP_CONFORMANCE=1.
const skip = process.env['AGENTS_LINT_SKIP_CONFORMANCE'] === '1';

interface Scenario {
  name: string;
  files: Record<string, string>;
  cwd: string;
  host?: string;
  /** Directories (relative to the root) that get their own `git init` besides the root. */
  gitInit?: string[];
  /** How many files the real CLI loads (guards against two equally empty answers). */
  loads: number;
}

const scenarios: Scenario[] = [
  { name: 'AGENTS.md at the root', loads: 1, cwd: '', files: { 'AGENTS.md': 'Root rules.\n' } },
  { name: 'AGENTS.md from the cwd up to the worktree, nearest first', loads: 2, cwd: 'pkg/deep', files: { 'AGENTS.md': 'Root.\n', 'pkg/deep/AGENTS.md': 'Deep.\n\n  ', 'Other/AGENTS.md': 'off the path\n' } },
  { name: 'files below the cwd are not loaded at session start', loads: 1, cwd: '', files: { 'AGENTS.md': 'Root.\n', 'sub/AGENTS.md': 'Sub.\n' } },
  { name: 'CONTEXT.md alone', loads: 1, cwd: '', files: { 'CONTEXT.md': 'Context.\n' } },
  { name: 'CLAUDE.md is used when no AGENTS.md is on the path', loads: 2, cwd: 'a', files: { 'CLAUDE.md': 'Claude root.\n', 'a/CLAUDE.md': 'Claude a.\n', 'a/CONTEXT.md': 'Context a.\n' } },
  { name: 'CLAUDE.md with OPENCODE_DISABLE_CLAUDE_CODE_PROMPT falls to CONTEXT.md', host: 'opencode:v1-no-claude', loads: 1, cwd: 'a', files: { 'CLAUDE.md': 'Claude root.\n', 'a/CONTEXT.md': 'Context a.\n' } },
  { name: 'an empty AGENTS.md', loads: 0, cwd: '', files: { 'AGENTS.md': '', 'CLAUDE.md': 'Claude.\n' } },
  { name: '.git boundary: nothing above the nearest worktree is loaded', loads: 1, cwd: 'inner/src', gitInit: ['inner'], files: { 'AGENTS.md': 'Outer.\n', 'inner/AGENTS.md': 'Inner.\n' } },
  {
    name: 'opencode.json instructions: glob and plain path, a missing entry ignored',
    loads: 3,
    cwd: '',
    files: { 'opencode.json': '{ "instructions": ["docs/*.md", "RULES.md", "nope.md"] }', 'AGENTS.md': 'Agents.\n', 'docs/a.md': 'Doc a.\n', 'docs/b.txt': 'not md\n', 'RULES.md': 'Rules.\n' },
  },
];

interface FixtureCase {
  name: string;
  host: string;
  cwd: string;
  moment?: unknown;
}

/** The files named by the "Instructions from: <path>" headers. */
function headers(text: string | null): string[] {
  return [...(text ?? '').matchAll(/^Instructions from: (.*)$/gm)].map((m) => m[1] ?? '');
}

describe.skipIf(skip)(`OpenCode ${OPENCODE_VERSION} conformance`, () => {
  let bin: string | null = null;
  const copies: string[] = [];
  beforeAll(() => {
    bin = installOpencode();
  });
  afterAll(() => copies.forEach((c) => rmSync(c, { recursive: true, force: true })));

  function compare(root: string, host: string, cwd: string): string[] {
    expect(bin, 'OpenCode could not be installed from the npm registry').not.toBeNull();
    const { sim } = simulateFixture(root, host, cwd);
    const real = opencodeInstructions(bin as string, path.join(root, cwd), host.endsWith(':v1-no-claude'));
    expect(real.system).toContain(`Working directory: ${path.join(root, cwd)}`);
    expect(sim.text).toBe(real.instructions);
    expect(sim.files.filter((f) => !f.skipped && f.kind !== 'nested').map((f) => f.path)).toEqual(headers(real.instructions));
    return headers(real.instructions);
  }

  function freshRoot(): string {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'agents-lint-oc-')));
    copies.push(root);
    return root;
  }

  it('the profile names the version this suite runs', () => {
    expect(VERIFIED_ON).toContain(OPENCODE_VERSION);
  });

  for (const s of scenarios) {
    it(s.name, () => {
      const root = freshRoot();
      writeScenario(root, s);
      expect(compare(root, s.host ?? 'opencode', s.cwd)).toHaveLength(s.loads);
    });
  }

  const base = path.join(FIXTURES, 'hosts', 'opencode');
  for (const scenario of readdirSync(base).sort()) {
    const { cases } = JSON.parse(readFileSync(path.join(base, scenario, 'expected.json'), 'utf8')) as { cases: FixtureCase[] };
    for (const c of cases.filter((x) => !x.moment)) {
      it(`fixtures/hosts/opencode/${scenario}: ${c.name}`, () => {
        const root = freshRoot();
        cpSync(path.join(base, scenario), root, { recursive: true, verbatimSymlinks: true });
        spawnSync('git', ['init', '-q'], { cwd: root });
        compare(root, c.host, c.cwd);
      });
    }
  }
});
