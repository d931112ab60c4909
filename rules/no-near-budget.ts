import { defineRule, z, describeCwds } from '../src/kit/index.js';

const pct = (share: number) => `${Math.round(share * 100)}%`;

export default defineRule({
  id: 'no-near-budget',
  meta: {
    description: "Warn when a Codex chain uses most of its byte budget (project_doc_max_bytes), one edit from a cut",
    severity: 'warn',
    scope: 'repo',
    tags: ['discovery', 'codex'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      nearBudget: (d: { file: string; used: number; budget: number; share: string; cwds: string; count: number; chain: string; left: number }) =>
        `${d.file} is near Codex's budget: its chain uses ${d.share} of ${d.budget} bytes. The chain ${d.chain} uses ${d.used} bytes for ${d.cwds}; ${d.left} more bytes anywhere on it and ${d.file} is cut without warning. Shorten the chain or raise project_doc_max_bytes.`,
    },
    options: () => z.strictObject({
      share: z.number().gt(0).lt(1).default(0.9).describe('Share of project_doc_max_bytes a chain may use before it is reported (0 to 1, exclusive)'),
    }),
  },
  check({ repo, discovery, report }, { share }) {
    // One finding per chain (the list of files Codex joins), whatever the number of working
    // directories that load it; a chain that is already cut is no-truncated-instructions' finding.
    const chains = new Map<string, { files: string[]; used: number; budget: number; cwds: string[] }>();
    const sims = discovery.simulations();
    for (let s = 0; s < sims.length; s++) {
      const { cwd, sim } = sims[s]!;
      const loaded = sim.files.filter((f) => f.dropped === null);
      if (loaded.length === 0 || sim.files.some((f) => f.cut !== null || f.dropped === 'budget')) continue;
      const budget = sim.settings.maxBytes;
      const used = loaded.reduce((n, f) => n + f.usedBytes, 0);
      if (budget <= 0 || used < share * budget) continue;
      const files = loaded.map((f) => repo.rel(f.path));
      const key = files.join('\0');
      const chain = chains.get(key);
      if (chain) chain.cwds.push(cwd);
      else chains.set(key, { files, used, budget, cwds: [cwd] });
    }
    for (const { files, used, budget, cwds } of chains.values()) {
      // The last file is the one a cut reaches first, where the finding is seen.
      const file = files[files.length - 1]!;
      report({
        messageId: 'nearBudget',
        file,
        loc: { start: { line: 1, column: 1 } },
        data: { file, used, budget, share: pct(used / budget), cwds: describeCwds(cwds), count: cwds.length, chain: files.join(' → '), left: budget - used + 1 },
      });
    }
  },
});
