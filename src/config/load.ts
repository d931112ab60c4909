import * as path from 'node:path';
import { parse as parseJsonc, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type * as z from '../util/zod.js';
import { JITLESS } from '../util/zod.js';
import { ConfigError } from '../errors.js';
import { closest } from '../util/text.js';
import type { AnyRule } from '../kit/types.js';
import type { Severity } from '../util/diagnostic.js';
import { Locator } from '../markdown/locate.js';
import type { FileSystem } from '../repo/vfs.js';
import { configSchemas, type ConfigFile } from './schema.js';

export const CONFIG_FILES = ['.agents-lint.json', 'agents-lint.config.json'] as const;
export const PACKAGE_JSON_KEY = 'agents-lint';

export interface LoadedConfig {
  /** Absolute path of the file it came from (package.json for the key), or null for defaults. */
  path: string | null;
  config: ConfigFile;
}

/** Deeper nesting than this is refused before parsing: the parser and the checks after it recurse. */
const MAX_CONFIG_DEPTH = 64;

/** The offset where `[`/`{` nesting (outside strings and comments) first exceeds MAX_CONFIG_DEPTH, or -1. */
function tooDeepAt(text: string): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 34 /* " */) {
      for (i++; i < text.length && text.charCodeAt(i) !== 34; i++) if (text.charCodeAt(i) === 92) i++;
    } else if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === 91 || c === 123) {
      if (++depth > MAX_CONFIG_DEPTH) return i;
    } else if (c === 93 || c === 125) depth--;
  }
  return -1;
}

function readJsonc(fs: FileSystem, file: string): unknown {
  let text: string;
  try {
    text = Buffer.from(fs.read(file)).toString('utf8');
  } catch (error) {
    throw new ConfigError(file, '', `cannot read the file (${(error as { code?: string }).code ?? 'error'})`);
  }
  const deep = tooDeepAt(text);
  if (deep >= 0) {
    const pos = new Locator(text, Buffer.from(text)).position(deep);
    throw new ConfigError(`${file}:${pos.line}:${pos.column}`, '', `nested more than ${MAX_CONFIG_DEPTH} levels deep; a config needs a few`);
  }
  const errors: ParseError[] = [];
  const value: unknown = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  const first = errors[0];
  if (first) {
    const pos = new Locator(text, Buffer.from(text)).position(first.offset);
    throw new ConfigError(`${file}:${pos.line}:${pos.column}`, '', `invalid JSON (${printParseErrorCode(first.error)}); fix the syntax at that position`);
  }
  return value;
}

/** Reads and validates a config file; `.json` files may hold comments (JSONC). */
export function loadConfigFile(fs: FileSystem, file: string): LoadedConfig {
  let value = readJsonc(fs, file);
  if (path.basename(file) === 'package.json') {
    value = (value as Record<string, unknown> | null)?.[PACKAGE_JSON_KEY] ?? {};
  }
  return { path: file, config: validateConfig(file, value) };
}

export function validateConfig(file: string, value: unknown): ConfigFile {
  const result = configSchemas().config.safeParse(value, JITLESS);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw new ConfigError(file, '', 'invalid config');
  const keyPath = issue.path.map(String).join('.');
  if (issue.code === 'unrecognized_keys') {
    const key = issue.keys[0] ?? '';
    const where = keyPath ? `${keyPath}.${key}` : key;
    const known = keyPath === '' ? Object.keys(configSchemas().config.shape) : keyPath === 'codex' ? ['config', 'trust'] : ['files', 'rules', 'until', 'reason'];
    const guess = closest(key, known);
    throw new ConfigError(file, where, `unknown key${guess ? `; did you mean "${guess}"?` : `; allowed keys: ${known.join(', ')}`}`);
  }
  throw new ConfigError(file, keyPath, `${issue.message}; ${fixHint(keyPath)}`);
}

function fixHint(keyPath: string): string {
  if (keyPath.startsWith('rules')) return 'use "off", "warn", "error" or ["error", { ...options }]';
  if (keyPath === 'root') return 'use true or false';
  if (keyPath.startsWith('ignores')) return 'use a glob string or { "files": "...", "rules": ["..."], "until": "YYYY-MM-DD" }';
  if (keyPath.startsWith('codex')) return 'see the README section "Codex settings"';
  return 'see the README section "Configuration"';
}

/** The config file in a directory, if any: the two file names first, then package.json's key. */
export function findConfigInDir(fs: FileSystem, dir: string): string | null {
  for (const name of CONFIG_FILES) {
    const p = path.join(dir, name);
    if (fs.probe(p).kind === 'file') return p;
  }
  const pkg = path.join(dir, 'package.json');
  if (fs.probe(pkg).kind === 'file') {
    try {
      const value = JSON.parse(Buffer.from(fs.read(pkg)).toString('utf8')) as Record<string, unknown>;
      if (value && typeof value === 'object' && PACKAGE_JSON_KEY in value) return pkg;
    } catch {
      // an invalid package.json is reported by the index, not here
    }
  }
  return null;
}

export interface RootResolution {
  root: string;
  /** How it was found: a marker, a config file with "root": true, --root, or nothing (start dir). */
  kind: 'marker' | 'config' | 'flag' | 'none';
  config: LoadedConfig;
}

/**
 * The repository root: the nearest ancestor with a root marker (`.git`) or a config file saying
 * `"root": true`; the config at that root applies.
 */
export function resolveRoot(fs: FileSystem, start: string, options: { rootFlag?: string; configFlag?: string; markers?: readonly string[] }): RootResolution {
  const explicit = options.configFlag ? loadConfigFile(fs, options.configFlag) : null;
  const at = (dir: string): LoadedConfig => {
    if (explicit) return explicit;
    const file = findConfigInDir(fs, dir);
    return file ? loadConfigFile(fs, file) : { path: null, config: {} };
  };
  if (options.rootFlag) return { root: options.rootFlag, kind: 'flag', config: at(options.rootFlag) };
  const markers = options.markers ?? ['.git'];
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = findConfigInDir(fs, dir);
    if (file) {
      const loaded = loadConfigFile(fs, file);
      if (loaded.config.root === true) return { root: dir, kind: 'config', config: explicit ?? loaded };
    }
    if (markers.some((m) => fs.probe(path.join(dir, m)).kind !== 'missing')) return { root: dir, kind: 'marker', config: at(dir) };
    if (path.dirname(dir) === dir) return { root: start, kind: 'none', config: at(start) };
  }
}

export interface ResolvedRule {
  rule: AnyRule;
  severity: Severity;
  options: unknown;
}

/** Rule defaults < config file < --rule flags; every option checked by the rule's own schema. */
export function resolveRules(rules: readonly AnyRule[], config: LoadedConfig, cliRules: readonly string[]): Map<string, ResolvedRule> {
  const byId = new Map(rules.map((r) => [r.id, r]));
  const resolved = new Map<string, ResolvedRule>();
  const file = config.path ?? 'config';
  const optionsOf = (rule: AnyRule, value: unknown, where: string) => parsedOptions(rule, value, file, where);
  for (const rule of rules) resolved.set(rule.id, { rule, severity: rule.meta.severity, options: optionsOf(rule, undefined, rule.id) });
  const unknownRule = (id: string, where: string, source: string) => {
    const guess = closest(id, byId.keys());
    return new ConfigError(source, where, `unknown rule "${id}"${guess ? `; did you mean "${guess}"?` : '; run agents-lint --print-config to list rules'}`);
  };
  for (const [id, entry] of Object.entries(config.config.rules ?? {})) {
    const rule = byId.get(id);
    if (!rule) throw unknownRule(id, `rules.${id}`, file);
    const [severity, options] = typeof entry === 'string' ? [entry, undefined] : [entry[0], entry[1]];
    resolved.set(id, { rule, severity, options: optionsOf(rule, options, `rules.${id}[1]`) });
  }
  for (const spec of cliRules) {
    const colon = spec.lastIndexOf(':');
    const id = colon > 0 ? spec.slice(0, colon) : spec;
    const sev = configSchemas().severity.safeParse(colon > 0 ? spec.slice(colon + 1) : '');
    if (!sev.success) throw new ConfigError('--rule', spec, 'expected id:severity with severity off, warn or error (for example --rule no-empty-instructions:warn)');
    const current = resolved.get(id);
    if (!current) throw unknownRule(id, spec, '--rule');
    resolved.set(id, { ...current, severity: sev.data });
  }
  return resolved;
}

function parsedOptions(rule: AnyRule, value: unknown, file: string, where: string): unknown {
  const schema = rule.meta.options as z.ZodType;
  const result = schema.safeParse(value ?? {}, JITLESS);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const sub = issue?.path.length ? `.${issue.path.map(String).join('.')}` : '';
  if (issue?.code === 'unrecognized_keys') {
    throw new ConfigError(file, `${where}${sub}`, `unknown option "${issue.keys[0]}"; see the options table in rules/${rule.id}.md`);
  }
  throw new ConfigError(file, `${where}${sub}`, `${issue?.message ?? 'invalid options'}; see the options table in rules/${rule.id}.md`);
}
