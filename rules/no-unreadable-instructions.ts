import { defineRule, z, candidateNames, searchDirectories, describeCwds, plural, listSome } from '../src/kit/index.js';

interface Broken {
  code: string;
  cwds: string[];
  lost: Set<string>;
}

type Data = { file: string; cwds: string; cwdCount: number; lost: string; lostCount: number };

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENAMETOOLONG: 'its path is too long',
  EFBIG: "it is larger than 512 MiB, Codex's read limit",
};

export default defineRule({
  id: 'no-unreadable-instructions',
  meta: {
    description: 'Disallow instruction candidates Codex cannot read, which make it drop every project instruction file',
    severity: 'error',
    scope: 'repo',
    tags: ['discovery', 'codex'],
    fixable: false,
    messages: {
      symlinkLoop: (d: Data) =>
        `${d.file} is a symlink loop. Codex fails on it and then drops every project instruction file for ${d.cwds}${lostText(d)}. Point the link at a real file or delete it.`,
      unreadable: (d: Data & { code: string; reason: string }) =>
        `Codex cannot read ${d.file} (${d.code}: ${d.reason}). It then drops every project instruction file for ${d.cwds}${lostText(d)}. Fix the file's permissions or size, or remove it.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    // Any candidate metadata or read error other than NotFound fails the whole environment: Codex
    // logs it and sends no project docs at all for that cwd (agents_md.rs; docs/codex-discovery.md §2.3, §6).
    const broken = new Map<string, Broken>();
    // An indexed loop: once per cwd, in code this cold (for-of allocates per step).
    const sims = discovery.simulations();
    for (let s = 0; s < sims.length; s++) {
      const { cwd, sim } = sims[s]!;
      if (!sim.error) continue;
      const file = repo.rel(sim.error.path);
      let entry = broken.get(file);
      if (!entry) broken.set(file, (entry = { code: sim.error.code, cwds: [], lost: new Set() }));
      entry.cwds.push(cwd);
      // Lost: what the chain would load without the broken file. Directories Codex probed are
      // known exactly; in the broken file's own directory the next candidate takes its place, and
      // directories below it were never probed: there the file list answers.
      const probed = new Map(sim.searched.map((s) => [s.dir, s]));
      const names = candidateNames(sim.settings.fallbackFilenames);
      const brokenDir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
      const brokenName = file.slice(brokenDir ? brokenDir.length + 1 : 0);
      for (const dir of searchDirectories(sim.cwd, sim.root.dir)) {
        const rel = repo.rel(dir);
        const searched = rel === brokenDir ? undefined : probed.get(dir);
        const rest = rel === brokenDir ? names.slice(names.indexOf(brokenName) + 1) : names;
        const chosen = searched ? searched.chosen && repo.rel(searched.chosen.path) : rest.map((n) => (rel ? `${rel}/${n}` : n)).find((p) => repo.has(p));
        if (chosen && chosen !== file) entry.lost.add(chosen);
      }
    }
    for (const [file, entry] of broken) {
      const lost = [...entry.lost].sort();
      const data = {
        file,
        cwds: describeCwds(entry.cwds),
        cwdCount: entry.cwds.length,
        lost: listSome(lost, 3),
        lostCount: lost.length,
      };
      // The file may be missing from the index (an unlisted path); 1:1 of it is still the place to look.
      const loc = { start: { line: 1, column: 1 } };
      if (entry.code === 'ELOOP') report({ messageId: 'symlinkLoop', data, file, loc });
      else report({ messageId: 'unreadable', data: { ...data, code: entry.code, reason: REASONS[entry.code] ?? 'read error' }, file, loc });
    }
  },
});

function lostText(d: Data): string {
  return d.lostCount === 0 ? '' : `, including ${plural(d.lostCount, 'readable file')} (${d.lost})`;
}
