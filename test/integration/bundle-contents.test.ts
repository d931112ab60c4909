import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT, bundleInputs, runCli } from './repo.js';

describe('bundle contents', () => {
  it("leaves out jsonc-parser's formatter and editor, which the CLI never calls (DECLARATIONS_ONLY in scripts/bundle.mjs)", () => {
    const jsonc = bundleInputs().filter((file) => file.startsWith('node_modules/jsonc-parser/lib/esm/impl/'));
    expect(jsonc).toContain('node_modules/jsonc-parser/lib/esm/impl/parser.js');
    expect(jsonc.filter((file) => /\/(?:format|edit|string-intern)\.js$/.test(file))).toEqual([]);
  });

  it("reports package.json's version, which the build writes into it (src/version.ts)", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(PROJECT, ['--version']).stdout).toBe(`${version}\n`);
  });
});
