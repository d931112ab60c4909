import * as path from 'node:path';
import { setFlagsFromString } from 'node:v8';
import type { AnyRule, RepoRule, Messages, ReportDescriptor } from '../kit/types.js';
import type { Diagnostic, NumericSeverity } from '../util/diagnostic.js';
import type { InstructionKind } from '../repo/instruction-names.js';
import { InstructionFile, type MarkdownParser, type Statement } from '../markdown/instruction-file.js';
import { loadMarkdownParser } from '../markdown/parser-loader.js';
import { scanDiscoveryNames } from '../discovery/looked-up-names.js';
import { RepoIndex } from '../repo/repo-index.js';
import { FsError, NodeFileSystem, type FileSystem, type Probe } from '../repo/vfs.js';
import type { Root } from 'mdast';
import { resolveRoot, resolveRules, type LoadedConfig, type ResolvedRule, type RootResolution } from '../config/load.js';
import { loadCodexConfig, settingsFor, type ResolvedCodexConfig, type TrustFlag } from '../discovery/hosts/codex.js';
import { DiscoveryView } from '../discovery/view.js';
import { attachHosts, hostsView } from '../discovery/host-view.js';
import { compareDiagnostics, fatalDiagnostic, FindingStore, fromWire, makeFinding, toWire, type Finding, type WireFinding } from './report.js';
import { prepareFile, prepareRules, runFileRules, unpreparedDiagnostic } from './file-rules.js';
import { compileIgnores } from './ignores.js';
import { applySuppressions, parseDirectives } from './suppress.js';
import { instructionKind } from '../repo/instruction-names.js';
import { ConfigError, UsageError } from '../errors.js';
import type { FileListing } from '../repo/walk.js';
import { reuseKey, type FileReuse } from './file-reuse.js';
import { isInside } from '../util/inside.js';
import { rules as allRules } from '../../rules/index.js';

export interface LintOptions {
  /** Paths to lint (files or directories); default: the process cwd. */
  paths?: readonly string[];
  /** Base for relative paths (default process.cwd()). */
  cwd?: string;
  root?: string;
  config?: string;
  /** `--rule id:severity` flags. */
  ruleFlags?: readonly string[];
  /** `$CODEX_HOME`; default from the environment or `~/.codex`. */
  codexHome?: string;
  codexOverrides?: readonly string[];
  codexTrust?: TrustFlag;
  /** Extra working directories to simulate (`--cwd`). */
  cwds?: readonly string[];
  /** Hosts to simulate (`--hosts`); default: config `hosts`, else Codex plus the hosts whose files the repository holds. */
  hosts?: readonly string[];
  fs?: FileSystem;
  rules?: readonly AnyRule[];
  /** Rule options set programmatically, on top of the config file (tests, the API). */
  ruleOptions?: Record<string, unknown>;
  /** Honour `<!-- agents-lint-disable ... -->` comments (default true; `--no-inline-config`). */
  inlineConfig?: boolean;
  /** git's listing of the root (`git ls-files -z` output), when the caller has it (--cache lists before it lints). */
  gitListing?: string;
  /** The root's listing, made earlier and used as it is (RepoIndexOptions.listing): the ESLint plugin lists a root once. */
  listing?: FileListing;
  /**
   * Cap V8's heap growth in a repository of LEAN_HEAP_FILES instruction files or more: a process-wide
   * V8 flag, so only the CLI asks for it (see leanHeapFor).
   */
  leanHeap?: boolean;
  /** `--cache`'s per-file outcomes (file-reuse.ts): files whose outcome holds are not parsed or linted again. */
  reuse?: FileReuse;
  /**
   * Report on the target files alone, not on the files loaded after them in a chain (which a run on
   * staged files covers too): the ESLint plugin lints one file at a time and reports each file's
   * findings while ESLint lints that file.
   */
  exactTargets?: boolean;
  /**
   * Statements already computed from the same bytes (by identity), so that a long-lived caller (the
   * ESLint plugin, whose file system hands back the same bytes while a file is unchanged) does not
   * parse a chain's other files again on every lint; the run adds those it computes.
   */
  statementMemo?: WeakMap<Uint8Array, Statement[]>;
  /**
   * A Markdown tree the caller already has of one text, exactly the tree the engine's parser makes
   * of it (the ESLint plugin passes @eslint/markdown's, after src/eslint/eslint-tree.ts checked it):
   * a file whose text is that text is not parsed again.
   */
  parsed?: { text: string; tree: Root };
}

export interface LintContext {
  root: RootResolution;
  repo: RepoIndex;
  codex: ResolvedCodexConfig;
  discovery: DiscoveryView;
  rules: Map<string, ResolvedRule>;
  config: LoadedConfig;
}

export interface LintResult {
  root: string;
  rootKind: RootResolution['kind'];
  diagnostics: Diagnostic[];
  /** Instruction files the run covered (repo-relative). */
  files: string[];
  /** The rules that ran (enabled ones), for formatters that describe them (SARIF, JUnit). */
  rules: AnyRule[];
  /** What the run could not do as it should (git failed, a directory could not be listed): warnings for stderr. */
  notices: string[];
}

/** See leanHeapFor. */
const LEAN_HEAP_FILES = 1000;

/**
 * Between full collections V8 lets the old generation grow to about four times what the last one
 * left alive. A 10,000-package repository (2,500 instruction files) then peaked at 781 MB; capped at
 * 20% growth it peaks at 371 MB, for about a fifth more time in more full collections
 * (bench/README.md). Smaller repositories keep V8's defaults.
 */
function leanHeapFor(instructionFiles: number): void {
  if (instructionFiles >= LEAN_HEAP_FILES) setFlagsFromString('--heap-growing-percent=20');
}

/** The listing's troubles in words: git's failure, then the first directories that could not be read. */
function listingNotices(listing: FileListing): string[] {
  const notices: string[] = [];
  if (listing.gitFailure) notices.push(`git could not list the repository, so its work tree was walked instead (honouring .gitignore files): ${listing.gitFailure}.`);
  const shown = 5;
  for (const p of listing.problems.slice(0, shown)) notices.push(`${p.path}: ${p.message}.`);
  if (listing.problems.length > shown) notices.push(`${listing.problems.length - shown} more paths could not be listed.`);
  return notices;
}

/** Thrown by prepare() when every target is a file that no instruction file depends on. */
class NothingAffected {
  constructor(readonly root: RootResolution) {}
}

function defaultCodexHome(): string {
  return process.env['CODEX_HOME'] || path.join(process.env['HOME'] || process.env['USERPROFILE'] || '/', '.codex');
}

/** Resolves the root, config, rules, Codex settings and the repository index: everything but rules. */
export function prepare(options: LintOptions, mode: { skipIrrelevant?: boolean } = {}): LintContext & { targets: string[] } {
  return prepareIndex(options, prepareSettings(options, mode));
}

/** What prepare() works out before it lists the repository. */
interface Settings {
  fs: FileSystem;
  base: string;
  targets: string[];
  root: RootResolution;
  rules: Map<string, ResolvedRule>;
  codex: ResolvedCodexConfig;
  fallbackNames: readonly string[];
  /** Extra working directories to simulate (config, then --cwd), repository-relative. */
  cwds: string[];
}

/**
 * The root, config, rules and Codex settings: nothing here reads the repository's listing, so a
 * run does this while `git ls-files` still runs (see lintRun).
 */
function prepareSettings(options: LintOptions, mode: { skipIrrelevant?: boolean }): Settings {
  const fs = options.fs ?? new NodeFileSystem();
  const base = options.cwd ?? process.cwd();
  const targets = (options.paths?.length ? options.paths : ['.']).map((p) => path.resolve(base, p));
  for (const target of targets) {
    if (fs.probe(target).kind === 'missing') throw new UsageError(`No such file or directory: ${target}`);
  }
  const first = targets[0] ?? base;
  const start = fs.probe(first).kind === 'dir' ? first : path.dirname(first);
  const root = resolveRoot(fs, start, {
    rootFlag: options.root ? path.resolve(base, options.root) : undefined,
    configFlag: options.config ? path.resolve(base, options.config) : undefined,
  });
  for (const target of targets) {
    const rel = path.relative(root.root, target);
    if (rel.startsWith('..') || path.isAbsolute(rel)) throw new UsageError(`${target} is outside the repository at ${root.root}; lint one repository per run.`);
  }
  // The bundle's table of default options is the built-in rules' own: rules the caller gives are parsed.
  const rules = resolveRules(options.rules ?? allRules, withRuleOptions(root.config, options.ruleOptions), options.ruleFlags ?? []);
  const codexValues = Object.entries(root.config.config.codex?.config ?? {}).map(([k, v]) => `${k}=${JSON.stringify(v)}`);
  const codex = loadCodexConfig(
    fs,
    {
      codexHome: options.codexHome ?? defaultCodexHome(),
      overrides: [...codexValues, ...(options.codexOverrides ?? [])],
      overrideOrigins: codexValues.map(() => ({ kind: 'config-file' as const, path: root.config.path ?? root.root })),
      trust: options.codexTrust ?? root.config.config.codex?.trust,
    },
    root.root,
  );
  if (codex.problems.length) throw new UsageError(codex.problems[0]);
  const cwds = checkedCwds(fs, root, base, options.cwds ?? []);
  const fallbackNames = settingsFor(codex, []).fallbackFilenames;
  // lint-staged passes every staged file: decide from names alone, before listing the repository.
  if (mode.skipIrrelevant && options.paths?.length && targets.every((t) => fs.probe(t).kind === 'file' && !mayMatter(path.relative(root.root, t).split(path.sep).join('/'), fallbackNames))) {
    throw new NothingAffected(root);
  }
  return { fs, base, targets, root, rules, codex, fallbackNames, cwds };
}

/**
 * The extra working directories, repository-relative: each must be a directory inside the
 * repository (a config is read from the repository itself, so "/" or "../.." is refused, not walked).
 */
function checkedCwds(fs: FileSystem, root: RootResolution, base: string, flags: readonly string[]): string[] {
  const out: string[] = [];
  const configured = root.config.config.cwds ?? [];
  for (let i = 0; i < configured.length; i++) {
    const given = configured[i]!;
    const problem = cwdProblem(fs, root.root, given, path.resolve(root.root, given), path.isAbsolute(given) || given.includes('\\'));
    if (problem) throw new ConfigError(root.config.path ?? root.root, `cwds.${i}`, `${JSON.stringify(given)} ${problem}; give a directory relative to the repository root, like "packages/app"`);
    out.push(relCwd(root.root, given));
  }
  for (const given of flags) {
    const abs = path.resolve(base, given);
    const problem = cwdProblem(fs, root.root, given, abs, false);
    if (problem) throw new UsageError(`--cwd ${given} ${problem}.`);
    out.push(relCwd(root.root, abs));
  }
  return out;
}

function cwdProblem(fs: FileSystem, rootDir: string, given: string, abs: string, absoluteInConfig: boolean): string | null {
  if (absoluteInConfig || !isInside(abs, rootDir)) return `is outside the repository at ${rootDir}`;
  if (given.includes('\0') || fs.probe(abs).kind !== 'dir') return 'is not a directory in the repository';
  return null;
}

function relCwd(rootDir: string, given: string): string {
  return path.relative(rootDir, path.resolve(rootDir, given)).split(path.sep).join('/');
}

/** The repository index and the discovery view over it, from prepareSettings()'s answers. */
function prepareIndex(options: LintOptions, { fs, targets, root, rules, codex, fallbackNames, cwds }: Settings, gitListing?: string): LintContext & { targets: string[] } {
  // A run on files (lint-staged) asks the index a few hundred questions: it answers them from the
  // sorted listing before it builds whole-listing indexes (which a run on a directory soon needs).
  const repo = new RepoIndex({ root: root.root, fs, fallbackNames, fewLookups: targets.every((t) => fs.probe(t).kind === 'file'), gitListing, listing: options.listing });
  scanDiscoveryNames(repo, fallbackNames);
  const discovery = new DiscoveryView(repo, codex, {
    boundary: root.kind === 'config' || root.kind === 'flag' ? root.root : undefined,
    scope: scopeOf(repo, targets, fallbackNames),
    extraCwds: cwds,
  });
  attachHosts(discovery, repo, options.hosts?.length ? options.hosts : root.config.config.hosts);
  return { root, repo, codex, discovery, rules, config: root.config, targets };
}

/**
 * A lint run whose findings are read file by file: what lint() returns, without every finding of a
 * big repository alive at once (the CLI formats and writes each file's findings, then lets them go).
 */
export interface LintRun extends Omit<LintResult, 'diagnostics'> {
  /** Absolute paths of every instruction file of the repository (for --cache, which keys them apart). */
  instructionPaths?: readonly string[];
  /** The repository's listing (for --cache, which keeps its signature). */
  listing?: FileListing;
  /**
   * lint()'s diagnostics, in the same order, one non-empty list per file (files in path order).
   * Each pass builds the diagnostics afresh; the run can be read more than once.
   */
  byFile(): Generator<Diagnostic[]>;
  /**
   * The files other than instruction files that the run read for them and may report on
   * (repository-relative, sorted): the manifests its rules parsed (no-invalid-manifest) and the files
   * hosts import (no-broken-import). The ESLint plugin lints them (src/eslint/reached.ts).
   */
  reachedFiles?(): string[];
}

export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const run = await lintRun(options);
  const diagnostics: Diagnostic[] = [];
  for (const list of run.byFile()) for (const d of list) diagnostics.push(d);
  return { root: run.root, rootKind: run.rootKind, diagnostics, files: run.files, rules: run.rules, notices: run.notices };
}

export async function lintRun(options: LintOptions = {}): Promise<LintRun> {
  let settings: Settings;
  try {
    settings = prepareSettings(options, { skipIrrelevant: true });
  } catch (error) {
    if (error instanceof NothingAffected) return { root: error.root.root, rootKind: error.root.kind, files: [], rules: [], notices: [], byFile: function* () {} };
    throw error;
  }
  // Rules that report on what the others touched (manifests parsed on demand) run last.
  const enabled = [...settings.rules.values()].filter((r) => r.severity !== 'off').sort((a, b) => Number(a.rule.meta.runLast ?? false) - Number(b.rule.meta.runLast ?? false));
  const parse = enabled.some((r) => r.rule.meta.needsTree) ? await loadMarkdownParser() : undefined;
  return lintListed(options, settings, enabled, parse);
}

/** The run from the repository's listing on. */
async function lintListed(options: LintOptions, settings: Settings, enabled: ResolvedRule[], parse: MarkdownParser | undefined): Promise<LintRun> {
  const ctx = prepareIndex(options, settings, options.gitListing);
  const { repo, discovery, rules, root } = ctx;
  const parsed = options.parsed;
  const parseTree: MarkdownParser = parse
    ? (text) => (parsed && text === parsed.text ? parsed.tree : parse(text))
    : () => {
        throw new Error('Markdown tree requested by a rule that did not declare needsTree');
      };
  // One tree at a time: parsing a file's tree lets go of the previous file's (parsed again if read
  // again). The file loop releases each file's tree itself; this bounds the trees that prepare hooks
  // and rules reading other files parse.
  let latest: InstructionFile | undefined;
  const parserFor =
    (file: () => InstructionFile): MarkdownParser =>
    (text) => {
      const self = file();
      if (latest !== undefined && latest !== self) latest.releaseTree();
      latest = self;
      return parseTree(text);
    };

  if (options.leanHeap) leanHeapFor(repo.instructionFiles().length);
  const covered = options.exactTargets ? exactCoverage(repo, ctx.targets) : coverage(repo, ctx.targets, discovery);
  const findings = new FindingStore();
  const files: InstructionFile[] = [];
  const entries = repo.instructionFiles();
  // A run on files (lint-staged) reads the files it reports on and their chain-mates, not the
  // whole repository's; the others are read only if a rule reports a position in one.
  const needed = neededFiles(entries, covered, ctx.targets, repo, discovery);
  const byPath = new Map<string, InstructionFile>();
  const load = (entry: { path: string; kind: InstructionKind }, add: (d: Finding) => void): InstructionFile | undefined => {
    // Through discovery's probe cache: its simulations probe every loaded file again.
    const absPath = repo.abs(entry.path);
    const probe = discovery.cache.probe(absPath);
    if (escapesRepository(repo, absPath, probe) && entry.kind !== 'codex') {
      // Codex reads AGENTS.md through a symlink wherever it points; other files are not read out of the
      // repository (a link to a secret elsewhere must not end up in a report).
      add({
        ruleId: null,
        messageId: 'outsideRepository',
        message: `${entry.path} is a symlink to a file outside the repository; agents-lint does not read it. Commit the instructions inside the repository instead.`,
        data: {},
        severity: 1,
        file: entry.path,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      });
      return undefined;
    }
    const { bytes, capped } = readContent(repo, entry.path, probe);
    if (capped) {
      add({
        ruleId: null,
        messageId: 'contentCapped',
        message: `${entry.path} is larger than ${MAX_CONTENT_BYTES} bytes (${Math.floor(MAX_CONTENT_BYTES / 1024)} KiB, eight times Codex's whole default budget): content rules checked only its first ${MAX_CONTENT_BYTES} bytes. Split it or move reference material out of the instructions.`,
        data: { limit: MAX_CONTENT_BYTES },
        severity: 1,
        file: entry.path,
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      });
    }
    if (bytes instanceof FsError) {
      // Deleted in the work tree but still in git's index: nothing to lint.
      if (bytes.code === 'ENOENT') return undefined;
      // Codex fails on an unreadable AGENTS.md / AGENTS.override.md: no-unreadable-instructions
      // reports it with its effect (every project doc dropped), so it is a finding, not a crash.
      if (entry.kind === 'codex') return undefined;
      // Other hosts' files: a located error (exit 1), not a fatal one: the rest of the run is complete.
      add({
        ...fatalDiagnostic(entry.path, null, `Cannot read ${entry.path} (${bytes.code}); agents-lint skipped its content checks, and agents that read it fail the same way. Fix its permissions or remove it.`),
        fatal: undefined,
        messageId: 'unreadable',
        data: { code: bytes.code },
      });
      return undefined;
    }
    const file: InstructionFile = new InstructionFile({ path: entry.path, absPath, kind: entry.kind, bytes, parse: parserFor(() => file) });
    const known = options.statementMemo?.get(bytes);
    if (known) file.adoptStatements(known);
    byPath.set(file.path, file);
    return file;
  };
  const unread = new Map<string, { path: string; kind: InstructionKind }>();
  const entryPaths = new Set(entries.map((e) => e.path));
  // Instruction file → the symlinks to it that are linted as it (CLAUDE.md for AGENTS.md).
  const aliases = new Map<string, string[]>();
  for (const entry of entries) {
    // Pages about agents that only a case-insensitive disk would hand Codex: no host's instructions.
    if (entry.kind === 'case-variant') continue;
    // One fact, one finding: a symlink to another instruction file (CLAUDE.md -> AGENTS.md) is the
    // same text, linted once at its target.
    const target = aliasTarget(repo, entry.path, discovery.cache.probe(repo.abs(entry.path)), entryPaths);
    if (target !== null) {
      aliases.set(target, [...(aliases.get(target) ?? []), entry.path]);
      continue;
    }
    if (!needed.has(entry.path)) {
      unread.set(entry.path, entry);
      continue;
    }
    const file = load(entry, (d) => findings.add(d));
    if (file) files.push(file);
  }
  // A position reported in an instruction file the run did not read: read it now (its own findings
  // would be out of scope, so none are kept).
  const fileFor = (p: string) => {
    // A finding placed in another instruction file rests on that file's text (--cache records it).
    repo.noteUse(p);
    const known = byPath.get(p);
    if (known) return known;
    const entry = unread.get(p);
    if (!entry) return undefined;
    unread.delete(p);
    return load(entry, () => undefined);
  };
  const inScope = files.filter((f) => covered(f.path));
  const repoFiles = chainClosure(files, inScope, ctx.targets, repo, discovery);
  const timing = process.env['AGENTS_LINT_TIMING'] ? new Map<string, number>() : undefined;
  const add = (finding: Finding) => findings.add(finding);
  // Rules whose prepare hook threw, with the error, from any thread.
  const unprepared = new Map<string, string>();
  const fileRules = enabled.filter((r) => r.rule.meta.scope === 'file');
  const repoRules = enabled.filter((r) => r.rule.meta.scope !== 'file');
  // A repo rule's hook sees every file in scope, once; a file rule's runs file by file (prepareFile).
  await prepareRules(inScope, repoRules, unprepared);

  const repoRulesReadTrees = repoRules.some((r) => r.rule.meta.needsTree);
  const fileRuleContext = { rules: fileRules, repo, discovery, fileFor, sink: add, unprepared, timing };
  // File by file: the prepare hooks and every file rule, then the file's Markdown tree is let go:
  // at most one tree is alive at a time, whatever the size of the repository (selections repo
  // rules read are kept).
  const reuse = options.reuse;
  const ruleFor = (id: string) => rules.get(id)?.rule;
  const lintHere = async (file: InstructionFile) => {
    // Keyed before any file rule runs: the key asks discovery, whose reads are no file rule's.
    const key = reuse ? reuseKey(file, discovery) : '';
    const kept = reuse?.lookup(file.path, key);
    if (kept) {
      for (const wire of kept.findings) add(fromWire(wire, ruleFor));
      file.parseProblem = kept.parseProblem;
      if (kept.statements) file.adoptStatements(kept.statements);
      return;
    }
    const captured: WireFinding[] = [];
    reuse?.enter(file.absPath);
    try {
      await prepareFile(file, fileRules, unprepared);
      runFileRules(file, reuse ? { ...fileRuleContext, sink: (f) => { add(f); captured.push(toWire(f)); } } : fileRuleContext);
    } finally {
      reuse?.enter(null);
    }
    reuse?.store(file.path, key, { findings: captured, parseProblem: file.parseProblem, ...(repoRulesReadTrees ? { statements: file.statements() } : {}) });
    file.dropDerived();
    if (repoRulesReadTrees) file.keepOnlyStatements();
    else file.releaseTree();
  };
  for (const file of inScope) await lintHere(file);
  // As if a rule whose hook failed had failed before any rule ran: its findings on earlier files go.
  for (const [ruleId, message] of unprepared) {
    findings.retract(ruleId);
    add(unpreparedDiagnostic(ruleId, message));
  }

  const report = ({ rule, severity }: ResolvedRule) => {
    const numeric: NumericSeverity = severity === 'error' ? 2 : 1;
    return (descriptor: ReportDescriptor<Messages>) => add(makeFinding(rule, numeric, descriptor, fileFor, undefined));
  };
  for (const resolved of repoRules) {
    const repoRule = resolved.rule as RepoRule;
    if (unprepared.has(repoRule.id)) continue;
    const started = timing ? performance.now() : 0;
    try {
      repoRule.check({ files: repoFiles, repo, discovery, report: report(resolved) }, resolved.options);
      if (timing) timing.set(repoRule.id, (timing.get(repoRule.id) ?? 0) + performance.now() - started);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      add(fatalDiagnostic(repo.rel(repo.abs('')) ?? '', repoRule.id, `Rule "${repoRule.id}" crashed: ${detail}. Please report this bug; the other rules still ran.`));
    }
  }

  if (options.statementMemo) {
    for (const file of byPath.values()) {
      const statements = file.knownStatements();
      if (statements) options.statementMemo.set(file.bytes, statements);
    }
  }
  // The findings are complete: known now whether they stand, before anything is written (timing).
  for (const file of inScope) {
    if (file.parseProblem === null) continue;
    findings.add({
      ruleId: null,
      messageId: 'unparsable',
      message: `${file.path} could not be parsed as Markdown (${file.parseProblem}); rules that read its structure skipped it. Agents get confused by such nesting too: flatten it.`,
      data: { problem: file.parseProblem },
      severity: 1,
      file: file.path,
      line: 1,
      column: 1,
      endLine: 1,
      endColumn: 1,
    });
  }
  if (timing) {
    // AGENTS_LINT_TIMING=1, like ESLint's TIMING: where a run spends its time, per rule.
    for (const [id, ms] of [...timing].sort((a, b) => b[1] - a[1])) process.stderr.write(`${id.padEnd(32)} ${ms.toFixed(1).padStart(9)} ms\n`);
  }
  // Suppressions, ignores and the sort, file by file: a directive and an ignore entry act on the
  // findings of their own file only, and the order is by file first (compareDiagnostics).
  const directives = options.inlineConfig === false ? undefined : new Map(inScope.map((f) => [f.path, f] as const));
  const knownRules = new Set([...allRules.map((r) => r.id), ...rules.keys()]);
  const ignores = compileIgnores(root.config.config.ignores ?? [], new Date(), ignoresSource(repo, root.config.path));
  const paths = [...new Set([...findings.files(), ...(directives?.keys() ?? []), ...ignores.expired.map((d) => d.file)])].sort();
  function* byFile(): Generator<Diagnostic[]> {
    for (const file of paths) {
      // A file's findings are all on that file: in scope or not as one (no message built for those out of it).
      let list = file === '' || covered(file) ? findings.diagnostics(file) : [];
      const source = directives?.get(file);
      const inFile = source ? parseDirectives(file, source.text) : [];
      if (inFile.length > 0) list = applySuppressions(list, new Map([[file, inFile]]), { knownRules });
      list = list.filter(ignores.keeps);
      const names = aliases.get(file);
      if (names) list = list.map((d) => (d.ruleId !== null && rules.get(d.ruleId)?.rule.meta.scope === 'file' ? withAliases(d, names) : d));
      for (const d of ignores.expired) if (d.file === file) list.push(d);
      if (list.length === 0) continue;
      yield list.sort(compareDiagnostics);
    }
  }
  return { root: root.root, rootKind: root.kind, files: inScope.map((f) => f.path), rules: enabled.map((r) => r.rule), notices: listingNotices(repo.listing), instructionPaths: entries.map((e) => repo.abs(e.path)), listing: repo.listing, byFile, reachedFiles: () => reachedFiles(repo, discovery) };
}

/** LintRun.reachedFiles. */
function reachedFiles(repo: RepoIndex, discovery: DiscoveryView): string[] {
  const instruction = new Set(repo.instructionFiles().map((f) => f.path));
  const reached = new Set([...repo.parsedFiles(), ...hostsView(discovery, repo).importedFiles()]);
  return [...reached].filter((rel) => !instruction.has(rel)).sort();
}

/**
 * The instruction files a run reads: those it reports on and, when every target is a file, their
 * chain-mates (chainClosure); all of them for a run on the repository or a directory.
 */
function neededFiles(entries: readonly { path: string }[], covered: (rel: string) => boolean, targets: readonly string[], repo: RepoIndex, discovery: DiscoveryView): Set<string> {
  const all = () => new Set(entries.map((e) => e.path));
  if (targets.some((t) => repo.rel(t) === '' || repo.fs.probe(t).kind !== 'file')) return all();
  const inScope = entries.filter((e) => covered(e.path));
  const needed = new Set(inScope.map((e) => e.path));
  for (const path of closurePaths(entries, inScope, targets, repo, discovery)) needed.add(path);
  return needed;
}

function withRuleOptions(config: LoadedConfig, ruleOptions: Record<string, unknown> | undefined): LoadedConfig {
  if (!ruleOptions) return config;
  const rules = { ...config.config.rules };
  for (const [id, opts] of Object.entries(ruleOptions)) {
    const current = rules[id];
    const severity = current === undefined ? 'error' : typeof current === 'string' ? current : current[0];
    rules[id] = [severity, opts];
  }
  return { ...config, config: { ...config.config, rules } };
}

/** The instruction file (one of `paths`) that `rel` is a symlink to, or null. */
function aliasTarget(repo: RepoIndex, rel: string, probe: Probe, paths: ReadonlySet<string>): string | null {
  if (!repo.fs.realpath || !probe.symlink) return null;
  const real = repo.fs.realpath(repo.abs(rel));
  const root = repo.fs.realpath(repo.root) ?? repo.root;
  if (real === null || !real.startsWith(root + path.sep)) return null;
  const target = real.slice(root.length + 1).split(path.sep).join('/');
  return target !== rel && paths.has(target) ? target : null;
}

/** A content finding on a file that symlinks also name: each alias is named as a related location. */
function withAliases(d: Diagnostic, names: readonly string[]): Diagnostic {
  const related = names.map((alias) => ({ file: alias, line: d.line, column: d.column, message: `the same text, read as ${alias} (a symlink to ${d.file})` }));
  return { ...d, related: [...(d.related ?? []), ...related] };
}

/** Whether a listed file at `abs` (`probe`: this run's probe of it) is a symlink whose target lies outside the repository root. */
function escapesRepository(repo: RepoIndex, abs: string, probe: Probe): boolean {
  if (!repo.fs.realpath || !probe.symlink) return false;
  const real = repo.fs.realpath(abs);
  const root = repo.fs.realpath(repo.root) ?? repo.root;
  return real !== null && real !== root && !real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);
}

/**
 * Content rules read at most this much of an instruction file: 8 × Codex's default budget. Discovery
 * is unaffected (it reads budget bytes itself), and a capped file is reported, never silently cut.
 */
export const MAX_CONTENT_BYTES = 256 * 1024;

/**
 * A file's content as content rules read it (lint workers too): at most the cap, cut at a character
 * boundary. `probed`: the run's probe of the file, when the caller has one (FileSystem.read).
 */
export function readContent(repo: RepoIndex, rel: string, probed?: Probe): { bytes: Uint8Array | FsError; capped: boolean } {
  // One byte over the cap tells a capped file from one that fits exactly.
  const read = repo.bytes(rel, MAX_CONTENT_BYTES + 1, probed);
  if (read instanceof FsError || read.length <= MAX_CONTENT_BYTES) return { bytes: read, capped: false };
  return { bytes: capContent(read), capped: true };
}

/** Cuts at the cap, backing off to a UTF-8 boundary so the last character is not split. */
function capContent(bytes: Uint8Array): Uint8Array {
  let end = MAX_CONTENT_BYTES;
  while (end > 0 && ((bytes[end] ?? 0) & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end);
}


/** The config file as `ignores` diagnostics should point at it: repo-relative, with its text. */
function ignoresSource(repo: RepoIndex, configPath: string | null) {
  if (!configPath) return undefined;
  let text: string | undefined;
  try {
    text = Buffer.from(repo.fs.read(configPath)).toString('utf8');
  } catch {
    text = undefined;
  }
  return { file: repo.rel(configPath), text, at: path.basename(configPath) === 'package.json' ? ['agents-lint'] : [] };
}

/**
 * Files whose change can change what agents-lint reports: instruction files, the config, Codex's
 * project config, and the manifests that reference rules resolve commands and paths through.
 */
const MANIFESTS = new Set([
  'package.json', 'pnpm-workspace.yaml', 'lerna.json', 'turbo.json', 'nx.json', 'project.json', 'deno.json', 'deno.jsonc',
  'Makefile', 'makefile', 'GNUmakefile', 'justfile', 'Justfile', '.justfile',
  'Taskfile.yml', 'Taskfile.yaml', 'taskfile.yml', 'taskfile.yaml', 'Taskfile.dist.yml', 'Taskfile.dist.yaml',
  'Cargo.toml', 'go.mod', 'go.work', 'pyproject.toml', '.agents-lint.json', 'agents-lint.config.json',
]);

/** The hosts' own settings, which change what a host loads: Codex's, Claude Code's, Gemini CLI's, Copilot's (VS Code) and OpenCode's. */
const HOST_SETTINGS = /(^|\/)(\.codex\/config\.toml|\.claude\/settings(\.local)?\.json|\.gemini\/settings\.json|\.vscode\/settings\.json|opencode\.jsonc?)$/;

function mayMatter(rel: string, fallbackNames: readonly string[]): boolean {
  return instructionKind(rel, fallbackNames) !== null || MANIFESTS.has(path.posix.basename(rel)) || HOST_SETTINGS.test(rel);
}

/**
 * The directories whose files the run reports on (see coverage()): a directory target itself, an
 * instruction file's or manifest's directory; undefined when that is the whole repository.
 */
function scopeOf(repo: RepoIndex, targets: readonly string[], fallbackNames: readonly string[]): string[] | undefined {
  const dirs: string[] = [];
  for (const target of targets) {
    const rel = repo.rel(target);
    if (rel === '') return undefined;
    if (repo.fs.probe(target).kind === 'dir') dirs.push(rel);
    else if (mayMatter(rel, fallbackNames)) {
      const dir = path.posix.dirname(rel);
      if (dir === '.') return undefined;
      dirs.push(dir);
    }
  }
  return dirs;
}

/**
 * The files repo rules see. When every target is a file (lint-staged), only the files loaded in a
 * chain with the targets (or, for a manifest, with the instruction files under its directory): a
 * repo rule's findings on a file depend on its chains alone, so the targets' findings equal a full
 * run's (test/integration/staged.test.ts checks that, and that chain-mates get no finding a full run
 * lacks), and a one-file run does not pay for every other chain of the repository.
 */
function chainClosure(files: InstructionFile[], inScope: InstructionFile[], targets: readonly string[], repo: RepoIndex, discovery: DiscoveryView): InstructionFile[] {
  if (targets.some((t) => repo.rel(t) === '' || repo.fs.probe(t).kind !== 'file')) return files;
  const keep = closurePaths(files, inScope, targets, repo, discovery);
  return files.filter((f) => keep.has(f.path));
}

/** The paths chainClosure keeps, from the instruction files' paths alone (when every target is a file). */
function closurePaths(files: readonly { path: string }[], inScope: readonly { path: string }[], targets: readonly string[], repo: RepoIndex, discovery: DiscoveryView): Set<string> {
  const named = new Set(targets.map((t) => repo.rel(t)));
  const instruction = new Set(files.map((f) => f.path));
  const manifestDirs = [...named].filter((rel) => !instruction.has(rel)).map((rel) => path.posix.dirname(rel));
  const seeds = inScope.filter((f) => named.has(f.path) || manifestDirs.some((d) => d === '.' || f.path.startsWith(`${d}/`)));
  const keep = new Set(seeds.map((f) => f.path));
  for (const file of seeds) {
    for (const load of discovery.loadsOf(file.path)) for (const f of discovery.sharedSimulation(load.cwd).files) keep.add(repo.rel(f.path));
  }
  return keep;
}

/** The target files alone (exactTargets): each one that is an instruction file, nothing else. */
function exactCoverage(repo: RepoIndex, targets: readonly string[]): (rel: string) => boolean {
  const files = new Set(targets.map((t) => repo.rel(t)));
  return (rel) => files.has(rel);
}

/**
 * Which repo-relative paths the run reports on. A directory target covers everything under it. An
 * instruction file covers itself and every file loaded in a chain with it (a change to one file
 * changes what its chain-mates' budget and shadowing rules see). A manifest or config covers its
 * directory and below, where references resolve through it. Any other file covers nothing.
 */
function coverage(repo: RepoIndex, targets: readonly string[], discovery: DiscoveryView): (rel: string) => boolean {
  const dirs: string[] = [];
  const files = new Set<string>();
  const instruction = new Set(repo.instructionFiles().map((f) => f.path));
  for (const target of targets) {
    const rel = repo.rel(target);
    if (rel === '') return () => true;
    if (repo.fs.probe(target).kind === 'dir') {
      dirs.push(rel);
    } else if (instruction.has(rel)) {
      files.add(rel);
      // And the files loaded after it (deeper), whose budget it takes: the files above it are loaded
      // from cwds outside the run's scope as well, so their findings belong to a run that covers them.
      for (const load of discovery.loadsOf(rel)) {
        const chain = discovery.sharedSimulation(load.cwd).files;
        for (const f of chain.slice(chain.indexOf(load.file) + 1)) files.add(repo.rel(f.path));
      }
    } else if (mayMatter(rel, [])) {
      const dir = path.posix.dirname(rel);
      if (dir === '.') return () => true;
      dirs.push(dir);
    }
  }
  return (rel) => files.has(rel) || dirs.some((t) => rel === t || rel.startsWith(`${t}/`));
}

