import * as path from 'node:path';
import type { RepoIndex } from '../repo/repo-index.js';
import { isRecord } from '../repo/manifests.js';
import { ProbeCache, simulate, type SimulateOptions } from './simulate.js';
import { CONFIG_FILE_NAME, candidateNames, settingsFor, trustFor, type ResolvedCodexConfig, type TrustDecision } from './hosts/codex.js';
import { parentDir } from './parent-dir.js';
import type { CodexSettings, LoadedFile, SearchedDirectory, Simulation } from './types.js';
import { joinPath, posixDirname } from '../repo/join.js';

export interface DiscoveryOptions {
  /** Set when the lint root came from a config file or --root rather than a marker. */
  boundary?: string;
  /** Extra working directories (repo-relative), from --cwd. */
  extraCwds?: readonly string[];
  /**
   * Repo-relative directories the run reports on (a lint of `packages/web`, or of one staged file's
   * directory). Only cwds at or below them, or above them, are simulated: nothing under a directory is
   * loaded from a cwd beside it, so findings on files inside the scope come out exactly as in a full run.
   */
  scope?: readonly string[];
}

export interface FileLoad {
  /** Repo-relative cwd. */
  cwd: string;
  file: LoadedFile;
}

/**
 * The run's view of Codex discovery: one simulation per working directory that matters (root,
 * workspace packages, every directory holding an instruction file outside dot-directories, --cwd), computed lazily and
 * indexed by file, so rules ask "which cwds load this file, with how many of its bytes?".
 */
export class DiscoveryView {
  readonly cache: ProbeCache;
  readonly #repo: RepoIndex;
  readonly #config: ResolvedCodexConfig;
  readonly #options: DiscoveryOptions;
  readonly #sims = new Map<string, Simulation>();
  readonly #settings = new Map<string, CodexSettings>();
  #cwds: string[] | undefined;
  #loads: Map<string, FileLoad[]> | undefined;
  #dirs: Map<string, SearchedDirectory> | undefined;

  constructor(repo: RepoIndex, config: ResolvedCodexConfig, options: DiscoveryOptions = {}) {
    this.#repo = repo;
    this.#config = config;
    this.#options = options;
    this.cache = new ProbeCache(repo.fs, (abs) => repo.bytesRead(abs));
  }

  get config(): ResolvedCodexConfig {
    return this.#config;
  }

  readonly #abs = new Map<string, string>();
  /**
   * The absolute path of a repo-relative directory, one string per directory and run: every host's
   * memos are keyed by it, and a string made once is hashed once.
   */
  absOf(rel: string): string {
    let abs = this.#abs.get(rel);
    if (abs === undefined) this.#abs.set(rel, (abs = this.#repo.abs(rel)));
    return abs;
  }

  /**
   * Repo-relative working directories simulated, sorted: the root, workspace packages, the directory
   * of every instruction file outside dot-directories, and --cwd / the config's `cwds`.
   */
  cwds(): readonly string[] {
    if (this.#cwds) return this.#cwds;
    const set = new Set<string>(['']);
    for (const pkg of this.#repo.workspacePackages()) set.add(pkg.dir);
    // A directory inside a host's config directory (.github, .cursor, .agents, .claude, ...) holds that
    // host's files or the source of a symlink: nobody starts an agent session there, so it is no cwd of
    // its own (workspace packages and --cwd are kept whatever their names).
    for (const file of this.#repo.instructionFiles()) {
      const dir = dirOf(file.path);
      if (!inDotDirectory(dir)) set.add(dir);
    }
    for (const cwd of this.#options.extraCwds ?? []) set.add(cwd);
    const scope = this.#options.scope;
    const inScope = (cwd: string) => !scope || scope.some((dir) => dir === '' || cwd === '' || cwd === dir || cwd.startsWith(`${dir}/`) || dir.startsWith(`${cwd}/`));
    this.#cwds = [...set].filter(inScope).sort();
    // Every host probes each cwd for a dozen names or more, and each directory above it as well. Only
    // the cwds are listed for it: a directory above them is most often a container (packages/) whose
    // thousands of entries cost more to list than its names, each probed once per run, cost to probe.
    for (let c = 0; c < this.#cwds.length; c++) this.cache.expectProbes(this.absOf(this.#cwds[c]!));
    return this.#cwds;
  }

  /**
   * Settings for a cwd: project `.codex/config.toml` layers from the root down, each applied when its
   * own directory is trusted (observed on 0.171.0), under the cwd's trust.
   */
  settings(cwdRel: string): CodexSettings {
    const cwdTrust = this.trust(cwdRel);
    // The key is the applied layers' paths, then the trust level, joined by NULs. Most repositories
    // have no project layer: then the trust level alone is the key, and nothing is built per cwd.
    let layers: Record<string, unknown>[] | undefined;
    let key = '';
    // Only listed files are parsed; most directories have none (no parse, no trust question): the
    // directories holding one are found once, and each cwd looks only at those on its chain.
    const configDirs = this.#configDirs();
    for (let i = 0; i < configDirs.length; i++) {
      const dir = configDirs[i]!;
      if (!(dir === '' || cwdRel === dir || cwdRel.startsWith(`${dir}/`))) continue;
      const rel = dir ? `${dir}/.codex/config.toml` : '.codex/config.toml';
      const value = this.#repo.toml(rel);
      // Observed on 0.171.0: a layer applies only when both the cwd and the layer's own directory
      // are trusted (test/conformance/FINDINGS.md §5, and randomized conformance seeds 1005, 1084).
      if (isRecord(value) && cwdTrust.level === 'trusted' && this.trust(dir).level === 'trusted') {
        (layers ??= []).push(value);
        key += `${rel}\0`;
      }
    }
    key += cwdTrust.level;
    let settings = this.#settings.get(key);
    if (!settings) {
      settings = settingsFor(this.#config, layers ?? [], cwdTrust);
      this.#settings.set(key, settings);
    }
    return settings;
  }

  #configDirsList: string[] | undefined;
  /** Directories (repo-relative) holding a listed `.codex/config.toml`, root first along any chain. */
  #configDirs(): string[] {
    if (this.#configDirsList) return this.#configDirsList;
    const dirs: string[] = [];
    for (const rel of this.#repo.filesNamed(CONFIG_FILE_NAME)) {
      if (rel === '.codex/config.toml') dirs.push('');
      else if (rel.endsWith('/.codex/config.toml')) dirs.push(rel.slice(0, -'/.codex/config.toml'.length));
    }
    // Ancestors of a cwd are each other's prefixes: by length is root-to-cwd order.
    this.#configDirsList = dirs.sort((a, b) => a.length - b.length);
    return this.#configDirsList;
  }

  readonly #trust = new Map<string, TrustDecision>();
  readonly #gitRoots = new Map<string, string | null>();
  /** gitRootOf as a function made once (trust() passes it for every directory). */
  readonly #gitRootOfDir = (dir: string): string | null => this.gitRootOf(dir);

  /** Codex's trust for a repo-relative directory (see trustFor), once per directory. */
  trust(dirRel: string): TrustDecision {
    let decision = this.#trust.get(dirRel);
    if (!decision) {
      decision = trustFor(this.#config, this.absOf(dirRel), this.#gitRootOfDir);
      this.#trust.set(dirRel, decision);
    }
    return decision;
  }

  /** The nearest ancestor that is a real git repository, memoised per directory (every cwd asks for its chain). */
  private gitRootOf(dir: string): string | null {
    let root = this.#gitRoots.get(dir);
    if (root === undefined) {
      root = this.#findGitRoot(dir);
      this.#gitRoots.set(dir, root);
    }
    return root;
  }

  /** The nearest ancestor that is a real git repository (`.git/HEAD`, or a `.git` file naming one). */
  #findGitRoot(dir: string): string | null {
    for (let d = dir; ; d = path.dirname(d)) {
      if (d !== dir && this.#gitRoots.has(d)) return this.#gitRoots.get(d) ?? null;
      const dotGit = joinPath(d, '.git');
      const probe = this.cache.probe(dotGit);
      if (probe.kind === 'dir' && this.cache.probe(joinPath(dotGit, 'HEAD')).kind === 'file') return d;
      if (probe.kind === 'file') {
        const read = this.cache.read(dotGit, 4096);
        const match = 'bytes' in read ? /^gitdir:\s*(.+?)\s*$/m.exec(Buffer.from(read.bytes).toString('utf8')) : null;
        if (match?.[1] && this.cache.probe(path.join(path.resolve(d, match[1]), 'HEAD')).kind === 'file') return d;
      }
      if (path.dirname(d) === d) return null;
    }
  }

  #simulateOptions: SimulateOptions | undefined;
  /** What Codex sends from `cwdRel`: this cwd's own simulation (explain shows it). */
  simulation(cwdRel: string): Simulation {
    return this.#sims.get(cwdRel) ?? this.#simulate(cwdRel, this.settings(cwdRel));
  }

  #simulate(cwdRel: string, settings: CodexSettings): Simulation {
    const sim = simulate(this.cache, this.absOf(cwdRel), settings, (this.#simulateOptions ??= { boundary: this.#options.boundary }));
    this.#sims.set(cwdRel, sim);
    return sim;
  }

  readonly #shared = new Map<string, Simulation>();
  /** Per settings object, then parent directory (absolute): the first quiet cwd's simulation there. */
  readonly #quietByParent = new Map<CodexSettings, Map<string, Simulation>>();

  /**
   * What Codex loads from `cwdRel`, for the rules that compare cwds: the cwd's own simulation, or a
   * quiet sibling's. A quiet cwd's directory holds none of Codex's candidate names and none of its
   * root markers (the directory's listing proves them absent), so Codex searches there the chain of
   * the parent directory, then an empty directory: two quiet cwds with the same parent and settings
   * get the same root, files, text, warnings and error. They differ only where the cwd is named: the
   * simulation's `cwd`, its block's header and its last searched directory (all candidates missing,
   * nothing chosen: searched() answers it for the cwd's own directory). On a monorepo most packages
   * hold no AGENTS.md: each is one lookup here instead of a simulation.
   */
  sharedSimulation(cwdRel: string): Simulation {
    const known = this.#sims.get(cwdRel) ?? this.#shared.get(cwdRel);
    if (known) return known;
    const settings = this.settings(cwdRel);
    const abs = this.absOf(cwdRel);
    const parent = parentDir(abs);
    if (parent === abs || abs === this.#options.boundary || !settings.loadProjectDocs || settings.maxBytes <= 0 || !this.cache.absentAllIn(abs, quietNames(settings))) return this.#simulate(cwdRel, settings);
    let byParent = this.#quietByParent.get(settings);
    if (!byParent) this.#quietByParent.set(settings, (byParent = new Map()));
    const sibling = byParent.get(parent);
    if (sibling) {
      this.#shared.set(cwdRel, sibling);
      return sibling;
    }
    const sim = this.#simulate(cwdRel, settings);
    byParent.set(parent, sim);
    return sim;
  }

  /**
   * What Codex loads from `cwdRel` as `cache` answers the file system (one that hides files, for
   * "would it load this file without those?"); the run's own simulation for the run's own cache.
   * Not memoised here: `cache` memoises the chains it walks.
   */
  simulationIn(cache: ProbeCache, cwdRel: string): Simulation {
    if (cache === this.cache) return this.simulation(cwdRel);
    return simulate(cache, this.absOf(cwdRel), this.settings(cwdRel), (this.#simulateOptions ??= { boundary: this.#options.boundary }));
  }

  #simulations: { cwd: string; sim: Simulation }[] | undefined;
  /** Every cwd with what Codex loads there (sharedSimulation: `sim.cwd` may name a quiet sibling). */
  simulations(): readonly { cwd: string; sim: Simulation }[] {
    if (this.#simulations) return this.#simulations;
    // An indexed loop, not map() with a closure: once per cwd, in cold code.
    const cwds = this.cwds();
    const sims: { cwd: string; sim: Simulation }[] = [];
    for (let i = 0; i < cwds.length; i++) sims.push({ cwd: cwds[i]!, sim: this.sharedSimulation(cwds[i]!) });
    return (this.#simulations = sims);
  }

  /** Every simulated cwd whose chain selected this file, with what happened to it there. */
  loadsOf(fileRel: string): readonly FileLoad[] {
    this.index();
    return this.#loads?.get(fileRel) ?? [];
  }

  /** What Codex found probing a directory (repo-relative), as seen from any simulated cwd. */
  searched(dirRel: string): SearchedDirectory | undefined {
    this.index();
    // A quiet cwd that shares a sibling's simulation (sharedSimulation) is its own chain's last entry.
    return this.#dirs?.get(dirRel) ?? (this.#shared.has(dirRel) ? this.simulation(dirRel).searched.at(-1) : undefined);
  }

  private index(): void {
    if (this.#loads) return;
    const loads = new Map<string, FileLoad[]>();
    const dirs = new Map<string, SearchedDirectory>();
    // Chains share their entries (a cwd's chain extends its parent's): each entry is mapped once.
    const seenDirs = new Set<SearchedDirectory>();
    const listOf = new Map<LoadedFile, FileLoad[]>();
    // Indexed loops: this runs once per cwd, cold, where for-of allocates an iterator result per step.
    const sims = this.simulations();
    for (let s = 0; s < sims.length; s++) {
      const { cwd, sim } = sims[s]!;
      const searchedDirs = sim.searched;
      // A cwd's chain ends with its own directory, after its parent's entries: scanned from the end,
      // the first entry already seen is one whose ancestors were all seen with it.
      for (let i = searchedDirs.length - 1; i >= 0; i--) {
        const searched = searchedDirs[i]!;
        if (seenDirs.has(searched)) break;
        seenDirs.add(searched);
        const rel = this.#repo.rel(searched.dir);
        if (!dirs.has(rel)) dirs.set(rel, searched);
      }
      const simFiles = sim.files;
      for (let i = 0; i < simFiles.length; i++) {
        const file = simFiles[i]!;
        let list = listOf.get(file);
        if (!list) {
          const rel = this.#repo.rel(file.path);
          list = loads.get(rel);
          if (!list) loads.set(rel, (list = []));
          listOf.set(file, list);
        }
        list.push({ cwd, file });
      }
    }
    this.#loads = loads;
    this.#dirs = dirs;
  }
}

/** Whether a repo-relative directory is, or lies inside, a directory whose name starts with a dot. */
export function inDotDirectory(dirRel: string): boolean {
  return dirRel.startsWith('.') || dirRel.includes('/.');
}

function dirOf(rel: string): string {
  // posixDirname: path.posix.dirname's answer by one cut (once per instruction file, in cold code).
  const d = posixDirname(rel);
  return d === '.' ? '' : d;
}

/** Per settings object: Codex's candidate names, then its root markers (one array: the listing's test is made once for it). */
const quietNamesBySettings = new WeakMap<CodexSettings, string[]>();

function quietNames(settings: CodexSettings): string[] {
  let names = quietNamesBySettings.get(settings);
  if (!names) quietNamesBySettings.set(settings, (names = [...candidateNames(settings.fallbackFilenames), ...settings.rootMarkers]));
  return names;
}
