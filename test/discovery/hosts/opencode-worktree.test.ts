import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { describeFile, simulateFixture } from './scenarios.js';

// OpenCode walks from the cwd up to `Instance.worktree`, the nearest git worktree root (docs/hosts.md
// §3.1); confirmed against opencode-ai 1.18.33 by test/conformance/opencode.test.ts. A `.git` cannot
// live in a committed fixture, so the repository is built in a temp dir.
describe('opencode: a nested repository is its own worktree', () => {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'agents-lint-oc-unit-')));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const write = (rel: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  };
  write('AGENTS.md', 'Outer.\n');
  write('inner/AGENTS.md', 'Inner.\n');
  write('inner/.git/HEAD', 'ref: refs/heads/main\n');
  mkdirSync(path.join(root, 'inner', 'src'), { recursive: true });

  it('started in inner/src, the outer AGENTS.md is not loaded', () => {
    const { sim } = simulateFixture(root, 'opencode', 'inner/src');
    expect(sim.files.map((f) => describeFile(root, f))).toEqual(['inner/AGENTS.md project']);
    expect(sim.text).toBe(`Instructions from: ${root}/inner/AGENTS.md\nInner.\n`);
  });

  it('started outside the nested repository, the walk still reaches the linted root', () => {
    mkdirSync(path.join(root, 'other'), { recursive: true });
    const { sim } = simulateFixture(root, 'opencode', 'other');
    expect(sim.files.map((f) => describeFile(root, f))).toEqual(['AGENTS.md project']);
  });
});
