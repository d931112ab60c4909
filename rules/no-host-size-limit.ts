import { defineRule, z, hostsView, plural } from '../src/kit/index.js';

type Data = { file: string; host: string; who: string; size: number; limit: number; unit: string; cwds: string; lost: string };

export default defineRule({
  id: 'no-host-size-limit',
  meta: {
    description: "Disallow instruction files over an agent host's size limits (Claude Code, Windsurf)",
    severity: 'warn',
    scope: 'repo',
    tags: ['discovery', 'hosts', 'budget'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      cut: (d: Data) => `${d.who} cuts ${d.file} here, after its first ${d.limit} ${d.unit}. The file has ${d.size} ${d.unit} in all, and the text from here on is lost${d.lost}. Shorten the file or move detail into files the agent reads on demand.`,
      skipped: (d: Data) => `${d.who} skips ${d.file} whole: it is over the ${d.limit}-${d.unit} limit. The file has ${d.size} ${d.unit}. Split it into smaller files.`,
      fileWarning: (d: Data) => `${d.file} is over ${d.who}'s per-file limit of ${d.limit} ${d.unit}. At ${d.size} ${d.unit}, it makes ${d.who} warn "Large ${d.file} will impact performance" and cuts nested loads there. Shorten it below ${d.limit} ${d.unit}.`,
      totalWarning: (d: Data) => `The instruction files ${d.who} loads with ${d.file} are over its total limit. For ${d.cwds} they total ${d.size} ${d.unit}, over the ${d.limit}-${d.unit} limit, and ${d.who} warns "Instruction files will impact performance". Trim the files on this path.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, files, report }) {
    const first = files[0]?.path ?? '';
    // A file Codex cuts (no-truncated-instructions' error) needs shortening already: Claude Code's
    // warning that it is large says nothing more. (Claude's 40,000 characters are more than Codex's
    // default 32 KiB, so with Codex in use such a file is nearly always cut.) Losses stay reported.
    const codexCuts = (rel: string) => discovery.loadsOf(rel).some((l) => l.file.cut !== null);
    for (const s of hostsView(discovery, repo).sizes()) {
      if (s.rel !== null && s.effect === 'warning' && codexCuts(s.rel)) continue;
      const data: Data = {
        file: s.rel ?? '',
        host: s.host,
        who: s.who,
        size: s.size,
        limit: s.limit,
        unit: s.unit === 'chars' ? 'characters' : 'bytes',
        cwds: plural(s.cwds.length, 'working directory', 'working directories'),
        lost: s.sectionsLost.length ? ` (sections: ${s.sectionsLost.join(', ')})` : '',
      };
      const at = s.line !== undefined && s.column !== undefined ? { start: { line: s.line, column: s.column } } : { start: { line: 1, column: 1 } };
      if (s.rel === null) report({ messageId: 'totalWarning', file: s.anchor ?? first, data: { ...data, file: s.anchor ?? first }, loc: at });
      else report({ messageId: s.effect === 'cut' ? 'cut' : s.effect === 'skipped' ? 'skipped' : 'fileWarning', file: s.rel, data, loc: at });
    }
  },
});
