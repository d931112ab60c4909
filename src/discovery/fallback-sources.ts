import type { Position } from '../util/diagnostic.js';
import { Locator } from '../markdown/locate.js';
import type { RepoIndex } from '../repo/repo-index.js';
import { jsonArrayStringSpans, tomlArrayStringSpans, type LiteralSpan } from '../repo/setting-positions.js';
import { CONFIG_FILE_NAME, type ResolvedCodexConfig } from './hosts/codex.js';

export const FALLBACK_KEY = 'project_doc_fallback_filenames';

export interface FallbackEntry {
  /** The configured string, untrimmed. */
  raw: string;
  /** 1-based position in the list. */
  index: number;
  /** Where the string literal is written, when the setting lives in a repository file. */
  range: { start: Position; end: Position } | null;
}

export interface FallbackSource {
  /** Human name of where the list is set, for messages. */
  label: string;
  /** Repository file that holds the list (or the file to anchor reports on), or null. */
  file: string | null;
  /** Whether `file` is where the list is written (not only an anchor). */
  inRepo: boolean;
  /** Repo-relative directory whose cwds use this list ('' for user-level settings). */
  scope: string;
  entries: FallbackEntry[];
}

const ANCHORS = ['.agents-lint.json', 'agents-lint.config.json', 'AGENTS.md', 'AGENTS.override.md'];

/**
 * Every place `project_doc_fallback_filenames` is configured for this repository, with the position
 * of each entry when it is written in the repository: the user-level value (`$CODEX_HOME/config.toml`,
 * the lint config's `codex.config`, `--codex-config`) and, when the project is trusted, each
 * `.codex/config.toml` (docs/codex-discovery.md §2.2: fallbacks come from any enabled layer).
 */
export function fallbackSources(repo: RepoIndex, config: ResolvedCodexConfig): FallbackSource[] {
  const sources: FallbackSource[] = [];
  const user = stringList(config.user[FALLBACK_KEY]);
  if (user) {
    const origin = config.origins?.[FALLBACK_KEY];
    const configRel = origin && origin.kind === 'config-file' ? repo.rel(origin.path) : null;
    if (configRel !== null && repo.has(configRel)) {
      const text = repo.text(configRel) ?? '';
      const keyPath = configRel === 'package.json' || configRel.endsWith('/package.json') ? ['agents-lint', 'codex', 'config', FALLBACK_KEY] : ['codex', 'config', FALLBACK_KEY];
      sources.push(source(`${configRel} ("codex.config")`, configRel, true, '', user, text, jsonArrayStringSpans(text, keyPath)));
    } else {
      const label = origin?.kind === 'flag' ? '--codex-config' : origin?.kind === 'config-file' ? 'the agents-lint config ("codex.config")' : '$CODEX_HOME/config.toml';
      const anchor = ANCHORS.find((a) => repo.has(a)) ?? repo.instructionFiles()[0]?.path ?? null;
      sources.push(source(label, anchor, false, '', user, '', []));
    }
  }
  // Project layers apply only to a trusted project (§2.2, §7.2); Codex never reads them otherwise.
  if (config.trust.level === 'trusted') {
    for (const rel of repo.filesNamed(CONFIG_FILE_NAME)) {
      if (rel !== '.codex/config.toml' && !rel.endsWith('/.codex/config.toml')) continue;
      const value = repo.toml(rel);
      const list = typeof value === 'object' && value !== null ? stringList((value as Record<string, unknown>)[FALLBACK_KEY]) : null;
      if (!list) continue;
      const text = repo.text(rel) ?? '';
      const scope = rel.slice(0, -'.codex/config.toml'.length).replace(/\/$/, '');
      sources.push(source(rel, rel, true, scope, list, text, tomlArrayStringSpans(text, FALLBACK_KEY)));
    }
  }
  return sources;
}

function stringList(value: unknown): string[] | null {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : null;
}

function source(label: string, file: string | null, inRepo: boolean, scope: string, list: string[], text: string, spans: LiteralSpan[]): FallbackSource {
  // Positions are trusted only when the scan found exactly one literal per parsed string.
  const locator = spans.length === list.length ? new Locator(text, Buffer.from(text, 'utf8')) : null;
  const entries = list.map((raw, i) => {
    const span = spans[i];
    return { raw, index: i + 1, range: locator && span ? { start: locator.position(span.start), end: locator.position(span.end) } : null };
  });
  return { label, file, inRepo, scope, entries };
}
