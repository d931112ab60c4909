import * as path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { CODEX_DEFAULT, CODEX_OVERRIDE } from '../../repo/instruction-names.js';
import { decodeLossy, rustTrim } from '../../util/text.js';
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
  // An indexed loop, not forEach with a closure: once per chain, in cold code.
  for (let i = 0; i < projectTexts.length; i++) {
    if (body.length > 0) body += i === 0 ? PROJECT_DOC_SEPARATOR : '\n\n';
    body += projectTexts[i]!;
  }
  return body.length === 0 && projectTexts.length === 0 ? null : body;
}

/** The model-visible fragment (§3.4). */
export function renderBlock(cwd: string, text: string, hasProjectDocs: boolean): string {
  const header = hasProjectDocs ? `# AGENTS.md instructions for ${cwd}` : '# AGENTS.md instructions';
  return `${header}\n\n<INSTRUCTIONS>\n${text}\n</INSTRUCTIONS>`;
}

const TRIM_ADVICE = 'Trim your project instructions to fit the budget. If you need to keep them all, increase `project_doc_max_bytes`.';

/**
 * Warnings the released CLI prints about the budget, verbatim (observed on 0.171.0 through
 * `codex exec`; test/conformance/FINDINGS.md §4): one per cut file (even when the kept part is
 * whitespace and dropped), one line for the first file the exhausted budget skipped, and one when
 * the whole body (user text, separators and project docs) is longer than the budget.
 */
export function budgetWarnings(files: readonly LoadedFile[], maxBytes: number, text: string | null, textBytes?: number): string[] {
  const warnings: string[] = [];
  // One indexed loop also finds the first file the budget skipped (once per chain, in cold code).
  let skipped: LoadedFile | undefined;
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    skipped ??= file.dropped === 'budget' ? file : undefined;
    if (file.cut) {
      warnings.push(`Loaded only ${file.cut.byteOffset} of ${file.bytes} bytes from \`${file.path}\` in environment \`local\` under the ${maxBytes}-byte project instruction budget. ${TRIM_ADVICE}`);
    }
  }
  if (skipped) {
    warnings.push(`Skipped project instructions in environment \`local\` starting at \`${skipped.path}\` because the ${maxBytes}-byte budget was exhausted. ${TRIM_ADVICE}`);
  }
  // textBytes: the caller's sum over the joined parts (the same number, without re-encoding the whole text).
  const total = text === null ? 0 : (textBytes ?? Buffer.byteLength(text, 'utf8'));
  if (maxBytes > 0 && total > maxBytes) {
    warnings.push(`Combined user instructions use ${total} bytes, above the ${maxBytes}-byte \`project_doc_max_bytes\` setting. The total includes global and thread instructions. The limit applies only to project files.`);
  }
  return warnings;
}

export type Trust = 'trusted' | 'untrusted';
/** `--codex-trust`: a level for every directory, or `unset` to follow the user config exactly as Codex does. */
export type TrustFlag = Trust | 'unset';

/** The trust that applies to one directory and why (explain shows it). */
export interface TrustDecision {
  /** `unset` only under `--codex-trust unset`; otherwise an absent entry is assumed trusted. */
  level: Trust | 'unset';
  source: 'flag' | 'user-config' | 'assumed' | 'unset';
  /** The `[projects."…"]` key that decided it. */
  key?: string;
}

export interface CodexConfigInput {
  /** `$CODEX_HOME` (default `~/.codex`). */
  codexHome: string;
  /** `--codex-config key=value` overrides, like Codex's `-c`. */
  overrides: readonly string[];
  /** `--codex-trust`. */
  trust?: TrustFlag;
  /** Where each override came from, parallel to `overrides` (default: a `--codex-config` flag). */
  overrideOrigins?: readonly SettingOrigin[];
}

/** Where a user-level Codex setting was written, so rules can point at it. */
export type SettingOrigin = { kind: 'user-config'; path: string } | { kind: 'config-file'; path: string } | { kind: 'flag' };

export interface ResolvedCodexConfig {
  /** Values from the user layer and `-c` merged (root markers are read from here only). */
  user: Record<string, unknown>;
  /** `$CODEX_HOME/config.toml` alone: below the project layers. */
  userFile: Record<string, unknown>;
  /** `-c` / `--codex-config` / the config file's `codex.config`: above the project layers. */
  session: Record<string, unknown>;
  /** Trust of the project directory passed to loadCodexConfig (the lint root). */
  trust: TrustDecision;
  /** `[projects."<abs path>"] trust_level` entries of the user config. */
  projects: Map<string, Trust>;
  trustFlag?: TrustFlag;
  userInstructions: { path: string; text: string } | null;
  userWarnings: string[];
  problems: string[];
  /** Top-level key of `user` → where its winning value was written. */
  origins?: Record<string, SettingOrigin>;
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

/** Codex's config file's name, in `$CODEX_HOME` and in a project's `.codex/` directory. */
export const CONFIG_FILE_NAME = 'config.toml';

/**
 * Reads what Codex reads from `$CODEX_HOME`: config.toml (user layer) with `-c` on top, the project's
 * trust entry, and the user-level instructions (override first, trimmed, first non-empty wins: §7.1).
 */
export function loadCodexConfig(fs: FileSystem, input: CodexConfigInput, projectDir: string): ResolvedCodexConfig {
  const problems: string[] = [];
  let user: Record<string, unknown> = {};
  const origins: Record<string, SettingOrigin> = {};
  const configPath = path.join(input.codexHome, CONFIG_FILE_NAME);
  if (fs.probe(configPath).kind === 'file') {
    try {
      user = parseToml(Buffer.from(fs.read(configPath)).toString('utf8')) as Record<string, unknown>;
      for (const key of Object.keys(user)) origins[key] = { kind: 'user-config', path: configPath };
    } catch (error) {
      problems.push(`${configPath}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  const userFile = structuredClone(user);
  const session: Record<string, unknown> = {};
  input.overrides.forEach((spec, i) => {
    const parsed = parseOverride(spec);
    if (!parsed) problems.push(`--codex-config "${spec}" must be key=value`);
    else {
      setDotted(user, parsed.key, parsed.value);
      setDotted(session, parsed.key, parsed.value);
      origins[parsed.key.split('.')[0] ?? parsed.key] = input.overrideOrigins?.[i] ?? { kind: 'flag' };
    }
  });

  const projects = new Map<string, Trust>();
  // Only the file's entries count: `-c projects."…".trust_level=…` has no effect (observed on 0.171.0).
  const table = userFile['projects'];
  if (typeof table === 'object' && table !== null) {
    for (const [key, entry] of Object.entries(table as Record<string, { trust_level?: unknown }>)) {
      const level = entry?.trust_level;
      if (level === 'trusted' || level === 'untrusted') projects.set(key, level);
      else if (level !== undefined) problems.push(`${configPath}: projects."${key}".trust_level must be "trusted" or "untrusted" (Codex refuses to start otherwise)`);
    }
  }
  const partial = { projects, trustFlag: input.trust };
  const trust = trustFor(partial, projectDir, () => null);

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
  return { user, userFile, session, trust, projects, trustFlag: input.trust, userInstructions, userWarnings, problems, origins };
}

/**
 * Codex's trust lookup, as observed on 0.171.0 (test/conformance/FINDINGS.md §5): the entry for the
 * exact directory, else the entry for its git repository root (a real repository: `.git/HEAD`); no
 * inheritance from other ancestors and no path normalisation. With no entry, agents-lint assumes the
 * project is trusted (the team's own settings apply), unless `--codex-trust unset` asks for Codex's
 * exact behaviour.
 */
export function trustFor(
  config: Pick<ResolvedCodexConfig, 'projects' | 'trustFlag'>,
  dir: string,
  gitRootOf: (dir: string) => string | null,
): TrustDecision {
  if (config.trustFlag === 'trusted' || config.trustFlag === 'untrusted') return { level: config.trustFlag, source: 'flag' };
  const own = config.projects.get(dir);
  if (own) return { level: own, source: 'user-config', key: dir };
  // With no entries at all, the git root could decide nothing: not looked for.
  const gitRoot = config.projects.size === 0 ? null : gitRootOf(dir);
  const viaRoot = gitRoot !== null ? config.projects.get(gitRoot) : undefined;
  if (gitRoot !== null && viaRoot) return { level: viaRoot, source: 'user-config', key: gitRoot };
  return config.trustFlag === 'unset' ? UNSET_TRUST : ASSUMED_TRUST;
}

/** The decisions without an entry, one object each: every directory of a repository without entries gets one (callers never change a decision). */
const ASSUMED_TRUST: TrustDecision = Object.freeze({ level: 'trusted', source: 'assumed' });
const UNSET_TRUST: TrustDecision = Object.freeze({ level: 'unset', source: 'unset' });

/**
 * Settings for one cwd: user layer and `-c` on top of the trusted project `.codex/config.toml` layers
 * (root first, the nearer layer wins; each layer is gated by its own directory's trust). Project
 * layers never set the root markers (§1.8), and `-c` beats them (observed).
 */
export function settingsFor(resolved: ResolvedCodexConfig, projectLayers: readonly Record<string, unknown>[], cwdTrust: TrustDecision = resolved.trust): CodexSettings {
  const layers = [resolved.userFile, ...projectLayers, resolved.session];
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
    loadProjectDocs: cwdTrust.level !== 'untrusted',
    userInstructions: resolved.userInstructions,
    userWarnings: resolved.userWarnings,
  };
}
