import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as V8 from 'node:v8';

// Which runs the engine counts as light (v8-tiers.ts): the flag V8 would be given is recorded here.
const flags: string[] = [];
vi.mock('node:v8', async (importOriginal) => {
  const real = await importOriginal<typeof V8>();
  return { ...real, setFlagsFromString: (f: string) => void flags.push(f) };
});

const { lint } = await import('../../src/engine/lint.js');
const { MemoryFileSystem } = await import('../../src/repo/vfs.js');
const { DEFAULT_FLAGS, LIGHT_FLAGS } = await import('../../src/engine/v8-tiers.js');
const { EMPTY_CODEX_HOME } = await import('../helpers/paths.js');
const { LIGHT_CONTENT_FILES } = await import('../../src/engine/v8-tiers.js');

/** A repository of `n` packages, each with its own AGENTS.md. */
function repo(n: number): InstanceType<typeof MemoryFileSystem> {
  const entries: Record<string, string> = { '/r/.agents-lint.json': '{ "root": true }', '/r/AGENTS.md': '# Root\n\nRun the tests.\n' };
  for (let i = 0; i < n; i++) entries[`/r/p${i}/AGENTS.md`] = `# P${i}\n\nRun the tests.\n`;
  return new MemoryFileSystem(entries);
}

describe('light runs', () => {
  beforeEach(() => void (flags.length = 0));

  it('one file linted for content: capped', async () => {
    await lint({ paths: ['/r/p0/AGENTS.md'], cwd: '/r', fs: repo(40), codexHome: EMPTY_CODEX_HOME, lightTiers: true });
    expect(flags).toEqual([LIGHT_FLAGS]);
  });

  it('no rule that parses Markdown, whatever the size: capped', async () => {
    // The bench's discovery-only run: every rule without the discovery tag off (no-empty-instructions,
    // a file rule of that tag, stays on; it reads no tree).
    const off = ['no-vague-rules', 'no-missing-path', 'no-broken-link', 'no-unknown-script', 'no-unknown-binary', 'no-unknown-target', 'no-hidden-instructions', 'no-secrets', 'no-invalid-encoding', 'no-duplicate-instructions', 'no-wrong-package-manager', 'no-invalid-manifest'];
    await lint({ paths: ['/r'], cwd: '/r', fs: repo(40), codexHome: EMPTY_CODEX_HOME, lightTiers: true, ruleFlags: off.map((id) => `${id}:off`) });
    expect(flags).toEqual([LIGHT_FLAGS]);
  });

  it("the whole repository of more files than LIGHT_CONTENT_FILES: not capped, and V8's default is set back after a capped run; a run not asking is left alone", async () => {
    await lint({ paths: ['/r/p0/AGENTS.md'], cwd: '/r', fs: repo(40), codexHome: EMPTY_CODEX_HOME, lightTiers: true });
    await lint({ paths: ['/r'], cwd: '/r', fs: repo(LIGHT_CONTENT_FILES + 4), codexHome: EMPTY_CODEX_HOME, lightTiers: true });
    // A lint started again from a whole listing with more files is such a heavier run (lintRun).
    expect(flags).toEqual([LIGHT_FLAGS, DEFAULT_FLAGS]);
    await lint({ paths: ['/r'], cwd: '/r', fs: repo(LIGHT_CONTENT_FILES + 4), codexHome: EMPTY_CODEX_HOME, lightTiers: true });
    await lint({ paths: ['/r/p0/AGENTS.md'], cwd: '/r', fs: repo(40), codexHome: EMPTY_CODEX_HOME });
    expect(flags).toEqual([LIGHT_FLAGS, DEFAULT_FLAGS]);
  });
});
