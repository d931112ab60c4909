import markdown from '@eslint/markdown';
import type { ESLint, Linter } from 'eslint';
import { rules } from '../../rules/index.js';
import { VERSION } from '../version.js';
import { INSTRUCTION_FILES } from './files.js';
import { ENGINE_RULE_ID, pluginRules } from './plugin-rules.js';
import { unreadable } from './unreadable.js';

/**
 * agents-lint as an ESLint plugin (`agents-lint/eslint`): the CLI's rules, run by the CLI's engine
 * for each instruction file ESLint lints, with @eslint/markdown's language. It ships inside the
 * agents-lint package, not as a package of its own, so the rules ESLint runs are always the ones of
 * the CLI beside them, at the same version. docs/eslint.md describes it.
 */
const pluginRulesById = pluginRules(rules);

const recommendedRules = Object.fromEntries([
  ...rules.map((r) => [`agents-lint/${r.id}`, r.meta.severity] as const),
  [`agents-lint/${ENGINE_RULE_ID}`, 'warn'] as const,
]);

// The rules are Markdown rules (@eslint/markdown's rule type), which ESLint's Plugin type, written
// for any language, does not take as they are: @eslint/markdown's own plugin object is typed loosely too.
const plugin: ESLint.Plugin & { rules: ESLint.Plugin['rules'] & object; configs: { recommended: Linter.Config } } = {
  meta: { name: 'agents-lint', version: VERSION },
  rules: pluginRulesById as unknown as NonNullable<ESLint.Plugin['rules']>,
  configs: {} as { recommended: Linter.Config },
};

/**
 * The instruction files hosts load, linted as GitHub-flavoured Markdown with every rule at its
 * default severity; those ESLint cannot read are left to the CLI (unreadable.ts).
 */
plugin.configs.recommended = {
  name: 'agents-lint/recommended',
  files: INSTRUCTION_FILES,
  // ESLint's types list strings only; its config arrays (@eslint/config-array) take functions in
  // `ignores` too, in ESLint 9 and 10 alike (test/eslint/demo-parity.test.ts runs on both).
  ignores: [unreadable as unknown as string],
  plugins: { markdown, 'agents-lint': plugin },
  language: 'markdown/gfm',
  rules: recommendedRules,
};

export default plugin;
