import * as fs from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import json from '@eslint/json';
import markdown from '@eslint/markdown';
import { rules } from '../../rules/index.js';
import type { Diagnostic } from '../../src/util/diagnostic.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';
import { makeRepo, removeRepo } from '../helpers/temp-repo.js';
import { RuleTester, plugin } from './eslint-under-test.js';
import { asEslint, engineFindings, eslintLints, fixedText, fixtureDirs, languageOf } from './fixture-cases.js';

// The plugin's worker reads Codex's home like the CLI: an empty one, never the machine's ~/.codex.
process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const settings = { 'agents-lint': { recheckMs: 0 } };
// Each language as configs.recommended sets it: Markdown for instruction files, JSON (@eslint/json,
// parsed leniently) for the manifests and config files the engine reports on, the plugin's own
// `agents-lint/text` for its TOML and YAML files.
const languageIn = (name: string) => plugin.configs.recommended.find((c) => c.name === name)!.language!;
const testers = {
  markdown: new RuleTester({ plugins: { markdown }, language: 'markdown/gfm', settings }),
  json: new RuleTester({ plugins: { json }, language: languageIn('agents-lint/recommended-json'), settings }),
  text: new RuleTester({ plugins: { 'agents-lint': plugin }, language: languageIn('agents-lint/recommended-text'), settings }),
};
type Language = keyof typeof testers;
const LANGUAGES = Object.keys(testers) as Language[];

/** Whether @eslint/json's JSON5 language (configs.recommended's for JSON files) parses a file. */
function parsesAsJson5(file: string): boolean {
  const language = json.languages.json5 as unknown as { parse(file: { body: string; path: string }, context: { languageOptions: object }): { ok: boolean } };
  return language.parse({ body: fs.readFileSync(file, 'utf8'), path: file }, { languageOptions: {} }).ok;
}

interface Invalid {
  filename: string;
  code: string;
  errors: object[];
  output?: string;
}

/** The RuleTester case for the engine's findings of one rule on one file: its errors, and its text after the CLI's fixes. */
function invalidCase(root: string, rel: string, found: readonly Diagnostic[]): Invalid {
  const filename = path.join(root, rel);
  const bytes = fs.readFileSync(filename);
  const mine = found.filter((d) => d.file === rel);
  const fixes = mine.flatMap((d) => (d.fix ? [d.fix] : []));
  return {
    filename,
    code: bytes.toString('utf8'),
    errors: mine.map((d) => ({ messageId: d.messageId, data: { message: d.message }, ...asEslint(d, bytes) })),
    ...(fixes.length ? { output: fixedText(filename, fixes) } : {}),
  };
}

/**
 * Every rule through ESLint's RuleTester, on the rule's own fixture repositories (each case's
 * filename points into one, so repository-level rules see its chains and manifests): the files of
 * its first valid fixture, and in each language the first file of its invalid fixtures that the
 * rule reports on, whose expected errors (and fixed output) are what the CLI's engine reports there.
 */
for (const rule of rules) {
  // Valid: the files of the rule's first valid fixture on which the engine reports nothing of the
  // rule with default options (some valid fixtures are valid under the options their test gives).
  const validRoot = fixtureDirs(rule.id, 'valid')[0]!;
  const reported = new Set((await engineFindings(validRoot)).filter((d) => d.ruleId === rule.id).map((d) => d.file));
  const validFiles: string[] = [];
  for (const rel of fs.readdirSync(validRoot, { recursive: true, encoding: 'utf8' })) {
    // A JSON file that is not even JSON5 and that no check needs (a deliberately broken test
    // fixture) is ESLint's own parsing error, which no rule can be valid on (docs/eslint.md).
    if (!reported.has(rel) && (await eslintLints(validRoot, rel)) && (languageOf(rel) !== 'json' || parsesAsJson5(path.join(validRoot, rel)))) validFiles.push(rel);
  }
  const valid = Object.fromEntries(LANGUAGES.map((l) => [l, [] as { filename: string; code: string }[]])) as Record<Language, { filename: string; code: string }[]>;
  for (const rel of validFiles) valid[languageOf(rel)].push({ filename: path.join(validRoot, rel), code: fs.readFileSync(path.join(validRoot, rel), 'utf8') });
  const invalid: Partial<Record<Language, Invalid>> = {};
  for (const root of fixtureDirs(rule.id, 'invalid')) {
    const found: Diagnostic[] = [];
    for (const d of await engineFindings(root)) if (d.ruleId === rule.id && (await eslintLints(root, d.file))) found.push(d);
    for (const d of found) invalid[languageOf(d.file)] ??= invalidCase(root, d.file, found);
  }
  describe(rule.id, () => {
    it('has a valid fixture file ESLint lints', () => expect(validFiles.length).toBeGreaterThan(0));
    for (const language of LANGUAGES) {
      const cases = { valid: valid[language], invalid: invalid[language] ? [invalid[language]] : [] };
      if (cases.valid.length + cases.invalid.length > 0) testers[language].run(`${rule.id} (${language})`, plugin.rules[rule.id]!, cases);
    }
    if (LANGUAGES.every((l) => !invalid[l])) {
      // Rules that report only on files ESLint does not lint with this plugin: files no program can read.
      it('reports, in its invalid fixtures, only on files ESLint does not lint with the plugin', async () => {
        const all = [];
        for (const root of fixtureDirs(rule.id, 'invalid')) all.push(...(await engineFindings(root)).filter((d) => d.ruleId === rule.id).map((d) => ({ root, file: d.file })));
        expect(all.length).toBeGreaterThan(0);
        for (const { root, file } of all) expect(await eslintLints(root, file), file).toBe(false);
      });
    }
  });
}

describe('engine', () => {
  const root = fixtureDirs('no-empty-instructions', 'valid').find((d) => d.endsWith('valid-content'))!;
  const filename = path.join(root, 'AGENTS.md');
  testers.markdown.run('engine', plugin.rules['engine']!, {
    valid: [{ filename, code: fs.readFileSync(filename, 'utf8') }],
    invalid: [
      {
        // An agents-lint-disable comment without a reason, which suppresses nothing: the CLI's two findings on it.
        filename,
        code: `${fs.readFileSync(filename, 'utf8')}\n<!-- agents-lint-disable-next-line no-vague-rules -->\nKeep it.\n`,
        errors: [{ messageId: 'unusedDisable' }, { messageId: 'missingReason' }],
      },
    ],
  });
});

// The engine's findings on a config file: an expired `ignores` entry, where the config is
// .agents-lint.json (JSON with comments) or the "agents-lint" key of package.json.
const agents = '# Rules\n\nRun the tests before you commit.\n';
const expiredIn = (at: (text: string) => string) => at('"ignores": [{ "files": "AGENTS.md", "until": "2020-01-01" }]');
const configRepos = [
  makeRepo({ '.agents-lint.json': expiredIn((i) => `{\n  // a repository of its own\n  "root": true,\n  ${i}\n}\n`), 'AGENTS.md': agents }, { config: false }),
  makeRepo({ 'package.json': expiredIn((i) => `{\n  "name": "x",\n  "agents-lint": { "root": true, ${i} }\n}\n`), 'AGENTS.md': agents }, { config: false }),
];
afterAll(() => configRepos.forEach(removeRepo));
const configCases: Invalid[] = [];
for (const root of configRepos) {
  const found = (await engineFindings(root)).filter((d) => d.ruleId === null);
  configCases.push(invalidCase(root, found[0]!.file, found));
}
describe('engine on config files', () => {
  it('finds the expired entries in the config files (.agents-lint.json, package.json)', () => {
    expect(configCases.map((c) => path.basename(c.filename))).toEqual(['.agents-lint.json', 'package.json']);
    expect(configCases.map((c) => (c.errors as { messageId: string }[]).map((e) => e.messageId))).toEqual([['expiredIgnore'], ['expiredIgnore']]);
  });
  testers.json.run('engine (json)', plugin.rules['engine']!, { valid: [], invalid: configCases });
});
