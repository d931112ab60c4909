import type { ProbeCache } from '../simulate.js';

/**
 * Host ids accepted by `--hosts` and the `hosts` config key (public interface). A variant is chosen
 * with a suffix: `claude-code:claude-md` (agents-md fallback off), `gemini-cli:legacy` (≤ 0.43).
 * Facts researched 2026-11-29; each profile cites its upstream source per fact.
 */
export const HOST_IDS = ['codex', 'claude-code', 'gemini-cli', 'opencode', 'amp', 'copilot', 'copilot-vscode', 'cursor', 'zed', 'windsurf', 'goose'] as const;
export type HostId = (typeof HOST_IDS)[number];

/** When the simulation looks: at session start, or after the agent read a file in `afterReadingIn`. */
export type Moment = 'session-start' | { afterReadingIn: string };

/** Where a host setting came from, so messages can point at it. */
export type HostSettingOrigin = { kind: 'default' } | { kind: 'flag'; spec: string } | { kind: 'file'; path: string };

export interface HostSettings {
  /** Profile variant (e.g. Claude Code's `instructionFiles`, Gemini's version line). */
  variant: string;
  /** Host-specific values, already parsed. */
  values: Record<string, unknown>;
  origins: Record<string, HostSettingOrigin>;
}

export type HostFileKind =
  /** A file the host finds by name on the directory walk. */
  | 'project'
  /** A private local file (CLAUDE.local.md). */
  | 'local'
  /** A host rule file (.claude/rules, .cursor/rules, .windsurf/rules, .github/instructions). */
  | 'rule'
  /** Pulled in by an `@path` import / mention of another loaded file. */
  | 'import'
  /** Loaded lazily, after the agent read a file below the cwd. */
  | 'nested'
  /** Named by the host's settings (opencode.json `instructions`). */
  | 'configured';

export interface HostFile {
  /** Absolute path. */
  path: string;
  kind: HostFileKind;
  /** Size on disk. */
  bytes: number;
  /** The decoded text the host uses (after its own cut, trim and comment stripping). */
  text: string;
  /** The importing file, for imports. */
  via?: string;
  /** Why the host skipped it (then `text` is ''). */
  skipped?: 'too-large' | 'empty' | 'excluded' | 'duplicate' | 'unreadable' | 'non-text';
  /** Where the host cut the file (UTF-16 offset into the full text) and why. */
  cut?: { offset: number; limit: number; reason: string; /** Characters in the whole (trimmed) text. */ of?: number };
  /** Only listed by path for the model to read itself (VS Code nested AGENTS.md). */
  listedOnly?: boolean;
}

/** `approval`: inside the repository but outside the session's cwd, loaded only after the user approves (Claude Code). */
export type ImportProblemKind = 'missing' | 'cycle' | 'outside' | 'approval' | 'depth' | 'non-text';

export interface ImportProblem {
  /** The file holding the reference (absolute). */
  file: string;
  /** UTF-16 offsets of `@path` in that file's text. */
  offset: number;
  endOffset: number;
  target: string;
  /** Absolute path the reference resolves to. */
  resolved: string;
  kind: ImportProblemKind;
  /** The host's limit, for depth problems. */
  limit?: number;
}

export interface SizeFinding {
  /** Absolute path, or null for a total across files. */
  file: string | null;
  /** Characters (UTF-16 units) or bytes, as `unit` says. */
  size: number;
  limit: number;
  unit: 'chars' | 'bytes';
  /** What happens at the limit. */
  effect: 'warning' | 'cut' | 'skipped';
  /** Who applies it (e.g. "Copilot code review"). */
  who: string;
  /** UTF-16 offset of the first character lost, for cuts. */
  offset?: number;
}

export interface HostSimulation {
  host: HostId;
  variant: string;
  /** Absolute cwd. */
  cwd: string;
  moment: Moment;
  /** Files in the order the host puts them in front of the model (skipped ones included, marked). */
  files: HostFile[];
  /** The model-visible text where the host defines one (null when it does not, or nothing loads). */
  text: string | null;
  imports: ImportProblem[];
  sizes: SizeFinding[];
  /** Facts worth showing in `explain` (e.g. "AGENTS.md ignored: CLAUDE.md present"). */
  notes: string[];
}

/** What a profile sees: the probe cache (shared with Codex) and the repository root it stays in. */
export interface HostEnv {
  cache: ProbeCache;
  /** Absolute repository root: hosts that walk to the git root (or to `/`) stop here, since files above the repository are not the repository's. */
  root: string;
  /** Repository-relative paths of every listed file (for globs and rule directories). */
  files: readonly string[];
}

export interface HostProfile {
  id: HostId;
  /** Display name. */
  name: string;
  /** Artifact the facts were verified on (docs/hosts.md "Versions inspected"). */
  verifiedOn: string;
  /** Variants accepted after `:` in `--hosts`; the first is the default. */
  variants: readonly string[];
  /** Whether the host loads files below the cwd when the agent reads a file there. */
  lazy: boolean;
  /** Repository-relative paths of the host's own files or settings (for the default host selection). */
  owns(relPath: string): boolean;
  /**
   * Where the paths `owns` accepts can be found, so the default selection asks about a few files, not
   * every listed one: each has its last segment in `names` or a directory segment in `hiddenDirs`
   * (names starting with "."). test/discovery/hosts/owns-index.test.ts checks it against `owns`.
   */
  ownsIndex: { names: readonly string[]; hiddenDirs: readonly string[] };
  /**
   * Whether settings the repository commits show the host in use, where a settings file alone does
   * not (`.vscode/settings.json` configures formatters in most repositories; only Copilot's own keys
   * say a team uses Copilot). `json` reads a repository file as parsed JSON (null when absent).
   */
  inUseBySettings?(json: (rel: string) => unknown): boolean;
  /** Settings read from where the host reads them in the repository, for one cwd. */
  settings(env: HostEnv, cwd: string, variant: string): HostSettings;
  simulate(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment): HostSimulation;
  /**
   * Optional: simulate at session start without a copy per cwd. The answer's files, imports, sizes,
   * text and notes are exactly simulate()'s for `cwd`, but its `cwd` may be another working directory
   * whose answer is the same (the cross-host reports read nothing else).
   */
  simulateShared?(env: HostEnv, cwd: string, settings: HostSettings): HostSimulation;
}

/** The common entry point: what `profile` loads for `cwd` at `moment`. */
export function simulateHost(profile: HostProfile, env: HostEnv, cwd: string, settings: HostSettings, options: { moment: Moment } = { moment: 'session-start' }): HostSimulation {
  if (options.moment !== 'session-start' && !profile.lazy) {
    // A host without lazy loading sees the same files whatever the agent reads.
    return { ...profile.simulate(env, cwd, settings, 'session-start'), moment: options.moment };
  }
  return profile.simulate(env, cwd, settings, options.moment);
}
