import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { globMatcher } from '../../src/repo/glob-matcher.js';

// globMatcher stands in for picomatch's matcher: it must answer exactly as picomatch does.
describe('globMatcher', () => {
  const segment = fc.constantFrom('a', 'b', 'packages', '*', '**', '?', 'a*', '{a,b}', '[ab]', '!(a)', '+(a)', '.', '..', '.a', '', 'a\\b', 'x.json');
  const glob = fc.array(segment, { minLength: 1, maxLength: 4 }).map((s) => s.join('/')).filter((g) => g !== '');
  const input = fc.array(fc.constantFrom('a', 'b', 'packages', 'ab', '.a', '.', '..', '', 'a\\b', 'x.json', 'c'), { maxLength: 4 }).map((s) => s.join('/'));
  const options = fc.constantFrom(undefined, { dot: false }, { dot: true });

  it('matches what picomatch matches', () => {
    fc.assert(
      fc.property(fc.array(glob, { minLength: 1, maxLength: 3 }), options, fc.array(input, { minLength: 1, maxLength: 10 }), (globs, opts, inputs) => {
        const ours = globMatcher(globs, opts);
        const theirs = picomatch(globs, opts);
        for (const i of inputs) expect(ours(i), `${JSON.stringify(globs)} ${JSON.stringify(opts)} ${JSON.stringify(i)}`).toBe(theirs(i));
      }),
      { numRuns: 3000 },
    );
  });

  it('matches workspace globs', () => {
    const m = globMatcher(['packages/*', 'apps/**'], { dot: false });
    expect(['packages/a', 'apps/x/y', 'packages/a/b', 'packages/.hidden', 'packages', ''].map(m)).toEqual([true, true, false, false, false, false]);
  });
});
