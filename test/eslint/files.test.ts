import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import jsonPlugin from '@eslint/json';
import markdown from '@eslint/markdown';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { FIXTURES } from '../helpers/paths.js';
import { ESLint, plugin } from './eslint-under-test.js';
import { eslintLints, languageOf, lintedAsJson, lintedAsText, rootOf } from './fixture-cases.js';

describe('configs.recommended', () => {
  it('applies to exactly the instruction files, the JSON files of json-files.ts, the TOML and YAML files of text-files.ts and the files the engine reaches under other names that ESLint can read (every path under fixtures/), each with its language', async () => {
    const eslint = new ESLint({ cwd: FIXTURES, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
    const paths = fs.readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' }).map((rel) => rel.split(path.sep).join('/'));
    const counts = { markdown: 0, json: 0, text: 0, unreadable: 0, reached: 0 };
    for (const rel of paths) {
      const config = (await eslint.calculateConfigForFile(path.join(FIXTURES, rel))) as { rules?: Record<string, unknown>; language?: unknown } | undefined;
      const applies = config?.rules?.['agents-lint/no-secrets'] !== undefined;
      // A file ESLint could not read (a symlink loop) is left to the CLI: ESLint would stop at it.
      // (A directory with an instruction file's name is never read: ESLint lints files only.)
      const abs = path.join(FIXTURES, rel);
      const isDir = fs.lstatSync(abs).isDirectory();
      const candidate = instructionKind(rel) !== null || lintedAsJson(rel) || lintedAsText(rel);
      const root = rootOf(abs);
      expect(applies, rel).toBe(isDir ? candidate : await eslintLints(root, path.relative(root, abs).split(path.sep).join('/')));
      if (applies && !candidate) counts.reached++;
      if (!applies) {
        if (candidate) counts.unreadable++;
        continue;
      }
      // ESLint resolves `language` ('markdown/gfm', 'json/json5', 'agents-lint/text') to the plugin's language object.
      const language = languageOf(rel);
      const expected = { json: jsonPlugin.languages.json5, text: plugin.languages?.['text'], markdown: markdown.languages.gfm }[language];
      expect(expected).toBeDefined();
      expect(config?.language, rel).toBe(expected);
      counts[language]++;
    }
    expect(counts.markdown).toBeGreaterThan(100);
    expect(counts.json).toBeGreaterThan(20);
    expect(counts.text).toBeGreaterThan(5);
    expect(counts.unreadable).toBeGreaterThan(0);
    // Imported Markdown files (no-broken-import's fixture, eslint/reached-files), included and `task -t` Taskfiles.
    expect(counts.reached).toBeGreaterThan(5);
  });
});
