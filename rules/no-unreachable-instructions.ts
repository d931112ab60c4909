import { defineRule, z, listSome, codexInUse, hostsView, inDotDirectory, PATH_SCOPED_INSTRUCTIONS, candidateNames, describeCwds, CODEX_DEFAULT, CODEX_OVERRIDE } from '../src/kit/index.js';

const baseOf = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const dirOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
const START = { start: { line: 1, column: 1 } };
const DEFAULT_DIR = `${CODEX_DEFAULT}/`;
const OVERRIDE_DIR = `${CODEX_OVERRIDE}/`;

export default defineRule({
  id: 'no-unreachable-instructions',
  meta: {
    description: 'Disallow instruction files that Codex does not load from any working directory',
    severity: 'warn',
    scope: 'repo',
    tags: ['discovery', 'codex'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      caseVariant: (d: { file: string; expected: string; others: string; count: number }) =>
        `${d.file}${d.others} ${d.count > 1 ? 'are' : 'is'} loaded only on case-insensitive disks. Codex asks for ${d.expected} exactly, and such a disk (macOS, Windows) answers with ${d.count > 1 ? 'these files' : 'this file'} when Codex runs in ${d.count > 1 ? 'their directories' : 'its directory'}. If ${d.count > 1 ? 'they are' : 'it is'} meant for agents, rename to ${d.expected}; if not, rename ${d.count > 1 ? 'them' : 'it'} so no agent loads ${d.count > 1 ? 'them' : 'it'} by accident.`,
      agentMd: (d: { file: string; expected: string }) => `Codex never loads ${d.file}: it looks for AGENTS.md, with an S. Rename it to ${d.expected}.`,
      notAFile: (d: { file: string; what: string }) =>
        `${d.file} is ${d.what}, which Codex skips. Codex loads only regular files (after following symlinks), so nothing is loaded from it. Replace it with a regular file${d.what === 'a dangling symlink' ? ' or fix the link target' : ''}.`,
      nestedRoot: (d: { file: string; root: string; marker: string; count: number; cwds: string }) =>
        `Codex does not load ${d.file} in the nested project ${d.root}. For ${d.cwds}, its project-root search stops at the marker ${d.marker} (a submodule or nested repository), so nothing above ${d.root} is read there. Repeat the instructions in ${join(d.root, CODEX_DEFAULT)}, or set project_root_markers in ~/.codex/config.toml if ${d.root} is not a project of its own.`,
      otherHost: (d: { file: string; name: string; dir: string }) =>
        `Codex never loads ${d.file}: ${d.name} is another agent's file. It is not in project_doc_fallback_filenames, and ${d.dir} has no AGENTS.md, so Codex users get none of these instructions. Add ${join(d.dir === '.' ? '' : d.dir, CODEX_DEFAULT)} (or a symlink to ${d.name}), or list "${d.name}" in project_doc_fallback_filenames.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    const done = new Set<string>();
    // Candidates that are not regular files, as Codex's own probes saw them (§2.3). The index lists
    // files only, so a directory named AGENTS.md is found among the index's directories as well.
    const notAFile = (rel: string, what: string) => {
      if (rel.startsWith('..') || done.has(rel)) return;
      done.add(rel);
      report({ messageId: 'notAFile', file: rel, loc: START, data: { file: rel, what } });
    };
    // A directory's probes are shared by every chain through it: each list is looked at once.
    const probed = new Set<unknown>();
    // Indexed loops: once per cwd and directory, in code this cold (for-of allocates per step).
    const sims = discovery.simulations();
    for (let s = 0; s < sims.length; s++) {
      const searched = sims[s]!.sim.searched;
      for (let d = 0; d < searched.length; d++) {
        const { candidates } = searched[d]!;
        if (probed.has(candidates)) continue;
        probed.add(candidates);
        for (let i = 0; i < candidates.length; i++) {
          const c = candidates[i]!;
          const what = c.kind === 'dir' ? 'a directory' : c.kind === 'special' ? 'a special file (FIFO, socket or device)' : c.kind === 'missing' && c.symlink ? 'a dangling symlink' : null;
          if (what) notAFile(repo.rel(c.path), what);
        }
      }
    }
    // A directory of the index named like a candidate has a listed file below it, whose path then
    // holds "AGENTS.md/": without one, the index's directories need not be built and searched.
    // (One native search of the listing each, not a test per listed path.)
    if (repo.someFileIncludes(DEFAULT_DIR) || repo.someFileIncludes(OVERRIDE_DIR)) {
      for (const dir of repo.dirs) if (baseOf(dir) === CODEX_DEFAULT || baseOf(dir) === CODEX_OVERRIDE) notAFile(dir, 'a directory');
    }

    // A repository with no AGENTS.md and no .codex/ is not one whose team uses Codex: another
    // agent's files there are not instructions Codex "misses".
    const codexUsed = codexInUse(repo);
    const caseVariants: { rel: string; expected: string }[] = [];
    let dirs: Set<string> | undefined;
    const packageDirs = () => (dirs ??= new Set(repo.workspacePackages().map((p) => p.dir)));
    for (const { path: rel, kind } of repo.instructionFiles()) {
      if (done.has(rel) || discovery.loadsOf(rel).length > 0) continue;
      const name = baseOf(rel);
      const dir = dirOf(rel);
      const names = candidateNames(discovery.settings(dir).fallbackFilenames);
      // A candidate name that is not loaded is shadowed (no-shadowed-instructions) or sits in a
      // directory whose whole chain fails (no-unreadable-instructions).
      if (names.includes(name)) continue;
      // Codex probes exact names; only a case-insensitive disk lets agents.md answer (§2.6).
      const expected = names.find((n) => n.toLowerCase() === name.toLowerCase());
      // A page named agents.md matters only where agents are started: the root or a package.
      if (expected) {
        if (dir === '' || packageDirs().has(dir)) caseVariants.push({ rel, expected: join(dir, expected) });
      }
      else if (name === 'AGENT.md') report({ messageId: 'agentMd', file: rel, loc: START, data: { file: rel, expected: join(dir, CODEX_DEFAULT) } });
      else if (kind === 'other-host') {
        // Beside an AGENTS.md, another agent's file is the usual dual setup, not a loss for Codex. In a
        // dot-directory (.claude/, .agents/) it is a host's own file, read from there, or the source of
        // a symlink: nobody starts Codex there. And a file that another host in use loads is a
        // divergence between the hosts: no-host-divergence reports it, naming Codex with the others.
        if (!codexUsed || PATH_SCOPED_INSTRUCTIONS.test(rel) || inDotDirectory(dir) || discovery.searched(dir)?.chosen) continue;
        if (hostsView(discovery, repo).loadedByOtherHost(rel)) continue;
        report({ messageId: 'otherHost', file: rel, loc: START, data: { file: rel, name, dir: dir || '.' } });
      }
    }

    // One fact, one finding: pages named agents.md are usually documentation, and each says the same.
    const first = caseVariants[0];
    if (first) {
      const others = caseVariants.length > 1 ? ` (and ${listSome(caseVariants.slice(1).map((c) => c.rel), 3)})` : '';
      report({ messageId: 'caseVariant', file: first.rel, loc: START, data: { file: first.rel, expected: baseOf(first.expected), others, count: caseVariants.length } });
    }

    // A marker below the repository root (a submodule's .git file, a nested repository, an empty .git
    // directory) becomes the root for every cwd under it, which then reads nothing above it (§1.3,
    // issues #25651, #30789). The files above still load from higher cwds, so this names the cwds.
    const cutOff = new Map<string, { file: string; root: string; marker: string; cwds: string[] }>();
    // Cwds below one root share its answer (the same object): mapped to a path once.
    const roots = new Map<unknown, string>();
    for (let s = 0; s < sims.length; s++) {
      const { cwd, sim } = sims[s]!;
      if (sim.root.dir === null || sim.root.reason.kind !== 'marker') continue;
      let root = roots.get(sim.root);
      if (root === undefined) roots.set(sim.root, (root = repo.rel(sim.root.dir)));
      if (root === '' || root.startsWith('..')) continue;
      for (let d = dirOf(root); ; d = dirOf(d)) {
        const chosen = discovery.searched(d)?.chosen;
        const file = chosen ? repo.rel(chosen.path) : null;
        if (file && discovery.loadsOf(file).some((l) => l.file.dropped !== 'whitespace')) {
          const key = `${file}\0${root}`;
          const entry = cutOff.get(key);
          if (entry) entry.cwds.push(cwd);
          else cutOff.set(key, { file, root, marker: join(root, sim.root.reason.marker), cwds: [cwd] });
        }
        if (d === '') break;
      }
    }
    for (const { file, root, marker, cwds } of cutOff.values()) {
      report({ messageId: 'nestedRoot', file, loc: START, data: { file, root, marker, count: cwds.length, cwds: describeCwds(cwds) } });
    }
  },
});
