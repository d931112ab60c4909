import { defineRule, z, candidateNames, decodeLossy, isRustWhitespace, isRustWhitespaceOnly } from '../src/kit/index.js';

export default defineRule({
  id: 'no-shadowed-instructions',
  meta: {
    description: 'Disallow instruction files that Codex never loads because another candidate in the same directory wins',
    severity: 'error',
    scope: 'repo',
    tags: ['discovery', 'codex'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      shadowed: (d: { file: string; winner: string; drift?: string }) =>
        `Codex never loads ${d.file}: ${d.winner} beside it takes precedence. Codex reads one file per directory (AGENTS.override.md, then AGENTS.md, then the configured fallbacks).${d.drift ?? ''} Merge what you need into ${d.winner} and delete ${d.file}, or delete ${d.winner}.`,
      shadowedByEmpty: (d: { file: string; winner: string; size: number; tracked: boolean }) =>
        `Codex never loads ${d.file}: ${d.size === 0 ? 'an empty' : 'a whitespace-only'} file shadows it. Codex selects ${d.winner} beside it and drops it, so this directory silently contributes nothing${d.tracked ? '' : ` (${d.winner} is not tracked by git: only machines that have it are affected)`}. Delete ${d.winner} or move the instructions into it.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    const seen = new Set<string>();
    // A directory's probes are shared by every chain through it (one list per directory and names):
    // each is looked at once.
    const probed = new Set<unknown>();
    // Indexed loops: once per cwd and directory, in code this cold (for-of allocates per step).
    const sims = discovery.simulations();
    for (let s = 0; s < sims.length; s++) {
      const sim = sims[s]!.sim;
      let names: string[] | undefined;
      for (let d = 0; d < sim.searched.length; d++) {
        const { dir, chosen, candidates } = sim.searched[d]!;
        if (!chosen || probed.has(candidates)) continue;
        probed.add(candidates);
        const dirRel = repo.rel(dir);
        if (dirRel.startsWith('..')) continue; // above the repository: not ours to report
        names ??= candidateNames(sim.settings.fallbackFilenames);
        const key = `${dirRel}\0${names.join('\0')}`;
        if (seen.has(key)) continue;
        seen.add(key);
        // The first regular file among the candidates wins and the rest are never probed (§2.1). The
        // winner came from a probe of the disk, so a gitignored local override counts too.
        const winner = repo.rel(chosen.path);
        // Read only when a shadowed file is there to report (most directories have none).
        let bytes: ReturnType<typeof repo.bytes> | undefined;
        let empty: boolean | undefined;
        for (const name of names.slice(names.indexOf(chosen.name) + 1)) {
          const rel = dirRel ? `${dirRel}/${name}` : name;
          if (!repo.has(rel) || discovery.loadsOf(rel).length > 0) continue;
          bytes ??= repo.bytes(winner);
          // Empty or whitespace-only (Rust's set) is still selected, then dropped at read time (§2.4).
          empty ??= bytes instanceof Uint8Array && whitespaceOnly(bytes);
          const related = [{ file: winner, line: 1, column: 1, message: `selected by Codex instead of ${rel}` }];
          const loc = { start: { line: 1, column: 1 } };
          if (empty && bytes instanceof Uint8Array) {
            report({ messageId: 'shadowedByEmpty', file: rel, loc, related, data: { file: rel, winner, size: bytes.length, tracked: repo.has(winner) } });
          } else {
            const shadowedBytes = repo.bytes(rel);
            const drift = bytes instanceof Uint8Array && shadowedBytes instanceof Uint8Array ? driftOf(decodeLossy(shadowedBytes), decodeLossy(bytes), rel, winner) : '';
            report({ messageId: 'shadowed', file: rel, loc, related, data: drift ? { file: rel, winner, drift } : { file: rel, winner } });
          }
        }
      }
    }
  },
});

/** Whether the decoded text is Rust white space only; ASCII bytes decode to themselves, so most files are told by their first bytes. */
function whitespaceOnly(bytes: Uint8Array): boolean {
  for (const b of bytes) {
    if (b >= 0x80) return isRustWhitespaceOnly(decodeLossy(bytes));
    if (!isRustWhitespace(b)) return false;
  }
  return true;
}

/**
 * When the winner is a copy of the shadowed file that has drifted (most of the shadowed file's lines
 * are in it, yet they differ), what changed: an override made from AGENTS.md and left behind hides
 * every later edit of AGENTS.md. Empty when they are not copies, or are the same.
 */
function driftOf(shadowed: string, winner: string, shadowedRel: string, winnerRel: string): string {
  const linesOf = (text: string) => text.split('\n').map((l) => l.trim());
  const mine = linesOf(shadowed);
  const theirs = new Set(linesOf(winner).filter((l) => l !== ''));
  const own = mine.filter((l) => l !== '');
  if (own.length === 0) return '';
  const missing = own.filter((l) => !theirs.has(l));
  const shared = own.length - missing.length;
  const mineSet = new Set(own);
  const extra = [...theirs].filter((l) => !mineSet.has(l)).length;
  if (shared * 2 < own.length || (missing.length === 0 && extra === 0)) return '';
  const first = mine.findIndex((l) => l !== '' && !theirs.has(l));
  const where = first >= 0 ? ` (first at ${shadowedRel}:${first + 1})` : '';
  const verb = (n: number) => (n === 1 ? 'is' : 'are');
  return ` ${winnerRel} is a copy of it that has drifted: ${missing.length} of its lines ${verb(missing.length)} missing there${where} and ${extra} ${verb(extra)} the copy's own.`;
}
