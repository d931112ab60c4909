import { describe, expect, it } from 'vitest';
import { capTiersForLightRun, LIGHT_CONTENT_FILES } from '../../src/engine/v8-tiers.js';

// The policy alone, through an injected flag setter: V8's flags are the test process's own.
describe('capTiersForLightRun', () => {
  const run = (enabled: boolean, contentFiles: number) => {
    const set: string[] = [];
    const capped = capTiersForLightRun(enabled, contentFiles, (flags) => set.push(flags));
    return { capped, set };
  };

  it('caps V8 at its mid tier for a run with no content to lint or a few files of it', () => {
    expect(run(true, 0)).toEqual({ capped: true, set: ['--max-opt=2'] });
    expect(run(true, 1)).toEqual({ capped: true, set: ['--max-opt=2'] });
    expect(run(true, LIGHT_CONTENT_FILES)).toEqual({ capped: true, set: ['--max-opt=2'] });
  });

  it('leaves V8 alone for a run over more files, or when not asked (the library API)', () => {
    expect(run(true, LIGHT_CONTENT_FILES + 1)).toEqual({ capped: false, set: [] });
    expect(run(true, 500)).toEqual({ capped: false, set: [] });
    expect(run(false, 0)).toEqual({ capped: false, set: [] });
  });

  it("sets V8's default back for a heavier run after a capped one (a lint started again from a listing with more files)", () => {
    const set: string[] = [];
    const setter = (flags: string) => set.push(flags);
    expect(capTiersForLightRun(true, 3, setter)).toBe(true);
    expect(capTiersForLightRun(true, 500, setter)).toBe(false);
    expect(capTiersForLightRun(true, 500, setter)).toBe(false);
    expect(set).toEqual(['--max-opt=2', '--max-opt=999']);
  });
});
