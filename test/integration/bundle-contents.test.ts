import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT, runCli } from './repo.js';

describe('bundle contents', () => {
  it("reports package.json's version, which the build writes into it (src/version.ts)", () => {
    const { version } = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string };
    expect(runCli(PROJECT, ['--version']).stdout).toBe(`${version}\n`);
  });
});
