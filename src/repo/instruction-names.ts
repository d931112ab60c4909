import * as path from 'node:path';
import { posixBasename } from './join.js';
import { pathsMatching } from './listing-text.js';
import { escapeRegExp } from '../util/text.js';

/**
 * Other hosts' instruction files scoped by path, not by directory (`.github/instructions`,
 * `.cursor/rules`, `.windsurf/rules`): never a directory's file that Codex "misses".
 */
export const PATH_SCOPED_INSTRUCTIONS = /(^|\/)\.(github|cursor|windsurf)\//;

/** The two names Codex always probes, in order (docs/codex-discovery.md §2.1). */
export const CODEX_OVERRIDE = 'AGENTS.override.md';
export const CODEX_DEFAULT = 'AGENTS.md';

export type InstructionKind =
  /** AGENTS.md or AGENTS.override.md, exactly. */
  | 'codex'
  /** A name some host loads that Codex loads only when configured as a fallback: AGENT.md (Amp, Zed), configured fallbacks. */
  | 'agents-variant'
  /**
   * AGENTS.md or AGENTS.override.md in another case (`agents.md`, `Agents.md`): Codex asks for the
   * exact name, so only a case-insensitive disk answers with it. Usually a documentation page about
   * "agents"; never linted for content, reported once by no-unreachable-instructions.
   */
  | 'case-variant'
  /** Another host's file: CLAUDE.md, GEMINI.md, Copilot, Cursor, Windsurf, ... */
  | 'other-host';

const OTHER_HOST_BASENAMES = new Set([
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.cursorrules',
  '.windsurfrules',
  '.clinerules',
  '.goosehints',
  'copilot-instructions.md',
]);

/**
 * Classifies a repository-relative path as an instruction file, or returns null. Configured fallback
 * names count as instruction files wherever they sit.
 */
export function instructionKind(relPath: string, fallbacks: readonly string[] = []): InstructionKind | null {
  // Without fallbacks only names ending in ".md" (any case) or ".mdc", or starting with ".", can match
  // below: most of a repository's files are told apart by their last characters.
  if (fallbacks.length === 0 && !mayBeInstructionName(relPath)) return null;
  const base = posixBasename(relPath);
  if (base === CODEX_DEFAULT || base === CODEX_OVERRIDE) return 'codex';
  if (OTHER_HOST_BASENAMES.has(base)) return 'other-host';
  // Amp and Zed read AGENT.md (src/discovery/hosts/amp.ts, zed.ts); other spellings such as
  // docs/agent.md or agent-spec.md are pages about agents, which no host loads.
  if (base === 'AGENT.md') return fallbackKind(relPath, fallbacks) ?? 'agents-variant';
  const lower = base.toLowerCase();
  if (lower === 'agents.md' || lower === 'agents.override.md') return fallbackKind(relPath, fallbacks) ?? 'case-variant';
  // The three directory conventions below all name a dot-directory: most paths hold no "/." or none at the start.
  if (relPath.charCodeAt(0) !== 46 && !relPath.includes('/.')) return fallbackKind(relPath, fallbacks);
  if (/(^|\/)\.github\/instructions\/[^/]+\.instructions\.md$/.test(relPath)) return 'other-host';
  if (/(^|\/)\.cursor\/rules\/[^/]+\.mdc?$/.test(relPath)) return 'other-host';
  if (/(^|\/)\.windsurf\/rules\/[^/]+\.md$/.test(relPath)) return 'other-host';
  return fallbackKind(relPath, fallbacks);
}

function fallbackKind(relPath: string, fallbacks: readonly string[]): InstructionKind | null {
  for (const name of fallbacks) {
    if (name && !path.posix.isAbsolute(name) && (relPath === name || relPath.endsWith(`/${name}`))) return 'agents-variant';
  }
  return null;
}

/**
 * The paths of a listing text (each path followed by NUL, none empty or ending with `/`) that may be
 * instruction files without fallback names, in order: one native scan of the text instead of a call
 * per path, which runs in V8's interpreter for the tens of thousands of paths of a monorepo. A
 * superset of what instructionKind accepts (it decides each): a last segment starting with "agent"
 * and ending in ".md" (any ASCII case, as the `i` flag folds), another host's name, or a path with a
 * segment starting with "." that ends in ".md" or ".mdc" (the dot-directory conventions).
 */
export function instructionPathCandidates(text: string): string[] {
  return pathsMatching(text, (candidatePattern ??= candidateRegExp()));
}

let candidatePattern: RegExp | undefined;

function candidateRegExp(): RegExp {
  const names = [...OTHER_HOST_BASENAMES].map(escapeRegExp).join('|');
  // Each alternative starts at a segment's start (the lookbehind: the text's start, a NUL or a `/`,
  // not taken from the previous path) and ends with the NUL after its path, so no path is matched twice.
  return new RegExp(`(?<![^\\0/])(?:[aA][gG][eE][nN][tT][^\\0/]*\\.[mM][dD]|(?:${names})|\\.[^\\0]*\\.[mM][dD][cC]?)\\0`, 'g');
}

/** Whether the last segment ends in ".md" (any case) or ".mdc", or starts with "." (a cheap superset of the names above). */
function mayBeInstructionName(relPath: string): boolean {
  const n = relPath.length;
  if (n === 0 || relPath.charCodeAt(n - 1) === 47) return true; // basename() strips trailing slashes: let it decide
  if (n >= 3 && relPath.charCodeAt(n - 3) === 46 && (relPath.charCodeAt(n - 2) | 32) === 109 && (relPath.charCodeAt(n - 1) | 32) === 100) return true;
  if (n >= 4 && relPath.endsWith('.mdc')) return true;
  const slash = relPath.lastIndexOf('/');
  return relPath.charCodeAt(slash + 1) === 46;
}
