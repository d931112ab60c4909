import * as fs from 'node:fs';
import * as path from 'node:path';
import picomatch from 'picomatch';
import { lint } from '../../src/engine/lint.js';
import { applyToBytes } from '../../src/engine/fix.js';
import { instructionKind } from '../../src/repo/instruction-names.js';
import { JSON_FILES } from '../../src/eslint/json-files.js';
import { TEXT_FILES } from '../../src/eslint/text-files.js';
import { rules } from '../../rules/index.js';
import type { Diagnostic } from '../../src/util/diagnostic.js';
import { EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';

const isJsonFile = picomatch(JSON_FILES, { dot: true });
const isTextFile = picomatch(TEXT_FILES, { dot: true });

/** Whether the plugin's recommended config lints a file as JSON (@eslint/json), not as Markdown. */
export function lintedAsJson(rel: string): boolean {
  return instructionKind(rel) === null && isJsonFile(rel);
}

/** Whether the plugin's recommended config lints a file (TOML, YAML) with its own `agents-lint/text` language. */
export function lintedAsText(rel: string): boolean {
  return instructionKind(rel) === null && isTextFile(rel);
}

/**
 * A file the plugin's recommended config lints: an instruction file or one of the JSON, TOML and
 * YAML files the engine reports on, that ESLint can read (test/eslint/files.test.ts checks this
 * against ESLint).
 */
export function eslintLints(root: string, rel: string): boolean {
  if (instructionKind(rel) === null && !isJsonFile(rel) && !isTextFile(rel)) return false;
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
