import type { RepoIndex } from '../repo/repo-index.js';
import type { ProbeCache } from './simulate.js';

/** The files Claude Code cuts when it reads below a cwd and they are over its per-file limit (docs/hosts.md §4.4). */
export const CLAUDE_CUTTABLE = /(^|\/)(CLAUDE\.md|CLAUDE\.local\.md|\.claude\/rules\/.+\.md)$/;

/**
 * The listed files CLAUDE_CUTTABLE matches whose size on disk is over `limit`, in listing order:
 * `repo.files.filter((f) => CLAUDE_CUTTABLE.test(f) && size(f) > limit)`, without a callback per
 * listed file (22,500 on a large monorepo, in V8's interpreter). Every path it matches is named
 * CLAUDE.md or CLAUDE.local.md, or has a segment that starts with a dot (`.claude`): the candidates
 * are the files the index finds by those names and the listed hidden files, each tested in full.
 */
export function claudeFilesOver(repo: RepoIndex, cache: ProbeCache, limit: number): string[] {
  const candidates = new Set<string>(repo.filesNamed('CLAUDE.md'));
  for (const f of repo.filesNamed('CLAUDE.local.md')) candidates.add(f);
  for (const f of repo.hiddenFiles()) candidates.add(f);
  const found: string[] = [];
  for (const f of candidates) if (CLAUDE_CUTTABLE.test(f) && (cache.probe(repo.abs(f)).size ?? 0) > limit) found.push(f);
  // The listing is sorted (FileListing.files), so its members are in listing order once sorted.
  return found.sort();
}
