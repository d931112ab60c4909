import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { capTiersForLightRun, DEFAULT_FLAGS, LIGHT_CONTENT_FILES, LIGHT_FLAGS } from '../../src/engine/v8-tiers.js';

// The policy alone, through an injected flag setter: V8's flags are the test process's own.
describe('capTiersForLightRun', () => {
  const run = (enabled: boolean, contentFiles: number) => {
    const set: string[] = [];
    const capped = capTiersForLightRun(enabled, contentFiles, (flags) => set.push(flags));
    return { capped, set };
  };

  it('caps V8 at its mid tier for a run with no content to lint or a few files of it', () => {
    expect(run(true, 0)).toEqual({ capped: true, set: [LIGHT_FLAGS] });
    expect(run(true, 1)).toEqual({ capped: true, set: [LIGHT_FLAGS] });
    expect(run(true, LIGHT_CONTENT_FILES)).toEqual({ capped: true, set: [LIGHT_FLAGS] });
  });

  it('leaves V8 alone for a run over more files, or when not asked (the library API)', () => {
    expect(run(true, LIGHT_CONTENT_FILES + 1)).toEqual({ capped: false, set: [] });
    expect(run(true, 500)).toEqual({ capped: false, set: [] });
    expect(run(false, 0)).toEqual({ capped: false, set: [] });
  });

  it('caps the tier and the young generation\'s growth, leaves marking to a full old generation, and the defaults named are V8\'s own', () => {
    expect(LIGHT_FLAGS.split(' ')).toEqual(['--max-opt=2', '--semi-space-growth-factor=1', '--no-incremental-marking']);
    // Setting a default back must give the flags the process started with (the code cache is stamped with them).
    const options = execFileSync(process.execPath, ['--v8-options'], { encoding: 'utf8' });
    for (const flag of DEFAULT_FLAGS.split(' ')) expect(options).toContain(`default: ${flag}`);
  });

  it("sets V8's default back for a heavier run after a capped one (a lint started again from a listing with more files)", () => {
    const set: string[] = [];
    const setter = (flags: string) => set.push(flags);
    expect(capTiersForLightRun(true, 3, setter)).toBe(true);
    expect(capTiersForLightRun(true, 500, setter)).toBe(false);
    expect(capTiersForLightRun(true, 500, setter)).toBe(false);
    expect(set).toEqual([LIGHT_FLAGS, DEFAULT_FLAGS]);
  });
});
