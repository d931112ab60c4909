import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT, bundleInputs } from './repo.js';

/** Every TypeScript file under `dir`, recursively. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? sources(abs) : e.name.endsWith('.ts') ? [abs] : [];
  });
}

// zod's `z` namespace makes the bundler keep the whole library (every locale, the JSON Schema
// tools), 0.8 MB that every run compiles: src/util/zod.ts imports what the project uses by name.
describe('zod in the bundle', () => {
  it('is imported by name, through src/util/zod.ts only', () => {
    const importers = [...sources(path.join(PROJECT, 'src')), ...sources(path.join(PROJECT, 'rules'))]
      .filter((file) => /\bfrom\s+['"]zod(\/[^'"]*)?['"]/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(PROJECT, file));
    expect(importers).toEqual([path.join('src', 'util', 'zod.ts')]);
  });

  it('leaves zod\'s other locales out of the built bundle', () => {
    const locales = bundleInputs().filter((file) => file.startsWith('node_modules/zod/v4/locales/'));
    // English stays: it words the messages for invalid rule options.
    expect(locales).toContain('node_modules/zod/v4/locales/en.js');
    expect(locales.filter((file) => /\/(de|fr|ja|zh-CN)\.js$/.test(file))).toEqual([]);
  });
});
