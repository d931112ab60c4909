import * as path from 'node:path';
import type { RepoIndex } from '../repo/repo-index.js';
import { UsageError } from '../errors.js';
import { scanHeadings } from '../markdown/scan-headings.js';
import { ProbeCache } from './simulate.js';
import { SharedUnlessHidden, type Locality, type MemoTable } from './local-memo.js';
import type { DiscoveryView } from './view.js';
import type { LoadedFile, Simulation } from './types.js';
import { MISSING, type FileSystem, type Probe } from '../repo/vfs.js';
import { posixDirname, relativeRepoPath } from '../repo/join.js';
import { PROFILES, profileOf } from './hosts/index.js';
import { PER_FILE_CHARS as CLAUDE_PER_FILE_CHARS } from './hosts/claude-code.js';
import { claudeFilesOver } from './claude-big-files.js';
import { HOST_IDS, simulateHost, type HostEnv, type HostFile, type HostId, type HostSimulation, type ImportProblem, type Moment, type SizeFinding } from './hosts/types.js';

/** One selected host: `claude-code:claude-md` → { id: 'claude-code', variant: 'claude-md' }. */
export interface HostSelection {
  id: HostId;
  variant: string;
  /** As written (`claude-code:claude-md`), or the bare id for defaults. */
  label: string;
}

/** Parses `--hosts` / config `hosts` entries; `all` selects every profile (and Codex). */
export function parseHosts(specs: readonly string[]): HostSelection[] {
  const out: HostSelection[] = [];
  for (const raw of specs.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean)) {
    if (raw === 'all') {
      out.push({ id: 'codex', variant: 'default', label: 'codex' }, ...PROFILES.map((p) => ({ id: p.id, variant: p.variants[0] ?? 'default', label: p.id })));
      continue;
    }
    const [id, variant] = raw.split(':') as [string, string | undefined];
    if (!(HOST_IDS as readonly string[]).includes(id)) throw new UsageError(`unknown host "${id}" (in --hosts or the "hosts" config key); known hosts: ${HOST_IDS.join(', ')}, all`);
    const profile = profileOf(id as HostId);
    const variants = profile?.variants ?? ['default'];
    if (variant !== undefined && !variants.includes(variant)) throw new UsageError(`unknown variant "${variant}" for host ${id}; use one of: ${variants.join(', ')}`);
    out.push({ id: id as HostId, variant: variant ?? variants[0] ?? 'default', label: raw });
  }
  const seen = new Set<string>();
  return out.filter((s) => !seen.has(s.label) && (seen.add(s.label), true));
}

/** A file one host loads, as the cross-host rules compare it. */
export interface HostLoad {
  host: string;
  file: HostFile;
}

/** Instruction files every host can be asked to read; host-only files (rules, .cursorrules) are by design one host's. */
const SHARED = /(^|\/)(AGENTS\.md|AGENT\.md|CLAUDE\.md|CLAUDE\.local\.md|GEMINI\.md|CONTEXT\.md|\.claude\/CLAUDE\.md)$/;

export interface Divergence {
  /** Repo-relative file that some hosts load and `host` does not. */
  file: string;
  host: string;
  /** Hosts that load it. */
  loadedBy: string[];
  /** Repo-relative cwds where it diverges. */
  cwds: string[];
  /** What `host` loads from the same directory instead (repo-relative), if anything. */
  instead: string[];
  /** Whether `host` would load the file if `instead` were gone (its own rules hide it). */
  shadowed: boolean;
  /** The import that makes the host's own file pull this one in (`@../AGENTS.md` in a CLAUDE.md), when it has one. */
  importRef: { file: string; ref: string; present: boolean } | null;
}

export interface SizeReport extends SizeFinding {
  host: string;
  cwds: string[];
  /** Repo-relative file, or null for a total. */
  rel: string | null;
  sectionsLost: string[];
  /** For totals: the largest file counted, where the report is anchored. */
  anchor?: string;
  line?: number;
  column?: number;
}

export interface ImportReport extends ImportProblem {
  hosts: string[];
  /** Repo-relative cwds from which the problem shows. */
  cwds: string[];
  rel: string;
  targetRel: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

/**
 * The run's view of every selected host: simulations per (host, cwd, moment), computed lazily over
 * the same working directories and probe cache as Codex's DiscoveryView.
 */
export class HostsView {
  readonly env: HostEnv;
  readonly #sims = new Map<string, HostSimulation>();
  constructor(
    readonly repo: RepoIndex,
    readonly discovery: DiscoveryView,
    readonly hosts: readonly HostSelection[],
  ) {
    this.env = { cache: discovery.cache, root: repo.root, files: repo.files };
  }

  #bigClaudeFiles: string[] | undefined;
  #absOfFiles: string[] | undefined;
  /** this.env.files as absolute paths, index for index (each divergence filters them). */
  #absFiles(): string[] {
    this.#absOfFiles ??= this.env.files.map((f) => this.repo.abs(f));
    return this.#absOfFiles;
  }
  /** A file's whole text, read and decoded once per run through the probe cache. */
  #textOf(abs: string): string {
    return this.env.cache.decoded(abs, readAll(this.env, abs));
  }

  /** A file's content key, computed once per run (a large root file is compared from every cwd). */
  #keyOf(abs: string): string {
    return this.env.cache.memo(contentKey, this.#textOf(abs));
  }

  readonly #heads = new Map<string, string>();

  /** The first, cheapest stand-in for #keyOf (see contentHead): 'f' exactly when the key is ''. */
  #headOf(abs: string): string {
    // By path: a text's hash is computed on its first use as a key, and most files are asked about
    // once here (a memo by text would hash every file's whole text for that).
    let head = this.#heads.get(abs);
    if (head === undefined) this.#heads.set(abs, (head = contentHead(this.#textOf(abs))));
    return head;
  }

  labels(): string[] {
    return this.hosts.map((h) => h.label);
  }

  /** What one host loads for a repo-relative cwd. */
  /** Session-start simulations by host label, then cwd (asked for thousands of times per run). */
  readonly #atStart = new Map<string, Map<string, HostSimulation>>();

  simulation(sel: HostSelection, cwdRel: string, moment: Moment = 'session-start', env: HostEnv = this.env): HostSimulation {
    if (moment === 'session-start' && env === this.env) {
      let byCwd = this.#atStart.get(sel.label);
      if (!byCwd) this.#atStart.set(sel.label, (byCwd = new Map()));
      let sim = byCwd.get(cwdRel);
      if (!sim) byCwd.set(cwdRel, (sim = this.#simulate(sel, cwdRel, moment, env)));
      return sim;
    }
    const key = `${sel.label}\0${cwdRel}\0${moment === 'session-start' ? '' : moment.afterReadingIn}`;
    const cached = env === this.env ? this.#sims.get(key) : undefined;
    if (cached) return cached;
    const sim = this.#simulate(sel, cwdRel, moment, env);
    if (env === this.env) this.#sims.set(key, sim);
    return sim;
  }

  #simulate(sel: HostSelection, cwdRel: string, moment: Moment, env: HostEnv): HostSimulation {
    const cwd = this.discovery.absOf(cwdRel);
    let sim: HostSimulation;
    // Codex over the env's cache: the run's own simulation, or a new one where the env hides files.
    if (sel.id === 'codex') sim = codexSimAsHost(this.discovery.simulationIn(env.cache, cwdRel), cwd);
    else {
      const profile = profileOf(sel.id);
      if (!profile) throw new Error(`no profile for ${sel.id}`);
      sim = simulateHost(profile, env, cwd, profile.settings(env, cwd, sel.variant), { moment });
    }
    return sim;
  }

  /**
   * What `sel` loads at session start from `cwdRel`, for the reports that compare cwds (imports,
   * sizes, divergences): its files, imports, sizes, text and notes are this cwd's, while `cwd` may
   * name another cwd whose result is the same. Thousands of cwds share one chain, so no copy of the
   * result is made (or kept) per cwd.
   */
  #atStartShared(sel: HostSelection, cwdRel: string, env: HostEnv = this.env): HostSimulation {
    // Each report asks for every cwd: the answer is looked up once per host and cwd (a reference to
    // the chain's simulation, nothing copied).
    let byCwd = env === this.env ? this.#sharedAt.get(sel.label) : undefined;
    if (!byCwd && env === this.env) this.#sharedAt.set(sel.label, (byCwd = new Map()));
    let sim = byCwd?.get(cwdRel);
    if (!sim) {
      sim = this.#simulateShared(sel, cwdRel, env);
      byCwd?.set(cwdRel, sim);
    }
    return sim;
  }

  readonly #sharedAt = new Map<string, Map<string, HostSimulation>>();

  #simulateShared(sel: HostSelection, cwdRel: string, env: HostEnv): HostSimulation {
    if (sel.id === 'codex' && env === this.env) return codexShared(this.discovery, cwdRel);
    // Codex under an env that hides files, and hosts without a shared form: simulated for this cwd.
    const profile = profileOf(sel.id);
    if (!profile?.simulateShared) return this.simulation(sel, cwdRel, 'session-start', env);
    const cwd = this.discovery.absOf(cwdRel);
    return profile.simulateShared(env, cwd, profile.settings(env, cwd, sel.variant));
  }

  readonly #sharedOf = new WeakMap<readonly HostFile[], HostFile[]>();
  /** Shared instruction files (and what they import) one host puts in front of the model at start. */
  #shared(sel: HostSelection, cwdRel: string): HostFile[] {
    // Imported helper files (docs/style.md) travel with their importer; only instruction files count.
    // Simulations of one chain share their file list: filtered once.
    // Codex's list is its simulation's files converted (the same array for every cwd of a chain): no
    // common-shape simulation is looked up or kept per cwd for it.
    const all = sel.id === 'codex' ? codexHostFilesOf(this.discovery.sharedSimulation(cwdRel).files) : this.#atStartShared(sel, cwdRel).files;
    let shared = this.#sharedOf.get(all);
    if (!shared) {
      shared = all.filter((f) => !f.skipped && !f.listedOnly && SHARED.test(this.repo.rel(f.path)));
      this.#sharedOf.set(all, shared);
    }
    return shared;
  }

  /** For each directory's cwd, the shared files some hosts load and others miss (content-deduplicated). */
  divergences(): Divergence[] {
    if (this.hosts.length < 2) return [];
    // Most cwds of a monorepo load the same files as many others (every package without files of
    // its own loads the root's): what diverges depends only on the files each host loads, so it is
    // computed once per distinct combination and credited to every cwd that has it.
    type Group = { perHost: { h: HostSelection; files: HostFile[] }[]; cwds: string[]; index: number };
    const groups: Group[] = [];
    // Each distinct list of paths gets a number (lists are shared along chains: joined once each).
    const listIds = new Map<string, number>();
    const idOf = new WeakMap<HostFile[], number>();
    const id = (files: HostFile[]) => {
      let n = idOf.get(files);
      if (n === undefined) {
        const paths = files.map((f) => f.path).join('\0');
        n = listIds.get(paths);
        if (n === undefined) listIds.set(paths, (n = listIds.size));
        idOf.set(files, n);
      }
      return n;
    };
    // Groups are found through a tree keyed by each host's list number in turn: per cwd, a few map
    // lookups and nothing allocated (2,000 cwds and more; indexed loops, as this code runs cold).
    type Node = Map<number, Node | Group>;
    const tree: Node = new Map();
    const hosts = this.hosts;
    const cwds = this.discovery.cwds();
    // Each cwd's group, by the cwd's index (see inCwdOrder).
    const groupOf = new Int32Array(cwds.length);
    // This cwd's list per host, looked up once (a new group keeps them).
    const lists: HostFile[][] = [];
    for (let c = 0; c < cwds.length; c++) {
      const cwd = cwds[c]!;
      let node = tree;
      for (let i = 0; i < hosts.length; i++) {
        const files = this.#shared(hosts[i]!, cwd);
        lists[i] = files;
        const n = id(files);
        let next = node.get(n);
        if (next === undefined) {
          if (i === hosts.length - 1) {
            const perHost: Group['perHost'] = [];
            for (let h = 0; h < hosts.length; h++) perHost.push({ h: hosts[h]!, files: lists[h]! });
            next = { perHost, cwds: [], index: groups.length };
            groups.push(next);
          } else next = new Map();
          node.set(n, next);
        }
        if (next instanceof Map) node = next;
        else {
          next.cwds.push(cwd);
          groupOf[c] = next.index;
        }
      }
    }
    // Files are compared by content (below). Each file's key is told apart from the others' in three
    // steps, each only for the files the previous one could not tell apart: the start of the key
    // (contentHead), then its start and end (contentFingerprint), then the whole key. A file counts
    // once, whatever the groups and hosts that load it.
    const counted: string[] = [];
    const seenPaths = new Set<string>();
    const byHead = new Map<string, number>();
    for (let g = 0; g < groups.length; g++) {
      const perHost = groups[g]!.perHost;
      for (let h = 0; h < perHost.length; h++) {
        const files = perHost[h]!.files;
        for (let i = 0; i < files.length; i++) {
          const abs = files[i]!.path;
          if (seenPaths.has(abs)) continue;
          seenPaths.add(abs);
          counted.push(abs);
          const head = this.#headOf(abs);
          byHead.set(head, (byHead.get(head) ?? 0) + 1);
        }
      }
    }
    // A head of the whole key ("f…") is the key itself; any other names a file alone when no other shares it.
    const shared = (head: string) => head.charCodeAt(0) !== 102 && (byHead.get(head) ?? 0) > 1;
    const prints = new Map<string, string>();
    const byPrint = new Map<string, number>();
    for (let i = 0; i < counted.length; i++) {
      const abs = counted[i]!;
      if (!shared(this.#headOf(abs))) continue;
      const print = contentFingerprint(this.#textOf(abs));
      prints.set(abs, print);
      byPrint.set(print, (byPrint.get(print) ?? 0) + 1);
    }
    const keys = new Map<string, string>();
    const keyOf = (abs: string) => {
      let key = keys.get(abs);
      if (key === undefined) {
        // Keys of one form are equal exactly when the contents are ('f', 'h' and 'p' keys name a
        // content no other file has, a 'k' key is the content itself), and forms never meet.
        const head = this.#headOf(abs);
        const print = prints.get(abs);
        key = head === 'f' ? '' : !shared(head) ? head : print!.startsWith('f') || (byPrint.get(print!) ?? 0) <= 1 ? print! : `k${this.#keyOf(abs)}`;
        keys.set(abs, key);
      }
      return key;
    };
    const rels = new Map<string, string>();
    const relOf = (abs: string) => {
      let rel = rels.get(abs);
      if (rel === undefined) rels.set(abs, (rel = this.repo.rel(abs)));
      return rel;
    };
    // Divergences in the order first found (sorted at the end), by host label and file.
    const out: Divergence[] = [];
    const byHostFile = new Map<string, Map<string, Divergence>>();
    // The group that found a divergence; those credited by more groups keep them all (inCwdOrder).
    const firstGroup = new Map<Divergence, number>();
    const merged = new Map<Divergence, { loadedBy: Set<string>; instead: Set<string>; groups: number[] }>();
    // Indexed loops and host lists as arrays (a handful of hosts): this runs once per group, cold,
    // where for-of allocates an iterator result per step.
    for (let g = 0; g < groups.length; g++) {
      const { perHost, cwds } = groups[g]!;
      // A file counts by its content minus import lines: a symlinked CLAUDE.md, an identical copy,
      // or a CLAUDE.md that only says `@AGENTS.md` all carry the same instructions.
      const units = new Map<string, { rel: string; hosts: string[] }>();
      for (let p = 0; p < perHost.length; p++) {
        const { h, files } = perHost[p]!;
        for (let i = 0; i < files.length; i++) {
          const f = files[i]!;
          // Keyed by the whole file's content (a host's cut or trim does not make it another file).
          const key = keyOf(f.path);
          if (key === '') continue;
          let unit = units.get(key);
          if (!unit) units.set(key, (unit = { rel: relOf(f.path), hosts: [] }));
          if (!unit.hosts.includes(h.label)) unit.hosts.push(h.label);
        }
      }
      const unitOf = (f: HostFile) => units.get(keyOf(f.path));
      for (const unit of units.values()) {
        for (let p = 0; p < perHost.length; p++) {
          const { h, files } = perHost[p]!;
          if (unit.hosts.includes(h.label)) continue;
          // Why Codex misses an AGENTS.md of its own (an override, a nested root, its budget) is what
          // no-shadowed-instructions and no-unreachable-instructions report.
          if (h.id === 'codex' && /(^|\/)AGENTS(\.override)?\.md$/.test(unit.rel)) continue;
          // What this host reads instead: its files that none of the hosts loading this one read.
          const instead: string[] = [];
          for (let i = 0; i < files.length; i++) {
            const other = unitOf(files[i]!)?.hosts;
            let shared = false;
            if (other) for (let x = 0; x < other.length; x++) if (unit.hosts.includes(other[x]!)) shared = true;
            if (!shared) instead.push(relOf(files[i]!.path));
          }
          // By host, then file: the file's path is one string per run (relOf), hashed once, where a key
          // joining the two would be a new string per group, unit and host.
          let byFile = byHostFile.get(h.label);
          if (!byFile) byHostFile.set(h.label, (byFile = new Map()));
          const d = byFile.get(unit.rel);
          if (d) {
            for (let c = 0; c < cwds.length; c++) d.cwds.push(cwds[c]!);
            let sets = merged.get(d);
            if (!sets) merged.set(d, (sets = { loadedBy: new Set(d.loadedBy), instead: new Set(d.instead), groups: [firstGroup.get(d)!] }));
            sets.groups.push(g);
            for (let x = 0; x < unit.hosts.length; x++) {
              const host = unit.hosts[x]!;
              if (sets.loadedBy.has(host)) continue;
              sets.loadedBy.add(host);
              d.loadedBy.push(host);
            }
            for (let x = 0; x < instead.length; x++) {
              if (sets.instead.has(instead[x]!)) continue;
              sets.instead.add(instead[x]!);
              d.instead.push(instead[x]!);
            }
          } else {
            const created: Divergence = { file: unit.rel, host: h.label, loadedBy: unit.hosts.slice(), cwds: cwds.slice(), instead, shadowed: false, importRef: null };
            byFile.set(unit.rel, created);
            firstGroup.set(created, g);
            out.push(created);
          }
        }
      }
    }
    // Groups credit their cwds together: back to the cwds' own (sorted) order. A group's cwds are in
    // that order already: only a divergence that several groups credit needs reordering.
    for (let i = 0; i < out.length; i++) {
      const d = out[i]!;
      const credited = merged.get(d)?.groups;
      if (credited) d.cwds = inCwdOrder(d.cwds, credited, cwds, groupOf, groups.length);
    }
    const hiddenEnvs = new Map<string, HostEnv>();
    for (let i = 0; i < out.length; i++) {
      const d = out[i]!;
      // Shadowed: with the files it loads instead hidden, the host would load this one.
      if (d.instead.length === 0) continue;
      const hiddenKey = d.instead.join('\0');
      let env = hiddenEnvs.get(hiddenKey);
      if (!env) {
        env = this.#hidingEnv(new Set(d.instead.map((r) => this.repo.abs(r))));
        hiddenEnvs.set(hiddenKey, env);
      }
      const sel = this.hosts.find((h) => h.label === d.host);
      const cwd = d.cwds[0];
      if (sel && cwd !== undefined) {
        // #shared's files, without filtering the list first: d.file is a shared file itself (it came
        // from a #shared list), so the one test left is that the host loads it, not skipped or listed.
        const files = this.#atStartShared(sel, cwd, env).files;
        for (let i = 0; i < files.length && !d.shadowed; i++) {
          const f = files[i]!;
          d.shadowed = !f.skipped && !f.listedOnly && relOf(f.path) === d.file;
        }
      }
      // Only a CLAUDE.md at or below the file's directory should import it (one above would pull it
      // into every directory under it).
      const fileDir = posixDirname(d.file);
      const importer = d.instead.find((r) => /(^|\/)CLAUDE\.md$/.test(r) && (fileDir === '.' || r.startsWith(`${fileDir}/`)));
      if (importer) {
        const ref = `@${relativeRepoPath(posixDirname(importer), d.file)}`;
        // Already imported, yet missed: the import needs an approval the host has not got.
        const present = this.#headOf(this.repo.abs(importer)) === 'f' && this.#textOf(this.repo.abs(importer)).includes(ref);
        d.importRef = { file: importer, ref, present };
      }
    }
    return out.sort((a, b) => (a.file === b.file ? a.host.localeCompare(b.host) : a.file < b.file ? -1 : 1));
  }

  /**
   * The repository as a host would see it with `hidden` (absolute paths) gone. Probes and reads of
   * every other path go to the run's cache (nothing is probed or decoded twice), and the file list
   * is filtered only if a profile asks for it (rule directories, globs).
   */
  #hidingEnv(hidden: ReadonlySet<string>): HostEnv {
    const cache = new HidingProbeCache(this.env.cache, hidden);
    const absFiles = () => this.#absFiles();
    const all = this.env.files;
    let files: readonly string[] | undefined;
    return {
      cache,
      root: this.env.root,
      get files() {
        files ??= all.filter((_, i) => !hidden.has(absFiles()[i]!));
        return files;
      },
    };
  }

  /** Each distinct list of files a host other than Codex loads at session start, over every cwd (cwds of one chain share a list). */
  *#otherHostFileLists(): Generator<readonly HostFile[]> {
    const cwds = this.discovery.cwds();
    const seen = new Set<readonly HostFile[]>();
    for (const sel of this.hosts) {
      if (sel.id === 'codex') continue;
      for (let c = 0; c < cwds.length; c++) {
        const files = this.#atStartShared(sel, cwds[c]!).files;
        if (seen.has(files)) continue;
        seen.add(files);
        yield files;
      }
    }
  }

  #loadedByOthers: Set<string> | undefined;
  /**
   * Whether a host in use other than Codex puts this file (repo-relative) in front of the model at
   * session start from some cwd. Such a file that Codex misses is a divergence between the hosts.
   */
  loadedByOtherHost(fileRel: string): boolean {
    if (!this.#loadedByOthers) {
      const out = new Set<string>();
      for (const files of this.#otherHostFileLists()) for (const f of files) if (!f.skipped && !f.listedOnly) out.add(this.repo.rel(f.path));
      this.#loadedByOthers = out;
    }
    return this.#loadedByOthers.has(fileRel);
  }

  /**
   * Every file of the repository that a host imports (`@path`) into its instructions, from any cwd
   * (repository-relative): no-broken-import reports on the imports inside them too.
   */
  importedFiles(): string[] {
    const out = new Set<string>();
    for (const files of this.#otherHostFileLists()) {
      for (const f of files) {
        if (f.kind !== 'import') continue;
        const rel = this.repo.rel(f.path);
        if (rel !== '' && !rel.startsWith('../')) out.add(rel);
      }
    }
    return [...out];
  }

  /** Broken imports, once per reference, with the hosts that resolve it that way. */
  imports(): ImportReport[] {
    const byKey = new Map<string, ImportReport>();
    for (const sel of this.hosts) {
      if (sel.id === 'codex') continue;
      // Simulations of one chain share their problems: each is keyed once.
      const byProblem = new Map<ImportProblem, ImportReport>();
      // Indexed loops: once per cwd, in code this cold (for-of allocates per step).
      const cwds = this.discovery.cwds();
      for (let c = 0; c < cwds.length; c++) {
        const cwd = cwds[c]!;
        const imports = this.#atStartShared(sel, cwd).imports;
        for (let i = 0; i < imports.length; i++) {
          const p = imports[i]!;
          let existing = byProblem.get(p);
          if (!existing) {
            existing = byKey.get(`${p.file}\0${p.offset}\0${p.kind}`);
            if (existing) byProblem.set(p, existing);
          }
          if (existing) {
            if (!existing.hosts.includes(sel.label)) existing.hosts.push(sel.label);
            credit(existing, cwd);
            continue;
          }
          const text = this.#textOf(p.file);
          const start = position(text, p.offset);
          const end = position(text, p.endOffset);
          const report: ImportReport = { ...p, hosts: [sel.label], cwds: [cwd], rel: this.repo.rel(p.file), targetRel: this.repo.rel(p.resolved), line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
          byKey.set(`${p.file}\0${p.offset}\0${p.kind}`, report);
          byProblem.set(p, report);
        }
      }
    }
    return [...byKey.values()].sort((a, b) => (a.rel === b.rel ? a.offset - b.offset : a.rel < b.rel ? -1 : 1));
  }

  /** Size limits hit, per (host, file, effect), with the cut's position and the sections lost. */
  sizes(): SizeReport[] {
    const byKey = new Map<string, SizeReport>();
    for (const sel of this.hosts) {
      if (sel.id === 'codex') continue;
      // Simulations of one chain share their findings: each is keyed once.
      const byFinding = new Map<SizeFinding, SizeReport>();
      const cwds = this.discovery.cwds();
      for (let c = 0; c < cwds.length; c++) {
        const cwd = cwds[c]!;
        const sim = this.#atStartShared(sel, cwd);
        // Lazy cuts (Claude Code's nested files) show up once the agent reads below the cwd.
        const lazy = sel.id === 'claude-code' ? this.#lazyBelow(sel, cwd) : NO_SIZES;
        const found = lazy.length ? [...sim.sizes, ...lazy] : sim.sizes;
        for (let i = 0; i < found.length; i++) {
          const s = found[i]!;
          // A total is one finding per distinct sum (the same files loaded from several cwds).
          let existing = byFinding.get(s);
          const key = existing ? '' : `${s.who}\0${s.file ?? ''}\0${s.effect}\0${s.file === null ? s.size : ''}`;
          existing ??= byKey.get(key);
          if (existing) {
            byFinding.set(s, existing);
            credit(existing, cwd);
            continue;
          }
          const report: SizeReport = { ...s, host: sel.label, cwds: [cwd], rel: s.file === null ? null : this.repo.rel(s.file), sectionsLost: [] };
          if (s.file === null) {
            const largest = sim.files.filter((f) => !f.skipped).sort((a, b) => b.text.length - a.text.length)[0];
            if (largest) report.anchor = this.repo.rel(largest.path);
          }
          const cutAt = s.offset;
          if (s.file !== null && cutAt !== undefined) {
            const text = this.#textOf(s.file);
            const pos = position(text, cutAt);
            report.line = pos.line;
            report.column = pos.column;
            const headings = scanHeadings(text);
            let first = headings.findIndex((h) => h.offset >= cutAt);
            if (first === -1) first = headings.length;
            report.sectionsLost = headings.slice(first > 0 ? first - 1 : first).map((h) => h.text);
          }
          byKey.set(key, report);
          byFinding.set(s, report);
        }
      }
    }
    return [...byKey.values()];
  }

  /**
   * Claude Code cuts nested files only when they are over its per-file limit, so only such files
   * (UTF-8 bytes ≥ UTF-16 units, so the size on disk is a safe pre-filter) are simulated lazily, from
   * each cwd above them.
   */
  #lazyBelow(sel: HostSelection, cwd: string): readonly SizeFinding[] {
    // The same for every cwd: found once per run, not once per cwd (2,000 cwds × every listed file).
    const big = (this.#bigClaudeFiles ??= claudeFilesOver(this.repo, this.env.cache, CLAUDE_PER_FILE_CHARS));
    if (big.length === 0) return NO_SIZES;
    const out: SizeFinding[] = [];
    // An indexed loop: once per cwd (with no such file, nearly always), in cold code.
    for (let i = 0; i < big.length; i++) {
      const f = big[i]!;
      const dir = path.posix.dirname(f.replace(/\/\.claude\/.*$/, '/x'));
      if (dir === cwd || !(cwd === '' || dir.startsWith(`${cwd}/`))) continue;
      out.push(...this.simulation(sel, cwd, { afterReadingIn: this.repo.abs(dir) }).sizes.filter((s) => s.effect === 'cut'));
    }
    return out;
  }
}

/** What a cwd has of lazy cuts when there are none (nearly always): one array, not one per cwd. */
const NO_SIZES: readonly SizeFinding[] = [];

/**
 * `credited` (the cwds of the groups numbered in `groupsIn`, each cwd in one group only) sorted as
 * Array.prototype.sort sorts them. `cwds` is that sort's order already (DiscoveryView.cwds), with no
 * cwd twice, so for a list holding a good part of the cwds, keeping the cwds whose group is credited,
 * in order, gives the same list in one pass; a shorter list is sorted.
 */
export function inCwdOrder(credited: string[], groupsIn: readonly number[], cwds: readonly string[], groupOf: Int32Array, groupCount: number): string[] {
  if (credited.length * 8 < cwds.length) return credited.sort();
  const wanted = new Uint8Array(groupCount);
  for (let i = 0; i < groupsIn.length; i++) wanted[groupsIn[i]!] = 1;
  const out: string[] = [];
  for (let c = 0; c < cwds.length; c++) if (wanted[groupOf[c]!] === 1) out.push(cwds[c]!);
  return out;
}

/** JavaScript's `\s` (what contentKey's regular expressions treat as white space). */
const JS_SPACE_SET = new Set([9, 10, 11, 12, 13, 32, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff]);

const ASCII_SPACE = new Uint8Array(128);
for (const c of JS_SPACE_SET) if (c < 128) ASCII_SPACE[c] = 1;
/** Whether a UTF-16 unit is JavaScript white space (a function, not a method on an object: it is called per character). */
function isSpace(c: number): boolean {
  return c < 128 ? ASCII_SPACE[c] === 1 : JS_SPACE_SET.has(c);
}

/** Characters of contentKey a fingerprint keeps from each end. */
const PRINT_CHARS = 64;
/** Characters of contentKey a head keeps. */
const HEAD_CHARS = 16;

/**
 * The first `chars` characters of the key of the text's first lines, once they hold more than `chars`
 * non-space characters (the key of the first lines is a prefix of the whole key); null when the
 * whole key holds no more.
 */
function keyHead(text: string, chars: number): string | null {
  let count = 0;
  for (let lineStart = 0; lineStart <= text.length; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0) lineEnd = text.length;
    if (!isImportLine(text, lineStart, lineEnd)) count += nonSpace(text, lineStart, lineEnd);
    if (count > chars) return keyOfRange(text, 0, lineEnd).slice(0, chars);
    lineStart = lineEnd + 1;
  }
  return null;
}

/**
 * The cheapest stand-in for contentKey, read from the start of the text only: 'f' and the whole key
 * when it holds at most HEAD_CHARS non-space characters, else 'h' and its first HEAD_CHARS. Like
 * contentFingerprint, a function of the key that is 'f' exactly when the key is ''. Fingerprints
 * are taken only of the files whose heads collide: the files of a monorepo mostly differ in their
 * first line, and scanning 16 characters instead of 64 from each end matters in code this cold (once
 * per file, interpreted).
 */
export function contentHead(text: string): string {
  const head = keyHead(text, HEAD_CHARS);
  return head === null ? `f${keyOfRange(text, 0, text.length)}` : `h${head}`;
}

/**
 * A stand-in for contentKey that reads only the start and the end of a text: 'f' and the whole key
 * when it holds at most PRINT_CHARS non-space characters, else 'p' and its first and last PRINT_CHARS
 * characters. It is a function of the key (equal keys give equal fingerprints), and it is 'f' exactly
 * when the key is ''. The key is the words of the lines that are not `@import` lines, joined by single
 * spaces, so the key of the first (last) lines is a prefix (suffix) of the whole key.
 */
export function contentFingerprint(text: string): string {
  const head = keyHead(text, PRINT_CHARS);
  if (head === null) return `f${keyOfRange(text, 0, text.length)}`;
  let count = 0;
  let tailStart = 0;
  for (let lineEnd = text.length; ; ) {
    const lineStart = lineEnd > 0 ? text.lastIndexOf('\n', lineEnd - 1) + 1 : 0;
    if (!isImportLine(text, lineStart, lineEnd)) count += nonSpace(text, lineStart, lineEnd);
    if (count > PRINT_CHARS || lineStart === 0) {
      tailStart = lineStart;
      break;
    }
    lineEnd = lineStart - 1;
  }
  const tail = keyOfRange(text, tailStart, text.length).slice(-PRINT_CHARS);
  return `p${head}\u0000${tail}`;
}

/**
 * contentKey(text.slice(start, end)) for a range of whole lines, in one pass and without regular
 * expressions (the fingerprint of every instruction file is taken): after the import lines are
 * dropped, collapsing each run of white space to one space and trimming leaves exactly the lines'
 * words joined by single spaces.
 */
export function keyOfRange(text: string, start: number, end: number): string {
  let key = '';
  for (let lineStart = start; lineStart <= end; ) {
    let lineEnd = text.indexOf('\n', lineStart);
    if (lineEnd < 0 || lineEnd > end) lineEnd = end;
    if (!isImportLine(text, lineStart, lineEnd)) {
      let i = lineStart;
      for (;;) {
        while (i < lineEnd && isSpace(text.charCodeAt(i))) i++;
        if (i >= lineEnd) break;
        const wordStart = i;
        // Within a word (most characters), isSpace written out for ASCII (see nonSpace).
        for (; i < lineEnd; i++) {
          const c = text.charCodeAt(i);
          if (c < 128 ? ASCII_SPACE[c] === 1 : JS_SPACE_SET.has(c)) break;
        }
        key = key === '' ? text.slice(wordStart, i) : `${key} ${text.slice(wordStart, i)}`;
      }
    }
    lineStart = lineEnd + 1;
  }
  return key;
}

/** Characters of text[start, end) that are not JavaScript white space. */
function nonSpace(text: string, start: number, end: number): number {
  let n = 0;
  // isSpace written out: this loop visits every character of each file's first lines (a call per
  // character costs more than the test, in code that stays at the baseline tier).
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < 128 ? ASCII_SPACE[c] === 0 : !JS_SPACE_SET.has(c)) n++;
  }
  return n;
}

/**
 * Whether text[start, end) carries no instruction of its own for the content comparison: an import
 * line (/^\s*@\S+\s*$/), an ATX heading, or a code fence's delimiter with its language tag. So a
 * CLAUDE.md holding only a title and `@AGENTS.md` compares as empty, and two copies that differ only
 * in a heading or a fence's tag (```txt against ```) compare equal.
 */
function isImportLine(text: string, start: number, end: number): boolean {
  let i = start;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  if (i >= end) return false;
  const first = text.charCodeAt(i);
  if (first === 35) return i - start <= 3 && /^#{1,6}(?:\s|$)/.test(text.slice(i, Math.min(end, i + 8)));
  if (first === 96 || first === 126) return /^(?:`{3,}|~{3,})[^\s`]*\s*$/.test(text.slice(i, end));
  if (first !== 64) return false;
  i++;
  const nameStart = i;
  while (i < end && !isSpace(text.charCodeAt(i))) i++;
  if (i === nameStart) return false;
  while (i < end && isSpace(text.charCodeAt(i))) i++;
  return i === end;
}

const creditedCwds = new WeakMap<{ cwds: string[] }, Set<string>>();

/** Adds `cwd` to a report's cwds once (a root file's finding shows from thousands of cwds: no linear search). */
function credit(report: { cwds: string[] }, cwd: string): void {
  let seen = creditedCwds.get(report);
  if (!seen) {
    seen = new Set(report.cwds);
    creditedCwds.set(report, seen);
  }
  if (seen.has(cwd)) return;
  seen.add(cwd);
  report.cwds.push(cwd);
}

export function contentKey(text: string): string {
  return text
    .split('\n')
    .filter((l) => !isImportLine(l, 0, l.length))
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}

function readAll(env: HostEnv, abs: string): Uint8Array {
  const r = env.cache.read(abs, env.cache.probe(abs).size ?? Number.MAX_SAFE_INTEGER);
  return 'error' in r ? new Uint8Array() : r.bytes;
}

/** 1-based line and UTF-16 column of a text offset. */
export function position(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

function hidingFs(fs: FileSystem, hidden: ReadonlySet<string>): FileSystem {
  return {
    probe: (p) => (hidden.has(p) ? MISSING : fs.probe(p)),
    read: (p, max) => fs.read(p, max),
    list: (p) => fs.list(p).filter((e) => !hidden.has(path.join(p, e.name))),
  };
}

/** A probe cache that answers "missing" for hidden paths and defers everything else to the run's cache. */
class HidingProbeCache extends ProbeCache {
  constructor(
    readonly inner: ProbeCache,
    readonly hidden: ReadonlySet<string>,
  ) {
    super(hidingFs(inner.fs, hidden));
  }
  override probe(absPath: string): Probe {
    return this.hidden.has(absPath) ? MISSING : this.inner.probe(absPath);
  }
  override read(absPath: string, maxBytes: number): ReturnType<ProbeCache['read']> {
    return this.inner.read(absPath, maxBytes);
  }
  /** A name absent from the disk is absent with files hidden too. */
  override absentIn(dir: string, name: string): boolean {
    return this.inner.absentIn(dir, name);
  }
  override absentAllIn(dir: string, names: readonly string[]): boolean {
    return this.inner.absentAllIn(dir, names);
  }
  override decoded(absPath: string, bytes: Uint8Array): string {
    return this.inner.decoded(absPath, bytes);
  }
  override memo<T>(derive: (text: string) => T, text: string): T {
    return this.inner.memo(derive, text);
  }
  override derivedOf<T>(derive: (text: string) => T, absPath: string, text: string): T {
    return this.inner.derivedOf(derive, absPath, text);
  }
  readonly #local = new Map<object, MemoTable<unknown>>();
  /** Shared with the run's cache except where a hidden path bears on the key (see SharedUnlessHidden). */
  override localMemo<T>(scope: object, by: Locality): MemoTable<T> {
    let table = this.#local.get(scope) as MemoTable<T> | undefined;
    if (!table) this.#local.set(scope, (table = new SharedUnlessHidden<T>(this.memoMap<T>(scope), this.inner.localMemo<T>(scope, by), this.hidden, by)));
    return table;
  }
  // memoBy and memoMap stay this cache's own: what is memoised by key (a directory's probes) depends on what is hidden.
}

/** Each Codex file list in the common shape, converted once (see codexHostFilesOf). */
const codexFiles = new WeakMap<readonly LoadedFile[], HostFile[]>();

/** Codex's simulation in the common shape (its own simulator stays the source of truth). */
function codexSimAsHost(sim: Simulation, cwd: string): HostSimulation {
  const files = codexHostFilesOf(sim.files);
  return { host: 'codex', variant: 'default', cwd, moment: 'session-start', files, text: sim.text, imports: [], sizes: [], notes: sim.warnings };
}

/** codexHostFiles once per file list: chains share their list, and so their converted one. */
function codexHostFilesOf(loaded: readonly LoadedFile[]): HostFile[] {
  let files = codexFiles.get(loaded);
  if (!files) codexFiles.set(loaded, (files = codexHostFiles(loaded)));
  return files;
}

/** Codex's common-shape simulations by file list, one per distinct text and warnings (those come with the list). */
const codexByFiles = new WeakMap<readonly LoadedFile[], HostSimulation[]>();

/** codexSimAsHost for the reports that compare cwds: one object per chain rather than per cwd (see #atStartShared). */
function codexShared(discovery: DiscoveryView, cwdRel: string): HostSimulation {
  const sim = discovery.sharedSimulation(cwdRel);
  let list = codexByFiles.get(sim.files);
  if (!list) codexByFiles.set(sim.files, (list = []));
  for (let i = 0; i < list.length; i++) if (list[i]!.text === sim.text && list[i]!.notes === sim.warnings) return list[i]!;
  const shared = codexSimAsHost(sim, sim.cwd);
  list.push(shared);
  return shared;
}

function codexHostFiles(loaded: readonly LoadedFile[]): HostFile[] {
  // An indexed loop and two literals, not map() with a spread: once per chain, in cold code, where a
  // spread clones an object per file. The fields are in the same order either way (JSON shows them).
  const files: HostFile[] = [];
  for (let i = 0; i < loaded.length; i++) {
    const f = loaded[i]!;
    // A file Codex's budget drops still counts as selected here: no-truncated-instructions reports the cut.
    files.push(f.dropped === 'whitespace' ? { path: f.path, kind: 'project', bytes: f.bytes, text: f.text, skipped: 'empty' } : { path: f.path, kind: 'project', bytes: f.bytes, text: f.text });
  }
  return files;
}

const views = new WeakMap<DiscoveryView, HostsView>();

/**
 * Hosts in use by default: every host whose own files or settings the repository holds, and Codex
 * when it holds an AGENTS.md or a .codex/ directory, or no other host's files (a repository that
 * keeps only GEMINI.md is a Gemini CLI repository, not one whose Codex users miss it).
 */
export function defaultHosts(repo: RepoIndex): HostSelection[] {
  const out: HostSelection[] = [];
  // Only the files a profile's index points at can be its own (most of a repository is neither named
  // like a host's file nor under a host's hidden directory).
  // The profiles' names are among those the engine scans the listing for before it attaches hosts
  // (scanDiscoveryNames, in prepareIndex): one scan for all of them.
  for (const p of PROFILES) {
    const { names, hiddenDirs } = p.ownsIndex;
    const underHidden = () => repo.hiddenFiles().some((f) => hasDirSegment(f, hiddenDirs) && p.owns(f));
    const bySettings = () => p.inUseBySettings?.((rel) => repo.json(rel)) === true;
    if (names.some((n) => repo.filesNamed(n).some((f) => p.owns(f))) || (hiddenDirs.length > 0 && underHidden()) || bySettings()) out.push({ id: p.id, variant: p.variants[0] ?? 'default', label: p.id });
  }
  if (codexInUse(repo) || out.length === 0) out.unshift({ id: 'codex', variant: 'default', label: 'codex' });
  return out;
}

/** Whether the repository shows that its team uses Codex: it holds an AGENTS.md (or override) or a `.codex/` directory. */
export function codexInUse(repo: RepoIndex): boolean {
  return repo.filesNamed('AGENTS.md').length > 0 || repo.filesNamed('AGENTS.override.md').length > 0 || repo.hiddenFiles().some((f) => hasDirSegment(f, ['.codex']));
}

/** Whether a directory segment of `rel` (any but the last) is one of `dirs`. */
export function hasDirSegment(rel: string, dirs: readonly string[]): boolean {
  const segments = rel.split('/');
  for (let i = 0; i < segments.length - 1; i++) if (dirs.includes(segments[i]!)) return true;
  return false;
}

/** Called by the engine with `--hosts` / config `hosts` (undefined: the default selection). */
export function attachHosts(discovery: DiscoveryView, repo: RepoIndex, specs: readonly string[] | undefined): HostsView {
  const view = new HostsView(repo, discovery, specs && specs.length ? parseHosts(specs) : defaultHosts(repo));
  views.set(discovery, view);
  return view;
}

/** The hosts view for a run (rules call this; created with the default selection when the engine did not). */
export function hostsView(discovery: DiscoveryView, repo: RepoIndex): HostsView {
  return views.get(discovery) ?? attachHosts(discovery, repo, undefined);
}
