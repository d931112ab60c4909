import { createRequire } from 'node:module';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PROJECT_ROOT } from '../helpers/paths.js';

/**
 * The ESLint the plugin's tests run: the project's devDependency (ESLint 9), or the one installed in
 * AGENTS_LINT_ESLINT_DIR (.ci/eslint-10.sh installs ESLint 10 there), so one suite tests both.
 */
const dir = process.env['AGENTS_LINT_ESLINT_DIR'];
const eslintEntry = createRequire(path.join(dir ?? PROJECT_ROOT, 'package.json')).resolve('eslint');
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- the module's type, loaded from a path chosen at run time
type EslintModule = typeof import('eslint');
export const { ESLint, RuleTester } = (await import(pathToFileURL(eslintEntry).href)) as EslintModule;

/** The plugin as the package exports it (`agents-lint/eslint`): the built file, as users get it. */
// eslint-disable-next-line @typescript-eslint/consistent-type-imports -- see above
type PluginModule = typeof import('../../src/eslint/index.js');
export const plugin = ((await import(pathToFileURL(path.join(PROJECT_ROOT, 'dist/src/eslint/index.js')).href)) as PluginModule).default;

/**
 * An editor's ESLint: one long-lived instance with the recommended config, as the ESLint extension's
 * server keeps (it lints a buffer's text with `lintText` on every change). recheckMs 0 checks the
 * index against the disk before every lint, so a change made on disk shows at the next one.
 */
export function editor(root: string, options: { fix?: boolean } = {}) {
  return new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [...plugin.configs.recommended, { settings: { 'agents-lint': { recheckMs: 0 } } }], ...options });
}

/** A result's findings as `line:column ruleId message` lines. */
export const findingLines = (r: { messages: { ruleId: string | null; line: number; column: number; message: string }[] }) => r.messages.map((m) => `${m.line}:${m.column} ${m.ruleId} ${m.message}`);
