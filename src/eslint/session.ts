import * as path from 'node:path';
import type { Root } from 'mdast';
import type { Diagnostic } from '../util/diagnostic.js';
import type { Statement } from '../markdown/instruction-file.js';
import { lintRun } from '../engine/lint.js';
import { resolveRoot } from '../config/load.js';
import { listFiles, type FileListing } from '../repo/walk.js';
import { FsError } from '../repo/vfs.js';
import { ConfigError, UsageError } from '../errors.js';
import { rules as allRules } from '../../rules/index.js';
import { ObservedFileSystem, entryState, fileSig } from './observed-fs.js';
import { OverlayFileSystem } from './overlay-fs.js';
import { bytesToLint, toEslintMessage, type EslintMessage } from './positions.js';
import { sameTree } from './eslint-tree.js';

/** What the ESLint rules ask of the engine, once per file ESLint lints (see plugin-rules.ts). */
export interface LintRequest {
  /** The file's absolute path on disk (ESLint's physicalFilename). */
  file: string;
  /** The text ESLint lints: the disk's, or an editor's unsaved buffer. */
  text: string;
  /** One rule alone, with the options eslint.config.js gives it (replacing the config file's). */
  only?: { ruleId: string; options: unknown };
  /** How long the repository's index is trusted without looking at the disk again (ms). */
  recheckMs: number;
  /** @eslint/markdown's tree of `text`, when ESLint parsed it without frontmatter or math (eslint-tree.ts). */
  tree?: Root;
  /**
   * The file is not an instruction file but one the engine reads for them (a manifest, a config
   * file, a host's settings: the JSON files ESLint lints with @eslint/json, the TOML and YAML files
   * with the plugin's `agents-lint/text`): its findings are those
   * of a run over the whole repository, as the CLI's `agents-lint .` reports them.
   */
  dependency?: boolean;
}

export interface LintResponse {
  messages: EslintMessage[];
}

/**
 * Workspace.reached's answer: the root of the file asked about, the run the answer comes from
 * (`version`, new for each run) and the files it lints or reaches (absolute), left out when the
 * caller said it has that run's already.
 */
export interface ReachedResponse {
  root: string;
  version: number;
  files?: string[];
}

/** What a run found: its findings by file, the repository's instruction files, and the other files it reached. */
interface Found {
  /** Which run this is: each run gets a number of its own. */
  version: number;
  root: string;
  byFile: Map<string, Diagnostic[]>;
  /** Absolute paths. */
  instructionPaths: readonly string[];
  /** Repository-relative: LintRun.reachedFiles, for a run over the whole repository. */
  reached: string[];
}

/** One repository root's listing (git's, or a walk's without git), and what it rests on. */
interface Listing {
  files: FileListing;
  listed: ReadonlySet<string>;
  /** Every listed directory's signature (or UNSETTLED), and each watched file's (.gitignore files, git's index and excludes). */
  dirs: Map<string, string>;
  watched: Map<string, string>;
  /** When listing began (less a second for coarse timestamps): a file changed since may be missing from it. */
  madeAt: number;
}

/** Runs made in this process, to number them (Found.version). */
let runs = 0;

/** The signature of a directory that changed while it was listed: never equal to a fresh one. */
const UNSETTLED = 'unsettled';

/** How long the index is trusted by default: an editor lints on every keystroke, other files change seldom. */
export const DEFAULT_RECHECK_MS = 1000;

/**
 * The engine for an ESLint process: one per process (it runs in the plugin's worker thread), over
 * every repository root whose files ESLint lints. What a lint reads of the disk is kept
 * (ObservedFileSystem), with each root's listing and the statements of unchanged files, so linting
 * one file again parses only that file and reads nothing that has not changed. At most every
 * `recheckMs`, everything kept is checked against the disk (a metadata call per file and directory
 * observed); what changed is dropped and read again, and a root whose listed directories changed
 * (a file added, removed or renamed) is listed again.
 *
 * Each lint of an instruction file is a run of the CLI's engine on that one file (exactTargets): the
 * same rules, the same repository-level analysis (discovery chains, budgets, manifests), findings on
 * that file only. A manifest's or config file's findings are those of a run over the repository.
 */
export class Workspace {
  readonly #fs = new ObservedFileSystem();
  readonly #listings = new Map<string, Listing>();
  readonly #statements = new WeakMap<Uint8Array, Statement[]>();
  /** Runs over a whole repository (for its JSON files), by root and rule options, until anything they rest on changes. */
  readonly #repositoryRuns = new Map<string, Found>();
  #checkedAt = 0;

  async lint(request: LintRequest): Promise<LintResponse> {
    try {
      return await this.#lint(request);
    } catch (error) {
      // What the CLI says in one line and exits 2 for (a config file it cannot use, a Codex setting
      // it cannot read) is said on the file, at its top: never silence, never a crash of ESLint.
      if (error instanceof UsageError || error instanceof ConfigError) return { messages: [configMessage(error.message)] };
      throw error;
    }
  }

  /**
   * The files the repository of `file` lints or reaches and reports on, as absolute paths: its
   * instruction files (Codex's fallback names among them) and the others of LintRun.reachedFiles
   * (manifests parsed, files imported). The plugin's configs lint them (reached.ts). Those of the run
   * over the whole repository, kept as its findings are.
   */
  async reached(file: string, known: Readonly<Record<string, number>>): Promise<ReachedResponse> {
    this.#recheck(DEFAULT_RECHECK_MS);
    let root: string | undefined;
    try {
      root = resolveRoot(this.#fs, path.dirname(file), {}).root;
      const run = await this.#repositoryRun(root, file);
      // The caller has this run's answer already: the files are not sent again.
      if (known[run.root] === run.version) return { root: run.root, version: run.version };
      // The instruction files too: Codex's configured fallback names are instruction files that no glob names.
      return { root: run.root, version: run.version, files: [...run.reached.map((rel) => path.join(run.root, rel)), ...run.instructionPaths] };
    } catch (error) {
      // A config the engine cannot use: the lint of each instruction file says so (lint()); nothing more is reached.
      if (error instanceof UsageError || error instanceof ConfigError) return { root: root ?? path.dirname(file), version: -1, files: [] };
      throw error;
    }
  }

  async #lint(request: LintRequest): Promise<LintResponse> {
    this.#recheck(request.recheckMs);
    const fs = this.#fs;
    const root = resolveRoot(fs, path.dirname(request.file), {}).root;
    let disk: Uint8Array | undefined;
    try {
      disk = fs.read(request.file);
    } catch (error) {
      // Not on disk (a new buffer never saved, a deleted file): no place in the repository to lint it at.
      if (error instanceof FsError) return { messages: [] };
      throw error;
    }
    const bytes = bytesToLint(disk, request.text);
    const onDisk = bytes === disk;
    const only = request.only;
    let found: Found | undefined;
    if (!request.dependency) {
      // An instruction file alone (exactTargets): its findings rest on its chains, which the engine reads anyway.
      found = await this.#run(root, request, bytes, onDisk, true);
      // A Markdown file that is not an instruction file (one that a host imports, reached.ts) has
      // the findings of the whole repository's run, as the files an instruction file depends on.
      if (!found.instructionPaths.includes(request.file)) found = undefined;
    }
    // A manifest's or config file's findings are the run over the whole repository's: a manifest
    // is parsed, and its problems found, when a rule checking some instruction file needs it, in
    // any directory. Such a run's findings on every file are kept until something it read changes
    // (#recheck), so `eslint .` makes one for all its JSON, TOML and YAML files; an unsaved buffer gets its own.
    found ??= onDisk ? await this.#repositoryRun(root, request.file, only) : await this.#run(root, request, bytes, false, false);
    const rel = path.relative(found.root, request.file).split(path.sep).join('/');
    // A rule that could not prepare is reported at the top of the repository (file ''): here, on the file linted.
    const diagnostics: Diagnostic[] = [...(found.byFile.get('') ?? []), ...(found.byFile.get(rel) ?? [])];
    return { messages: diagnostics.map((d) => toEslintMessage(d, bytes, request.text)) };
  }

  /**
   * The run over the whole repository as it is on disk, with one rule's options (`only`) or none:
   * kept until anything it rests on changes. `file` is the one asked about, which the listing must hold.
   */
  async #repositoryRun(root: string, file: string, only?: LintRequest['only']): Promise<Found> {
    const key = `${root}\0${JSON.stringify(only ?? null)}`;
    let found = this.#repositoryRuns.get(key);
    if (!found) {
      found = await this.#run(root, { file, text: '', recheckMs: 0, ...(only ? { only } : {}) }, undefined, true, false);
      this.#repositoryRuns.set(key, found);
    }
    return found;
  }

  /**
   * One run of the CLI's engine: on `request.file` alone (`exact`), or on the whole repository, with
   * the file's text in place of the disk's when it is not `onDisk`.
   */
  async #run(root: string, request: LintRequest, bytes: Uint8Array | undefined, onDisk: boolean, exact: boolean): Promise<Found> {
    const only = request.only;
    const run = await lintRun({
      paths: [exact ? request.file : root],
      cwd: root,
      fs: onDisk || !bytes ? this.#fs : new OverlayFileSystem(this.#fs, request.file, bytes),
      listing: this.#listingFor(root, request.file).files,
      exactTargets: exact,
      statementMemo: this.#statements,
      // ESLint parsed the text already: the engine takes its tree when it is the one it would make.
      ...(request.tree && sameTree(request.text, request.tree) ? { parsed: { text: request.text, tree: request.tree } } : {}),
      // ESLint's config says which rules run: every rule runs here, whatever the config file turns off.
      ruleFlags: allRules.map((r) => `${r.id}:${only && only.ruleId !== r.id ? 'off' : 'error'}`),
      ...(only ? { ruleOptions: { [only.ruleId]: only.options } } : {}),
    });
    const byFile = new Map<string, Diagnostic[]>();
    // One list per file.
    for (const list of run.byFile()) if (list[0]) byFile.set(list[0].file, list);
    return { version: ++runs, root: run.root, byFile, instructionPaths: run.instructionPaths ?? [], reached: exact ? [] : (run.reachedFiles?.() ?? []) };
  }

  /**
   * The root's listing, listed once and again only when a listed directory, a .gitignore file or
   * git's index or excludes changed (a file added, removed or renamed changes its directory's mtime).
   * A directory that changed while git listed may hold a file the listing missed: it is recorded as
   * unsettled, so the next check lists again.
   */
  #listing(root: string): Listing {
    let listing = this.#listings.get(root);
    if (listing) return listing;
    // Timestamps have coarse steps on some file systems: a change up to a second before counts as during.
    const madeAt = Date.now() - 1000;
    const files = listFiles(this.#fs, root);
    const settled = (dir: string) => {
      const { sig, mtimeMs } = entryState(dir);
      return mtimeMs >= madeAt ? UNSETTLED : sig;
    };
    const dirs = new Map<string, string>([[root, settled(root)]]);
    const watched = new Map<string, string>();
    for (const rel of files.files) {
      for (let at = rel.lastIndexOf('/'); at > 0; at = rel.lastIndexOf('/', at - 1)) {
        const dir = path.join(root, rel.slice(0, at));
        if (dirs.has(dir)) break;
        dirs.set(dir, settled(dir));
      }
      if (rel === '.gitignore' || rel.endsWith('/.gitignore')) watched.set(path.join(root, rel), fileSig(path.join(root, rel)));
    }
    // What git lists also rests on its index (git add, git rm --cached) and its excludes file.
    if (files.source === 'git') for (const rel of ['.git/index', '.git/info/exclude']) watched.set(path.join(root, rel), fileSig(path.join(root, rel)));
    this.#listings.set(root, (listing = { files, dirs, watched, madeAt, listed: new Set(files.files) }));
    return listing;
  }

  /**
   * The listing to lint `file` with: listed again, once, when `file` is not in it but changed after
   * it was made (a file created since, in a directory no listed file lives in, or while git listed).
   */
  #listingFor(root: string, file: string): Listing {
    const listing = this.#listing(root);
    if (listing.listed.has(path.relative(root, file).split(path.sep).join('/'))) return listing;
    const changed = entryState(file).mtimeMs;
    if (!(changed >= listing.madeAt)) return listing;
    this.#listings.delete(root);
    return this.#listing(root);
  }

  /** Checks what is kept against the disk when it was last checked `recheckMs` ago or more. */
  #recheck(recheckMs: number): void {
    const now = Date.now();
    if (now - this.#checkedAt < recheckMs) return;
    this.#checkedAt = now;
    let changed = this.#fs.refresh();
    for (const [root, listing] of this.#listings) {
      const moved = [...listing.dirs].some(([dir, sig]) => sig === UNSETTLED || this.#fs.dirSig(dir) !== sig) || [...listing.watched].some(([file, sig]) => fileSig(file) !== sig);
      if (moved) this.#listings.delete(root);
      changed ||= moved;
    }
    // A repository's findings rest on everything it read and listed: any change, and they are made again.
    if (changed) this.#repositoryRuns.clear();
  }
}

/** A finding of the plugin's `engine` rule at the top of the file: what stopped the engine, in the CLI's words. */
function configMessage(message: string): EslintMessage {
  return { ruleId: null, messageId: 'config', message: `agents-lint cannot lint this file: ${message}`, line: 1, column: 1, endLine: 1, endColumn: 1 };
}
