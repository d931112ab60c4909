import { describe, expect, it } from 'vitest';
import { lazily } from '../../src/util/lazily.js';

describe('lazily', () => {
  it('builds the value on the first call only, and keeps it (undefined included)', () => {
    let builds = 0;
    const value = lazily(() => (builds++, /\p{L}/u));
    expect(builds).toBe(0);
    const first = value();
    expect(value()).toBe(first);
    expect(builds).toBe(1);
    let empty = 0;
    const nothing = lazily(() => void empty++);
    expect([nothing(), nothing()]).toEqual([undefined, undefined]);
    expect(empty).toBe(1);
  });
});
