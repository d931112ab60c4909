import { cpSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GEMINI_CLI_VERSION, geminiContext, installGeminiCli } from './gemini-cli-cli.js';
import { simulateFixture } from '../discovery/hosts/scenarios.js';
import { FIXTURES } from '../helpers/paths.js';
import { writeScenario } from './harness.js';
import { VERIFIED_ON } from '../../src/discovery/hosts/gemini-cli.js';

// Compares the gemini-cli profile ('current' variant, ≥ 0.44) with the real Gemini CLI 0.61.0 at
// session start: the scenarios below plus every session-start case of fixtures/hosts/gemini-cli.
// Skippable with AGENTS_LINT_SKIP_CONFORMANCE=1.
const skip = process.env['AGENTS_LINT_SKIP_CONFORMANCE'] === '1';

interface Scenario {
  name: string;
  /** `/`-separated path → content. */
  files: Record<string, string>;
  /** Working directory relative to the root ('' = the root). */
  cwd: string;
  /** Directories (relative to the root) that get their own `git init` besides the root. */
  gitInit?: string[];
  /** How many project files the real CLI loads (guards against two equally empty answers). */
  loads: number;
}

const scenarios: Scenario[] = [
  { name: 'GEMINI.md at the root', loads: 1, cwd: '', files: { 'GEMINI.md': 'Root rules.\n' } },
  {
    name: 'nested GEMINI.md files from the project root down to the cwd, sorted by path',
    loads: 3,
    cwd: 'pkg/a',
    files: { 'GEMINI.md': 'Root.\n', 'pkg/GEMINI.md': 'Pkg.\n', 'pkg/a/GEMINI.md': '\n  A rules.  \n\n', 'Zeta/GEMINI.md': 'not on the path\n' },
  },
  {
    name: 'files below the cwd are not loaded at session start',
    loads: 1,
    cwd: '',
    files: { 'GEMINI.md': 'Root.\n', 'sub/GEMINI.md': 'Sub.\n', 'sub/deep/GEMINI.md': 'Deep.\n' },
  },
  {
    name: 'context.fileName "AGENTS.md" (string) in <cwd>/.gemini adds AGENTS.md next to GEMINI.md, up to the root',
    loads: 3,
    cwd: 'app',
    files: { 'app/.gemini/settings.json': '{ "context": { "fileName": "AGENTS.md" } }', 'AGENTS.md': 'Agents root.\n', 'GEMINI.md': 'Gemini root.\n', 'app/AGENTS.md': 'Agents app.\n' },
  },
  {
    name: "the root's .gemini/settings.json does not apply when started in a subdirectory",
    loads: 1,
    cwd: 'app',
    files: { '.gemini/settings.json': '{ "context": { "fileName": "AGENTS.md" } }', 'AGENTS.md': 'Agents root.\n', 'GEMINI.md': 'Gemini root.\n', 'app/AGENTS.md': 'Agents app.\n' },
  },
  {
    name: 'context.memoryBoundaryMarkers [] stops the upward walk at the cwd',
    loads: 1,
    cwd: 'sub',
    files: { 'sub/.gemini/settings.json': '{ "context": { "memoryBoundaryMarkers": [] } }', 'GEMINI.md': 'Root.\n', 'sub/GEMINI.md': 'Sub.\n' },
  },
  {
    name: 'context.fileName array',
    loads: 2,
    cwd: '',
    files: { '.gemini/settings.json': '{ "context": { "fileName": ["CONTEXT.md", "AGENTS.md"] } }', 'AGENTS.md': 'Agents.\n', 'CONTEXT.md': 'Context.\n' },
  },
  {
    name: '@imports: relative, nested, in code (ignored), e-mail (ignored)',
    loads: 1,
    cwd: '',
    files: {
      'GEMINI.md': 'Intro.\n@./docs/style.md\nMail me@example.com and see `@docs/skip.md`.\n```\n@docs/skip.md\n```\nEnd.\n',
      'docs/style.md': 'Style: tabs.\n@more.md\n',
      'docs/more.md': 'More rules.\n',
      'docs/skip.md': 'SKIPPED\n',
    },
  },
  {
    name: 'a missing import becomes a comment',
    loads: 1,
    cwd: '',
    files: { 'GEMINI.md': 'Before.\n@missing.md\nAfter.\n' },
  },
  {
    name: 'an import that leaves the project root is refused',
    loads: 1,
    cwd: 'inner',
    gitInit: ['inner'],
    files: { 'outside.md': 'Outside.\n', 'inner/GEMINI.md': 'Inner.\n@../outside.md\n' },
  },
  {
    name: '.git boundary: nothing above the nearest repository root is loaded',
    loads: 2,
    cwd: 'inner/src',
    gitInit: ['inner'],
    files: { 'GEMINI.md': 'Outer.\n', 'inner/GEMINI.md': 'Inner.\n', 'inner/src/GEMINI.md': 'Src.\n' },
  },
  {
    name: 'import cycle',
    loads: 1,
    cwd: '',
    files: { 'GEMINI.md': 'Main.\n@a.md\n', 'a.md': 'A.\n@b.md\n', 'b.md': 'B.\n@a.md\n' },
  },
  {
    name: 'whitespace-only file is skipped',
    loads: 1,
    cwd: 'sub',
    files: { 'GEMINI.md': 'Root.\n', 'sub/GEMINI.md': ' \n\t\n' },
  },
  {
    name: 'import chain deeper than 5',
    loads: 1,
    cwd: '',
    files: { 'GEMINI.md': '@d1.md\n', 'd1.md': 'one @d2.md\n', 'd2.md': 'two @d3.md\n', 'd3.md': 'three @d4.md\n', 'd4.md': 'four @d5.md\n', 'd5.md': 'five @d6.md\n', 'd6.md': 'six\n' },
  },
];

interface FixtureCase {
  name: string;
  host: string;
  cwd: string;
  moment?: unknown;
}

/** The project files named by the "--- Context from: <path> ---" headers of a memory text. */
function headers(text: string | null): string[] {
  return [...(text ?? '').matchAll(/^--- Context from: (.*) ---$/gm)].map((m) => m[1] ?? '');
}

describe.skipIf(skip)(`Gemini CLI ${GEMINI_CLI_VERSION} conformance`, () => {
  let entry: string | null = null;
  const copies: string[] = [];
  beforeAll(() => {
    entry = installGeminiCli();
  });
  afterAll(() => copies.forEach((c) => rmSync(c, { recursive: true, force: true })));

  /** A fresh temp root (nothing above it holds a GEMINI.md); both sides read the same copy. */
  function compare(root: string, cwd: string): string[] {
    expect(entry, 'Gemini CLI could not be installed from the npm registry').not.toBeNull();
    const { sim } = simulateFixture(root, 'gemini-cli', cwd);
    const real = geminiContext(entry as string, path.join(root, cwd));
    // The request really carried the session context (so a null context means "no memory", not a miss).
    expect(real.sessionContext).toContain('<session_context>');
    expect(sim.text).toBe(real.context);
    expect(sim.files.filter((f) => f.kind === 'project' && !f.skipped).map((f) => f.path)).toEqual(headers(real.context));
    return headers(real.context);
  }

  function freshRoot(): string {
    const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'agents-lint-gem-')));
    copies.push(root);
    return root;
  }

  it('the profile names the version this suite runs', () => {
    expect(VERIFIED_ON).toContain(GEMINI_CLI_VERSION);
  });

  for (const s of scenarios) {
    it(s.name, () => {
      const root = freshRoot();
      writeScenario(root, s);
      expect(compare(root, s.cwd)).toHaveLength(s.loads);
    });
  }

  const base = path.join(FIXTURES, 'hosts', 'gemini-cli');
  for (const scenario of readdirSync(base).sort()) {
    const { cases } = JSON.parse(readFileSync(path.join(base, scenario, 'expected.json'), 'utf8')) as { cases: FixtureCase[] };
    for (const c of cases.filter((x) => !x.moment && x.host === 'gemini-cli')) {
      it(`fixtures/hosts/gemini-cli/${scenario}: ${c.name}`, () => {
        const root = freshRoot();
        cpSync(path.join(base, scenario), root, { recursive: true, verbatimSymlinks: true });
        spawnSync('git', ['init', '-q'], { cwd: root });
        compare(root, c.cwd);
      });
    }
  }
});
