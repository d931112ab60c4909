import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { lint, lintRun } from '../../src/engine/lint.js';
import { resolveRoot } from '../../src/config/load.js';
import { NodeFileSystem } from '../../src/repo/vfs.js';
import { ConfigError, UsageError } from '../../src/errors.js';
import { applyToBytes } from '../../src/engine/fix.js';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { JSON_FILES } from '../../src/eslint/json-files.js';
import { TEXT_FILES } from '../../src/eslint/text-files.js';
import { rules } from '../../rules/index.js';
import type { Diagnostic } from '../../src/util/diagnostic.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';

const isJsonFile = picomatch(JSON_FILES, { dot: true });
const isTextFile = picomatch(TEXT_FILES, { dot: true });

/** Whether the plugin's recommended config names a file for JSON (@eslint/json), not as Markdown. */
export function lintedAsJson(rel: string): boolean {
  return instructionKind(rel) === null && isJsonFile(rel);
}

/** Whether the plugin's recommended config names a file (TOML, YAML) for its own `agents-lint/text` language. */
export function lintedAsText(rel: string): boolean {
  return instructionKind(rel) === null && isTextFile(rel);
}

/** The language configs.recommended lints a file with, by its type: JSON, TOML and YAML files are never instruction files. */
export function languageOf(rel: string): 'json' | 'text' | 'markdown' {
  return /\.(json|jsonc|json5)$/i.test(rel) ? 'json' : /\.(toml|ya?ml)$/i.test(rel) ? 'text' : 'markdown';
}

/** The repository root of an absolute path, as the engine (and so the plugin's worker) finds it; its directory where a config there cannot be used. */
export function rootOf(file: string): string {
  try {
    return resolveRoot(new NodeFileSystem(), path.dirname(file), {}).root;
  } catch (error) {
    if (error instanceof ConfigError) return path.dirname(file);
    throw error;
  }
}

const reachedByRoot = new Map<string, Promise<ReadonlySet<string>>>();

/** The files the engine lints or reaches in a repository (its instruction files, LintRun.reachedFiles), repository-relative. */
export function reachedIn(root: string): Promise<ReadonlySet<string>> {
  let reached = reachedByRoot.get(root);
  if (!reached) {
    reached = lintRun({ paths: [root], root, codexHome: EMPTY_CODEX_HOME, ruleFlags: rules.map((r) => `${r.id}:error`) }).then(
      // And the instruction files, whose fallback names (Codex's project_doc_fallback_filenames) no glob names.
      (run) => new Set([...(run.reachedFiles?.() ?? []), ...(run.instructionPaths ?? []).map((abs) => path.relative(run.root, abs).split(path.sep).join('/'))]),
      // A config the engine cannot use: the worker reaches nothing there either (Workspace.reached).
      (error: unknown) => {
        if (error instanceof ConfigError || error instanceof UsageError) return new Set<string>();
        throw error;
      },
    );
    reachedByRoot.set(root, reached);
  }
  return reached;
}

/**
 * A file the plugin's recommended config lints: one its globs name (an instruction file, one of the
 * JSON, TOML and YAML files the engine reports on) or one of the Markdown, JSON, TOML and YAML files
 * the engine lints or reaches under another name (src/eslint/reached.ts), that ESLint can read
 * (test/eslint/files.test.ts checks this against ESLint).
 */
export async function eslintLints(root: string, rel: string): Promise<boolean> {
  const named = instructionKind(rel) !== null || isJsonFile(rel) || isTextFile(rel);
  if (!named && !(/\.(md|markdown|mdc|json|jsonc|json5|toml|ya?ml)$/i.test(rel) && (await reachedIn(root)).has(rel))) return false;
  try {
    fs.readFileSync(path.join(root, rel));
    return true;
  } catch {
    return false;
  }
}

/** The CLI engine's findings on a fixture repository with every rule on, as the plugin runs them. */
export async function engineFindings(root: string): Promise<Diagnostic[]> {
  const result = await lint({ paths: [root], root, codexHome: EMPTY_CODEX_HOME, ruleFlags: rules.map((r) => `${r.id}:error`) });
  return result.diagnostics;
}

/** The fixture repositories of a rule whose names start with `kind` (fixtures/rules/<id>/valid-*, invalid-*). */
export function fixtureDirs(ruleId: string, kind: 'valid' | 'invalid'): string[] {
  const dir = path.join(FIXTURES, 'rules', ruleId);
  return fs.readdirSync(dir).filter((n) => n.startsWith(`${kind}-`)).sort().map((n) => path.join(dir, n));
}

/**
 * A finding as ESLint reports it: ESLint takes a UTF-8 byte order mark off the text, so on the
 * first line of such a file its columns are one less than the CLI's (which counts the mark).
 */
export function asEslint(d: Diagnostic, bytes: Uint8Array): { line: number; column: number; endLine: number; endColumn: number } {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 1 : 0;
  return {
    line: d.line,
    column: d.line === 1 ? Math.max(1, d.column - bom) : d.column,
    endLine: d.endLine,
    endColumn: d.endLine === 1 ? Math.max(1, d.endColumn - bom) : d.endColumn,
  };
}

/** The file's text after the CLI's --fix (its fixes on the file, applied to its bytes), as ESLint's fixer should leave it. */
export function fixedText(file: string, fixes: readonly NonNullable<Diagnostic['fix']>[]): string {
  return Buffer.from(applyToBytes(fs.readFileSync(file), fixes)).toString('utf8');
}
