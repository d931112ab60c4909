import { cpSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claudeInstructions, installClaudeCode } from './claude-code-cli.js';
import { simulateFixture } from '../discovery/hosts/scenarios.js';
import { FIXTURES } from '../helpers/paths.js';

// Compares the claude-code profile with the real Claude Code 2.1.332 on every session-start
// scenario of fixtures/hosts/claude-code. Skippable with AGENTS_LINT_SKIP_CONFORMANCE=1.
const skip = process.env['AGENTS_LINT_SKIP_CONFORMANCE'] === '1';

interface Case {
  name: string;
  host: string;
  cwd: string;
  moment?: unknown;
}

/** Plugin option as Claude Code reads it from the user's settings (docs/hosts.md §4.5). */
function userSettings(host: string): Record<string, unknown> | undefined {
  const variant = host.split(':')[1];
  return variant ? { pluginConfigs: { 'agents-md@builtin': { options: { instructionFiles: variant } } } } : undefined;
}

describe.skipIf(skip)('Claude Code conformance', () => {
  let bin: string | null = null;
  const copies: string[] = [];
  beforeAll(() => {
    bin = installClaudeCode();
  });
  afterAll(() => copies.forEach((c) => rmSync(c, { recursive: true, force: true })));

  const base = path.join(FIXTURES, 'hosts', 'claude-code');
  for (const scenario of readdirSync(base).sort()) {
    const { cases } = JSON.parse(readFileSync(path.join(base, scenario, 'expected.json'), 'utf8')) as { cases: Case[] };
    for (const c of cases.filter((x) => !x.moment)) {
      it(`${scenario}: ${c.name}`, () => {
        expect(bin, 'Claude Code could not be installed from the npm registry').not.toBeNull();
        // A fresh git repository under the temp dir: nothing above it holds a CLAUDE.md.
        const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'agents-lint-cc-')));
        copies.push(root);
        cpSync(path.join(base, scenario), root, { recursive: true, verbatimSymlinks: true });
        spawnSync('git', ['init', '-q'], { cwd: root });
        const ours = simulateFixture(root, c.host, c.cwd).sim.text;
        const theirs = claudeInstructions(bin as string, path.join(root, c.cwd), userSettings(c.host));
        expect(ours).toBe(theirs);
      });
    }
  }
});
