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
