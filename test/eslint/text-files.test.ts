import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';
import { engineFindings, eslintLints, fixtureDirs, languageOf } from './fixture-cases.js';

process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;

describe("configs.recommended's TOML and YAML files (src/eslint/text-files.ts)", () => {
  it('include every TOML and YAML file the engine reports on in the fixtures (by name, or reached under another name), with the rules that report there', async () => {
    const roots = [...rules.flatMap((r) => [...fixtureDirs(r.id, 'valid'), ...fixtureDirs(r.id, 'invalid')]), path.join(FIXTURES, 'demo-monorepo'), path.join(FIXTURES, 'eslint', 'reached-files')];
    const found = new Set<string>();
    for (const root of roots) {
      for (const d of await engineFindings(root)) {
        if (d.file === '' || instructionKind(d.file) !== null || !/\.(toml|ya?ml)$/.test(d.file)) continue;
        const where = `${path.relative(FIXTURES, root)}/${d.file}`;
        expect(languageOf(d.file) === 'text' && (await eslintLints(root, d.file)), where).toBe(true);
        found.add(`${path.extname(d.file)} ${d.ruleId ?? 'engine'}`);
      }
    }
    // Both kinds are there to check: the fixtures have a Cargo.toml and a pnpm-workspace.yaml that do
    // not parse, and Codex fallback names in .codex/config.toml.
    expect([...found].some((f) => f.startsWith('.toml '))).toBe(true);
    expect([...found].some((f) => f.startsWith('.yaml '))).toBe(true);
  });
});
