import type { RepoIndex } from '../repo/repo-index.js';
import { WORKSPACE_MANIFEST_NAMES } from '../repo/workspaces.js';
import { CONFIG_FILE_NAME } from './hosts/codex.js';
import { PROFILES } from './hosts/index.js';
import { CODEX_DEFAULT, CODEX_OVERRIDE } from '../repo/instruction-names.js';

/**
 * Every name the discovery layer finds files by (RepoIndex.filesNamed): the hosts' own files, Codex's
 * project config and the workspace manifests. A run of the discovery rules asks for these and no
 * other names, so one scan of the listing's text answers it; the index of every listed name (a
 * slice and a map entry per path, tens of thousands of strings kept to the end) is then built only
 * by a run whose content rules ask for more.
 */
// AGENTS.md and AGENTS.override.md: whether Codex is in use (defaultHosts).
export const DISCOVERY_LOOKUP_NAMES: readonly string[] = [...new Set([...PROFILES.flatMap((p) => p.ownsIndex.names), CODEX_DEFAULT, CODEX_OVERRIDE, CONFIG_FILE_NAME, ...WORKSPACE_MANIFEST_NAMES])];

/**
 * Readies the index for the discovery layer's lookups by name, and for Codex's configured fallback
 * names (no-unused-fallback looks each up): one scan of the listing (see RepoIndex.scanNames).
 */
export function scanDiscoveryNames(repo: RepoIndex, fallbackNames: readonly string[] = []): void {
  repo.scanNames([...DISCOVERY_LOOKUP_NAMES, ...fallbackNames]);
}
