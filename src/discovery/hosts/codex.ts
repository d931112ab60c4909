import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { CODEX_DEFAULT, CODEX_OVERRIDE } from '../../repo/instruction-names.js';
import { decodeLossy, rustTrim } from '../../kit/text.js';
import { FsError, type FileSystem } from '../../repo/vfs.js';
import type { CodexSettings, LoadedFile } from '../types.js';

/** Codex CLI release this profile was verified against (test/conformance). */
export const VERIFIED_CODEX_VERSION = '0.171.0';

/** `DEFAULT_PROJECT_DOC_MAX_BYTES = 32 * 1024` (codex-rs/config/src/config_toml.rs). */
export const DEFAULT_MAX_BYTES = 32768;
/** `DEFAULT_PROJECT_ROOT_MARKERS` (codex-rs/config/src/project_root_markers.rs). */
export const DEFAULT_ROOT_MARKERS = ['.git'];
/** `MAX_READ_FILE_BYTES` in local_file_system.rs: larger files fail the read (§4.7). */
export const MAX_READ_FILE_BYTES = 512 * 1024 * 1024;
/** Between the user-level text and the first project doc (`AGENTS_MD_SEPARATOR`, §3.2). */
export const PROJECT_DOC_SEPARATOR = '\n\n--- project-doc ---\n\n';

/**
 * Candidates per directory: override, AGENTS.md, then fallbacks trimmed (Rust `str::trim`), non-empty,
 * deduplicated case-sensitively against earlier names (§2.2). The released 0.171.0 ignores a
 * fallback containing `/` (observed; the source on main would probe the sub-path).
 */
export function candidateNames(fallbacks: readonly string[]): string[] {
  const names = [CODEX_OVERRIDE, CODEX_DEFAULT];
  for (const raw of fallbacks) {
    const name = rustTrim(raw);
    if (name === '' || name.includes('/') || names.includes(name)) continue;
    names.push(name);
  }
  return names;
}

/** Why a configured fallback name is never probed, or null when it is. */
export function fallbackProblem(raw: string, earlier: readonly string[]): 'empty' | 'slash' | 'duplicate' | null {
  const name = rustTrim(raw);
  if (name === '') return 'empty';
  if (name.includes('/')) return 'slash';
  if (name === CODEX_OVERRIDE || name === CODEX_DEFAULT || earlier.some((e) => rustTrim(e) === name)) return 'duplicate';
  return null;
}

/** The body (§3.2, legacy layout): user text, then project docs verbatim joined by "\n\n". */
export function joinInstructions(userText: string | null, projectTexts: readonly string[]): string | null {
  let body = userText ?? '';
  projectTexts.forEach((text, i) => {
    if (body.length > 0) body += i === 0 ? PROJECT_DOC_SEPARATOR : '\n\n';
    body += text;
  });
  return body.length === 0 && projectTexts.length === 0 ? null : body;
}

/** The model-visible fragment (§3.4). */
export function renderBlock(cwd: string, text: string, hasProjectDocs: boolean): string {
  const header = hasProjectDocs ? `# AGENTS.md instructions for ${cwd}` : '# AGENTS.md instructions';
  return `${header}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`;
}

/** Warnings the released CLI prints when the budget cuts or skips files. */
export function budgetWarnings(files: readonly LoadedFile[]): string[] {
  const warnings: string[] = [];
  for (const file of files) {
    if (file.cut && file.dropped === null) {
      warnings.push(`Loaded only ${file.usedBytes} of ${file.bytes} bytes from ${file.path} because the project instructions budget (project_doc_max_bytes) was reached.`);
    } else if (file.dropped === 'budget') {
      warnings.push(`Skipped project instructions from ${file.path} because the project_doc_max_bytes budget was exhausted.`);
    }
  }
  return warnings;
}

export type Trust = 'trusted' | 'untrusted';

export interface CodexConfigInput {
  /** `$CODEX_HOME` (default `~/.codex`). */
  codexHome: string;
  /** `--codex-config key=value` overrides, like Codex's `-c`. */
  overrides: readonly string[];
  /** `--codex-trust`. */
  trust?: Trust;
}

export interface ResolvedCodexConfig {
  /** Values from the user layer and `-c`, before project layers. */
  user: Record<string, unknown>;
  trust: { level: Trust; source: 'flag' | 'user-config' | 'assumed'; key?: string };
  userInstructions: { path: string; text: string } | null;
  userWarnings: string[];
  problems: string[];
}

/** Parses a `-c key=value` override: the value as TOML, else the raw string (Codex's rule). */
export function parseOverride(spec: string): { key: string; value: unknown } | null {
  const eq = spec.indexOf('=');
  if (eq <= 0) return null;
  const key = spec.slice(0, eq).trim();
  const raw = spec.slice(eq + 1);
  try {
    return { key, value: (parseToml(`v = ${raw}`) as { v: unknown }).v };
  } catch {
    return { key, value: raw };
  }
}

function setDotted(target: Record<string, unknown>, key: string, value: unknown): void {
  const parts = key.split('.');
  let node = target;
  for (const part of parts.slice(0, -1)) {
    const next = node[part];
    if (typeof next !== 'object' || next === null || Array.isArray(next)) node[part] = {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1] ?? key] = value;
}

/**
 * Reads what Codex reads from `$CODEX_HOME`: config.toml (user layer) with `-c` on top, the project's
 * trust entry, and the user-level instructions (override first, trimmed, first non-empty wins: §7.1).
 */
export function loadCodexConfig(fs: FileSystem, input: CodexConfigInput, projectDir: string): ResolvedCodexConfig {
  const problems: string[] = [];
  let user: Record<string, unknown> = {};
  const configPath = path.join(input.codexHome, 'config.toml');
  if (fs.probe(configPath).kind === 'file') {
    try {
      user = parseToml(Buffer.from(fs.read(configPath)).toString('utf8')) as Record<string, unknown>;
    } catch (error) {
      problems.push(`${configPath}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  for (const spec of input.overrides) {
    const parsed = parseOverride(spec);
    if (!parsed) problems.push(`--codex-config "${spec}" must be key=value`);
    else setDotted(user, parsed.key, parsed.value);
  }

  let trust: ResolvedCodexConfig['trust'] = { level: 'trusted', source: 'assumed' };
  if (input.trust) trust = { level: input.trust, source: 'flag' };
  else {
    const projects = user['projects'];
    if (typeof projects === 'object' && projects !== null) {
      // The nearest entry for the project directory or one of its ancestors decides.
      let best: string | undefined;
      for (const key of Object.keys(projects)) {
        const k = path.resolve(key);
        if ((projectDir === k || projectDir.startsWith(k.endsWith(path.sep) ? k : k + path.sep)) && (!best || k.length > best.length)) best = key;
      }
      const level = best !== undefined ? (projects as Record<string, { trust_level?: unknown }>)[best]?.trust_level : undefined;
      if (level === 'trusted' || level === 'untrusted') trust = { level, source: 'user-config', key: best };
    }
  }

  const userWarnings: string[] = [];
  let userInstructions: ResolvedCodexConfig['userInstructions'] = null;
  for (const name of [CODEX_OVERRIDE, CODEX_DEFAULT]) {
    const p = path.join(input.codexHome, name);
    const probe = fs.probe(p);
    if (probe.kind === 'missing' || probe.kind === 'dir' || probe.kind === 'special') continue;
    try {
      if (probe.kind === 'error') throw new FsError(probe.code ?? 'EIO', p, probe.code ?? 'error');
      const text = rustTrim(decodeLossy(fs.read(p)));
      if (text !== '') {
        userInstructions = { path: p, text };
        break;
      }
    } catch (error) {
      userWarnings.push(`Failed to read global AGENTS.md instructions from \`${p}\`: ${error instanceof FsError ? error.code : String(error)}`);
    }
  }
  return { user, trust, userInstructions, userWarnings, problems };
}

/**
 * Settings for one cwd: user layer and `-c`, then (when trusted) each project `.codex/config.toml`
 * from the root down to the cwd for the budget and fallbacks. Project layers never set the root
 * markers (§1.8).
 */
export function settingsFor(resolved: ResolvedCodexConfig, projectLayers: readonly Record<string, unknown>[]): CodexSettings {
  const layers = resolved.trust.level === 'trusted' ? [resolved.user, ...projectLayers] : [resolved.user];
  let maxBytes = DEFAULT_MAX_BYTES;
  let fallbackFilenames: string[] = [];
  for (const layer of layers) {
    const max = layer['project_doc_max_bytes'];
    if (typeof max === 'number' && Number.isInteger(max) && max >= 0) maxBytes = max;
    const fb = layer['project_doc_fallback_filenames'];
    if (Array.isArray(fb)) fallbackFilenames = fb.filter((v): v is string => typeof v === 'string');
  }
  const markers = resolved.user['project_root_markers'];
  return {
    maxBytes,
    fallbackFilenames,
    rootMarkers: Array.isArray(markers) ? markers.filter((v): v is string => typeof v === 'string') : DEFAULT_ROOT_MARKERS,
    loadProjectDocs: resolved.trust.level !== 'untrusted',
    userInstructions: resolved.userInstructions,
    userWarnings: resolved.userWarnings,
  };
}
