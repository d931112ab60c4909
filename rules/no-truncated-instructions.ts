import { defineRule, z, describeCut, describeCwds, listSome, type LoadedFile, type Simulation } from '../src/kit/index.js';

interface Finding {
  kind: 'cut' | 'dropped';
  rel: string;
  file: LoadedFile;
  sim: Simulation;
  cwds: string[];
}

const sectionList = (sections: readonly string[]) =>
  sections.length === 0 ? '' : ` (sections cut or lost: ${listSome(sections.map((s) => `"${s}"`), 3)})`;

export default defineRule({
  id: 'no-truncated-instructions',
  meta: {
    description: "Disallow instruction chains longer than Codex's byte budget (project_doc_max_bytes)",
    severity: 'error',
    scope: 'repo',
    tags: ['discovery', 'codex'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      truncated: (d: { file: string; line: number; column: number; cwds: string; count: number; budget: number; bytes: number; lost: number; sections: string }) =>
        `${d.file} is cut here: Codex's ${d.budget}-byte budget runs out. For ${d.cwds}, the budget (project_doc_max_bytes) ends at ${d.line}:${d.column}, and the agent never sees the last ${d.lost} of its ${d.bytes} bytes${d.sections}. Shorten the files loaded before it, move reference material into files the agent opens on demand, or raise project_doc_max_bytes.`,
      splitCharacter: (d: { file: string; line: number; column: number; cwds: string; count: number; budget: number; bytes: number; lost: number; sections: string }) =>
        `${d.file} is cut here, in the middle of a multi-byte UTF-8 character. For ${d.cwds}, Codex's budget ends at ${d.line}:${d.column}: the agent sees U+FFFD (�) there, and never sees the last ${d.lost} of its ${d.bytes} bytes${d.sections}. Shorten the files loaded before it or raise project_doc_max_bytes (${d.budget} bytes now).`,
      dropped: (d: { file: string; cwds: string; count: number; budget: number; spender: string; spent: number }) =>
        `Codex never loads ${d.file}: the files above it spend the budget. For ${d.cwds}, the ${d.budget}-byte budget (project_doc_max_bytes) runs out before it (${d.spender} alone takes ${d.spent} bytes), so the most specific instructions are the ones lost. Shorten those files or raise project_doc_max_bytes.`,
    },
    options: () => z.strictObject({}),
  },
  check({ files, repo, discovery, report }) {
    // Codex spends the budget root first and cuts the file where it runs out, with no marker in the
    // text and no warning in the TUI (docs/codex-discovery.md §4.3, §7.10; issues #7138, #13386). The same
    // cut repeats for every cwd below the file, so findings are grouped by file and cut.
    const findings = new Map<string, Finding>();
    // Indexed loops: once per cwd and file, in code this cold (for-of allocates per step).
    const sims = discovery.simulations();
    for (let s = 0; s < sims.length; s++) {
      const { cwd, sim } = sims[s]!;
      for (let f = 0; f < sim.files.length; f++) {
        const file = sim.files[f]!;
        const kind = file.dropped === 'budget' ? 'dropped' : file.cut ? 'cut' : null;
        if (!kind) continue;
        const rel = repo.rel(file.path);
        const key = `${kind}\0${rel}\0${file.cut?.byteOffset ?? 0}`;
        const found = findings.get(key);
        if (found) found.cwds.push(cwd);
        else findings.set(key, { kind, rel, file, sim, cwds: [cwd] });
      }
    }
    // Content checks may hold only a capped prefix of a huge file: ranges end within what they hold.
    const indexed = new Map(files.map((f) => [f.path, f.bytes.length]));
    for (const { kind, rel, file, sim, cwds } of findings.values()) {
      const budget = sim.settings.maxBytes;
      const where = { cwds: describeCwds(cwds), count: cwds.length, budget };
      if (kind === 'dropped') {
        // The file that spent most of the budget in this chain is where the bytes went.
        const spender = sim.files.reduce((a, b) => (b.usedBytes > a.usedBytes ? b : a));
        const spenderRel = repo.rel(spender.path);
        report({
          messageId: 'dropped',
          file: rel,
          loc: { start: { line: 1, column: 1 } },
          data: { file: rel, ...where, spender: spenderRel, spent: spender.usedBytes },
          related: [{ file: spenderRel, line: 1, column: 1, message: `spends ${spender.usedBytes} of the ${budget} bytes` }],
        });
        continue;
      }
      const full = repo.bytes(rel);
      if (!(full instanceof Uint8Array)) continue; // unreadable now: no-unreadable-instructions says so
      const cut = describeCut(file, full);
      if (!cut) continue;
      // A gitignored local file is loaded by Codex but is not an instruction file of the index.
      const held = indexed.get(rel);
      const loc =
        held !== undefined && cut.byteOffset <= held ? { byteOffset: cut.byteOffset, endByteOffset: held } : { start: { line: cut.line, column: cut.column } };
      // Sizes come from the simulation (the file on disk), not from a possibly capped read.
      const data = { file: rel, line: cut.line, column: cut.column, ...where, bytes: file.bytes, lost: file.bytes - cut.byteOffset, sections: sectionList(cut.sectionsLost) };
      report({ messageId: cut.splitsCharacter ? 'splitCharacter' : 'truncated', file: rel, loc, data });
    }
  },
});
