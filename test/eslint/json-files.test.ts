import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { rules } from '../../rules/index.js';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';
import { engineFindings, eslintLints, fixtureDirs, languageOf } from './fixture-cases.js';

process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;

describe("configs.recommended's JSON files (src/eslint/json-files.ts)", () => {
  it('include every JSON file the engine reports on in the fixtures; the others it reports on are TOML or YAML (text-files.test.ts) or Markdown files (imported, or Codex fallback files), which ESLint lints as Markdown', async () => {
    const roots = [...rules.flatMap((r) => [...fixtureDirs(r.id, 'valid'), ...fixtureDirs(r.id, 'invalid')]), path.join(FIXTURES, 'demo-monorepo'), path.join(FIXTURES, 'eslint', 'reached-files')];
    const json = new Set<string>();
    const other = new Set<string>();
    for (const root of roots) {
      for (const d of await engineFindings(root)) {
        // '' is the repository itself (a rule that could not prepare); instruction files are Markdown.
        if (d.file === '' || instructionKind(d.file) !== null) continue;
        const where = `${path.relative(FIXTURES, root)}/${d.file} (${d.ruleId ?? 'engine'})`;
        if (/\.jsonc?$/.test(d.file)) {
          expect(languageOf(d.file) === 'json' && (await eslintLints(root, d.file)), where).toBe(true);
          json.add(where);
        } else if (!/\.(toml|ya?ml)$/.test(d.file)) {
          expect(languageOf(d.file) === 'markdown' && (await eslintLints(root, d.file)), where).toBe(true);
          other.add(where);
        }
      }
    }
    expect(json.size).toBeGreaterThan(0);
    // An imported file (Claude Code's and Gemini CLI's @path) and a Codex fallback file have any name:
    // ESLint lints them because the engine reaches them (src/eslint/reached.ts).
    expect([...other].some((where) => where.endsWith('.md (no-broken-import)'))).toBe(true);
  });
});
