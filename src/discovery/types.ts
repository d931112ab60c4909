import type { Probe } from '../repo/vfs.js';

/** Codex's settings that shape discovery, resolved for one working directory. */
export interface CodexSettings {
  /** `project_doc_max_bytes` (default 32768). */
  maxBytes: number;
  /** `project_doc_fallback_filenames` as configured (before Codex's normalisation). */
  fallbackFilenames: string[];
  /** `project_root_markers`; never taken from a project layer. */
  rootMarkers: string[];
  /** Whether project docs load at all: only an explicit "untrusted" turns them off. */
  loadProjectDocs: boolean;
  /** The user-level (`$CODEX_HOME`) instructions, already trimmed; null when none. */
  userInstructions: { path: string; text: string } | null;
  /** Warnings Codex prints while loading the user-level file. */
  userWarnings: string[];
}

export interface CandidateProbe extends Probe {
  name: string;
  /** Absolute path probed. */
  path: string;
}

export interface SearchedDirectory {
  /** Absolute directory. */
  dir: string;
  candidates: CandidateProbe[];
  /** The candidate Codex selects here, if any. */
  chosen: CandidateProbe | null;
}

export type DropReason =
  /** Empty or whitespace-only after the cut: contributes nothing and spends no budget. */
  | 'whitespace'
  /** The budget was spent before this file: never read. */
  | 'budget'
  /** Gone between probe and read: silently skipped. */
  | 'vanished';

export interface LoadedFile {
  /** Absolute path as Codex names it (the candidate path, not a symlink's target). */
  path: string;
  name: string;
  /** Size on disk in bytes. */
  bytes: number;
  /** Raw bytes charged to the budget (0 when dropped). */
  usedBytes: number;
  /** The bytes Codex kept (after the cut), decoded lossily. */
  text: string;
  dropped: DropReason | null;
  /** Where the budget cut the file, or null when it was kept whole (or dropped). */
  cut: { byteOffset: number; splitsCharacter: boolean } | null;
  /** Budget left before this file. */
  remainingBefore: number;
}

export interface RootInfo {
  /** Absolute project root, or null when no marker was found (only the cwd is searched). */
  dir: string | null;
  /** The marker that decided it, or why there is none. */
  reason: { kind: 'marker'; marker: string } | { kind: 'none' } | { kind: 'no-markers' } | { kind: 'boundary' };
}

export interface Simulation {
  host: 'codex';
  cwd: string;
  root: RootInfo;
  settings: CodexSettings;
  searched: SearchedDirectory[];
  files: LoadedFile[];
  /** An error that made Codex drop every project doc for this cwd (unreadable candidate, symlink loop). */
  error: { path: string; code: string } | null;
  /** Exactly the text between `<INSTRUCTIONS>\n` and `\n</INSTRUCTIONS>`, or null when no block is sent. */
  text: string | null;
  /** The whole model-visible block, or null. */
  block: string | null;
  warnings: string[];
}
