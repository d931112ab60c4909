import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { importOptional } from '../../src/eslint/optional-plugin.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe('importOptional (how the plugin loads @eslint/json)', () => {
  it("gives an installed package's default export", async () => {
    expect(await importOptional('@eslint/json')).toBe(((await import('@eslint/json')) as { default: unknown }).default);
  });

  it('gives undefined for a package that is not installed', async () => {
    expect(await importOptional('@agents-lint/not-installed')).toBeUndefined();
  });

  it('throws when the module is there but one of its own imports is missing', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-optional-'));
    made.push(dir);
    const file = path.join(dir, 'broken.mjs');
    fs.writeFileSync(file, "export { default } from '@agents-lint/not-installed';\n");
    await expect(importOptional(pathToFileURL(file).href)).rejects.toThrow(/Cannot find package '@agents-lint\/not-installed'/);
  });
});
