import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { FIXTURES } from '../helpers/paths.js';
import { ESLint, plugin } from './eslint-under-test.js';

describe('configs.recommended', () => {
  it('applies to exactly the files the engine takes for instruction files (every path under fixtures/)', async () => {
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: true, overrideConfig: [plugin.configs.recommended] });
    const paths = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).map((rel) => rel.split(path.sep).join('/'));
    let instructionFiles = 0;
    for (const rel of paths) {
      const config = (await eslint.calculateConfigForFile(path.join(FIXTURES, rel))) as { rules?: Record<string, unknown> } | undefined;
      const applies = config?.rules?.['agents-lint/no-secrets'] !== undefined;
      expect(applies, rel).toBe(instructionKind(rel) !== null);
      if (applies) instructionFiles++;
    }
    expect(instructionFiles).toBeGreaterThan(100);
  });
});
