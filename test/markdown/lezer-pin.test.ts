import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT } from '../helpers/paths.js';

// src/markdown/lezer-blocks.ts adjusts @lezer/markdown's internal parser tables (and throws at load
// when their shape changes): the dependency is pinned to the exact version those adjustments and
// test/markdown/parse-differential.test.ts were checked against.
describe('@lezer/markdown pin', () => {
  it('package.json pins an exact version, and it is the one installed', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const pinned = manifest.dependencies['@lezer/markdown'];
    expect(pinned, 'upgrade deliberately: re-run the differential test and re-check lezer-blocks.ts, then pin the new version exactly').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = (JSON.parse(fs.readFileSync(path.join(PROJECT_ROOT, 'node_modules/@lezer/markdown/package.json'), 'utf8')) as { version: string }).version;
    expect(installed).toBe(pinned);
  });
});
