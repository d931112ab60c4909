import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT, runCli } from './repo.js';

// esbuild names each bundled module by its path: the bundle holds a module's code if its path is there.
const bundle = () => fs.readFileSync(path.join(PROJECT, 'dist', 'bundle', 'agents-lint.cjs'), 'utf8');

describe('bundle contents', () => {
  it("leaves out jsonc-parser's formatter and editor, which the CLI never calls (DECLARATIONS_ONLY in scripts/bundle.mjs)", () => {
    const text = bundle();
    expect(text).toMatch(/jsonc-parser\/lib\/esm\/impl\/parser\.js/);
    expect(text).not.toMatch(/jsonc-parser\/lib\/esm\/impl\/(?:format|edit|string-intern)\.js/);
  });

  it("reports package.json's version, which the build writes into it (src/version.ts)", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(PROJECT, ['--version']).stdout).toBe(`${version}\n`);
  });
});
