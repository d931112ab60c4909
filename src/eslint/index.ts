import markdown from '@eslint/markdown';
import type { ESLint, Linter } from 'eslint';
import { rules } from '../../rules/index.js';
import { VERSION } from '../version.js';
import { INSTRUCTION_FILES } from './files.js';
import { JSON_FILES } from './json-files.js';
import { importOptional } from './optional-plugin.js';
import { ENGINE_RULE_ID, pluginRules } from './plugin-rules.js';
import { TEXT_FILES } from './text-files.js';
import { textLanguage } from './text-language.js';
import { unreadable } from './unreadable.js';
import { reachedJson, reachedMarkdown, reachedText } from './reached.js';

/**
 * agents-lint as an ESLint plugin (`agents-lint/eslint`): the CLI's rules, run by the CLI's engine
 * for each instruction file ESLint lints, with @eslint/markdown's language, and for the manifests
 * and config files the engine reports on, with @eslint/json's when it is installed (JSON files) or
 * the plugin's own `agents-lint/text` (TOML and YAML files). It ships inside
 * the agents-lint package, not as a package of its own, so the rules ESLint runs are always the ones
 * of the CLI beside them, at the same version. docs/eslint.md describes it.
 */
const pluginRulesById = pluginRules(rules);

const recommendedRules = Object.fromEntries([
  ...rules.map((r) => [`agents-lint/${r.id}`, r.meta.severity] as const),
  [`agents-lint/${ENGINE_RULE_ID}`, 'warn'] as const,
]);

// The rules are Markdown rules (@eslint/markdown's rule type), which ESLint's Plugin type, written
// for any language, does not take as they are: @eslint/markdown's own plugin object is typed loosely too.
const plugin: ESLint.Plugin & { rules: ESLint.Plugin['rules'] & object; configs: { recommended: Linter.Config[] } } = {
  meta: { name: 'agents-lint', version: VERSION },
  rules: pluginRulesById as unknown as NonNullable<ESLint.Plugin['rules']>,
  // Typed by hand (text-language.ts), not with @eslint/core's Language: that package's types are not
  // a dependency of this one, and differ between the versions ESLint 9 and 10 bring.
  languages: { text: textLanguage as unknown as NonNullable<ESLint.Plugin['languages']>[string] },
  configs: { recommended: [] },
};

// ESLint's types list strings only; its config arrays (@eslint/config-array) take functions in
// `files` and `ignores` too, in ESLint 9 and 10 alike (test/eslint/demo-parity.test.ts runs on
// both). ESLint stops at a file it cannot read, so such files are left to the CLI (unreadable.ts).
// Files the engine reaches under names of their own (an imported Markdown file, an included
// Taskfile) are linted too (reached.ts).
const ignoreUnreadable = [unreadable as unknown as string];
const orReached = (globs: string[], reached: (file: string) => boolean): string[] => [...globs, reached as unknown as string];

// An optional peer dependency: without it the JSON files' findings are the CLI's alone, as they
// were before the plugin linted JSON, rather than an error for a project that lints Markdown only.
const json = await importOptional<ESLint.Plugin>('@eslint/json');

/**
 * The instruction files hosts load, linted as GitHub-flavoured Markdown with every rule at its
 * default severity; with @eslint/json installed, the JSON files the engine reports on
 * (json-files.ts); and the TOML and YAML files it reports on (text-files.ts), with the plugin's own
 * language. Each also takes the files of its type the engine reaches under other names (reached.ts).
 * All with the same rules: any rule may report on a file it names.
 */
plugin.configs.recommended = [
  {
    name: 'agents-lint/recommended',
    files: orReached(INSTRUCTION_FILES, reachedMarkdown),
    ignores: ignoreUnreadable,
    plugins: { markdown, 'agents-lint': plugin },
    language: 'markdown/gfm',
    rules: recommendedRules,
  },
  ...(json
    ? [
        {
          name: 'agents-lint/recommended-json',
          files: orReached(JSON_FILES, reachedJson),
          ignores: ignoreUnreadable,
          plugins: { json, 'agents-lint': plugin },
          // ESLint runs rules only on a text its language parses. The engine, not ESLint's parser,
          // judges these files (strict JSON for package.json, comments in .agents-lint.json), so
          // ESLint parses them with the most lenient of @eslint/json's languages, JSON5 (a superset
          // of JSON and JSONC): a comment or a trailing comma in package.json is then reported as
          // the CLI reports it (no-invalid-manifest), not as ESLint's parsing error. Not JSONC with
          // `allowTrailingCommas`: that language option is an error under `json/json`, which a
          // project's own config for *.json would set on top of this one.
          language: 'json/json5',
          rules: recommendedRules,
        } satisfies Linter.Config,
      ]
    : []),
  {
    name: 'agents-lint/recommended-text',
    files: orReached(TEXT_FILES, reachedText),
    ignores: ignoreUnreadable,
    plugins: { 'agents-lint': plugin },
    // ESLint has no official language for TOML or YAML, and a project's own (eslint-plugin-toml's,
    // eslint-plugin-yml's) may be absent: the plugin's `text` language gives ESLint the file as one
    // node, and the engine, which parses it anyway, finds what is wrong in it.
    language: 'agents-lint/text',
    rules: recommendedRules,
  },
];

export default plugin;
