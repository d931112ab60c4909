import { describe, expect, it } from 'vitest';
import { parse as parseJsonc } from 'jsonc-parser';
import { parseJsonManifest } from '../../src/repo/manifests.js';

const bytes = (text: string) => new TextEncoder().encode(text);

// Plain JSON takes JSON.parse; the value must be what jsonc-parser (the long way) gives.
describe('parseJsonManifest', () => {
  it.each([
    ['object', '{ "name": "a", "scripts": { "build": "tsc" }, "n": [1, 2.5, -0, 1e3, null, true] }'],
    ['duplicate keys: the last wins', '{ "name": "a", "name": "b" }'],
    ['escapes and non-ASCII', '{ "s": "\\u00e9\\n\\t\\"", "t": "é — ✓" }'],
  ])('%s: the same value as jsonc-parser', (_label, text) => {
    const outcome = parseJsonManifest('package.json', bytes(text));
    expect(outcome.ok).toBe(true);
    expect(outcome.ok && outcome.value).toStrictEqual(parseJsonc(text, [], { disallowComments: true }));
  });

  it('a __proto__ key is read as jsonc-parser reads it (it sets the prototype; JSON.parse would not)', () => {
    const outcome = parseJsonManifest('package.json', bytes('{ "__proto__": { "polluted": true }, "name": "x" }'));
    const value = outcome.ok ? (outcome.value as Record<string, unknown>) : {};
    expect(Object.keys(value)).toEqual(['name']);
    expect(value['polluted']).toBe(true);
  });

  it('a BOM is an error, as it always was', () => {
    const outcome = parseJsonManifest('package.json', bytes('\uFEFF{ "name": "bom" }'));
    expect(outcome.ok).toBe(false);
  });

  it('invalid JSON is located, whichever parser saw it first', () => {
    const outcome = parseJsonManifest('package.json', bytes('{\n  "name": "a",\n  "x": ,\n}'));
    expect(outcome).toEqual({ ok: false, problem: { file: 'package.json', line: 3, column: 8, message: 'invalid JSON: value expected' } });
  });
});
