import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { FIXTURES } from '../helpers/paths.js';
import { ESLint, plugin } from './eslint-under-test.js';
import { eslintLints } from './fixture-cases.js';

describe('configs.recommended', () => {
  it('applies to exactly the files the engine takes for instruction files and ESLint can read (every path under fixtures/)', async () => {
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    const paths = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).map((rel) => rel.split(path.sep).join('/'));
    let instructionFiles = 0;
    let unreadable = 0;
    for (const rel of paths) {
      const config = (await eslint.calculateConfigForFile(path.join(FIXTURES, rel))) as { rules?: Record<string, unknown> } | undefined;
      const applies = config?.rules?.['agents-lint/no-secrets'] !== undefined;
      // An instruction file ESLint could not read (a symlink loop) is left to the CLI: ESLint would stop at it.
      // (A directory with an instruction file's name is never read: ESLint lints files only.)
      const isDir = fs.lstatSync(path.join(FIXTURES, rel)).isDirectory();
      expect(applies, rel).toBe(instructionKind(rel) !== null && (isDir || eslintLints(FIXTURES, rel)));
      if (applies) instructionFiles++;
      else if (instructionKind(rel) !== null) unreadable++;
    }
    expect(instructionFiles).toBeGreaterThan(100);
    expect(unreadable).toBeGreaterThan(0);
  });
});
