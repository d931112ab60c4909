import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { parseDocument } from 'yaml';
import { parse as parseToml, TomlError } from 'smol-toml';
import { Locator } from '../markdown/locate.js';

/** A manifest that could not be parsed: itself a diagnostic, never a silent skip. */
export interface ManifestProblem {
  file: string;
  line: number;
  column: number;
  message: string;
}

export type ParseOutcome<T> = { ok: true; value: T } | { ok: false; problem: ManifestProblem };

/** Manifests larger than this are reported rather than parsed (a hostile or generated file). */
export const MAX_MANIFEST_BYTES = 16 << 20;

export function tooLarge(file: string, size: number): ParseOutcome<never> {
  return { ok: false, problem: { file, line: 1, column: 1, message: `is ${size} bytes, over the ${MAX_MANIFEST_BYTES}-byte limit for manifests; it was not parsed` } };
}

/** Strict JSON (package.json, lerna.json, project.json), or JSONC when `comments` is set. */
export function parseJsonManifest(file: string, bytes: Uint8Array, comments = false): ParseOutcome<unknown> {
  if (bytes.length > MAX_MANIFEST_BYTES) return tooLarge(file, bytes.length);
  const text = Buffer.from(bytes).toString('utf8');
  // Most manifests are plain JSON, which the built-in parser reads several times faster, to the same
  // value (both keep a duplicate key's last value). Not with a `__proto__` key: jsonc-parser assigns
  // it (setting the prototype), JSON.parse defines it. Anything JSON.parse rejects goes the long way.
  if (!comments && !text.includes('__proto__')) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      // Invalid JSON (or a BOM): jsonc-parser locates the problem.
    }
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: comments, disallowComments: !comments, allowEmptyContent: false });
  const first = errors[0];
  if (first) {
    const pos = new Locator(text, bytes).position(first.offset);
    return { ok: false, problem: { file, ...pos, message: `invalid JSON: ${describeJsonError(printParseErrorCode(first.error))}` } };
  }
  return { ok: true, value };
}

function describeJsonError(code: string): string {
  return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

export function parseYamlManifest(file: string, bytes: Uint8Array): ParseOutcome<unknown> {
  if (bytes.length > MAX_MANIFEST_BYTES) return tooLarge(file, bytes.length);
  const doc = parseDocument(Buffer.from(bytes).toString('utf8'), { prettyErrors: true, uniqueKeys: false });
  const first = doc.errors[0];
  if (first) {
    const pos = first.linePos?.[0] ?? { line: 1, col: 1 };
    return { ok: false, problem: { file, line: pos.line, column: pos.col, message: `invalid YAML: ${(first.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '')}` } };
  }
  try {
    return { ok: true, value: doc.toJS({ maxAliasCount: 100 }) as unknown };
  } catch (error) {
    // An alias bomb (aliases of aliases, exponential once expanded) is refused by the yaml library.
    return { ok: false, problem: { file, line: 1, column: 1, message: `invalid YAML: ${error instanceof Error ? error.message : String(error)}` } };
  }
}

export function parseTomlManifest(file: string, bytes: Uint8Array): ParseOutcome<Record<string, unknown>> {
  if (bytes.length > MAX_MANIFEST_BYTES) return tooLarge(file, bytes.length);
  try {
    return { ok: true, value: parseToml(Buffer.from(bytes).toString('utf8')) as Record<string, unknown> };
  } catch (error) {
    if (error instanceof TomlError) {
      return { ok: false, problem: { file, line: error.line, column: error.column, message: `invalid TOML: ${error.message.split('\n')[0]}` } };
    }
    return { ok: false, problem: { file, line: 1, column: 1, message: `invalid TOML: ${String(error)}` } };
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
