import * as path from 'node:path';
import type { AnyRule, FileRule, RepoRule, Diagnostic, Messages, NumericSeverity, ReportDescriptor } from '../kit/types.js';
import { InstructionFile, type MarkdownParser } from '../markdown/instruction-file.js';
import { RepoIndex } from '../repo/repo-index.js';
import { FsError, NodeFileSystem, type FileSystem } from '../repo/vfs.js';
import { resolveRoot, resolveRules, type LoadedConfig, type ResolvedRule, type RootResolution } from '../config/load.js';
import { loadCodexConfig, settingsFor, type ResolvedCodexConfig, type Trust } from '../discovery/hosts/codex.js';
import { DiscoveryView } from '../discovery/view.js';
import { compareDiagnostics, makeDiagnostic } from './report.js';
import { applyIgnores } from './ignores.js';
import { UsageError } from '../errors.js';
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
  codexTrust?: Trust;
  /** Extra working directories to simulate (`--cwd`). */
  cwds?: readonly string[];
  fs?: FileSystem;
  rules?: readonly AnyRule[];
  /** Rule options set programmatically, on top of the config file (tests, the API). */
  ruleOptions?: Record<string, unknown>;
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
}

function defaultCodexHome(): string {
  return process.env['CODEX_HOME'] || path.join(process.env['HOME'] || process.env['USERPROFILE'] || '/', '.codex');
}

/** Resolves the root, config, rules, Codex settings and the repository index: everything but rules. */
export function prepare(options: LintOptions): LintContext & { targets: string[] } {
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
  const repo = new RepoIndex({ root: root.root, fs, fallbackNames: settingsFor(codex, []).fallbackFilenames });
  const discovery = new DiscoveryView(repo, codex, {
    boundary: root.kind === 'config' || root.kind === 'flag' ? root.root : undefined,
    extraCwds: [...(root.config.config.cwds ?? []), ...(options.cwds ?? []).map((c) => path.relative(root.root, path.resolve(base, c)).split(path.sep).join('/'))],
  });
  return { root, repo, codex, discovery, rules, config: root.config, targets };
}

export async function lint(options: LintOptions = {}): Promise<LintResult> {
  const ctx = prepare(options);
  const { repo, discovery, rules, root } = ctx;
  const enabled = [...rules.values()].filter((r) => r.severity !== 'off');
  const parse: MarkdownParser = enabled.some((r) => r.rule.meta.needsTree)
    ? (await import('../markdown/parse.js')).parseMarkdown
    : () => {
        throw new Error('Markdown tree requested by a rule that did not declare needsTree');
      };

  const covered = coverage(repo, ctx.targets);
  const diagnostics: Diagnostic[] = [];
  const files: InstructionFile[] = [];
  for (const entry of repo.instructionFiles()) {
    const bytes = repo.bytes(entry.path);
    if (bytes instanceof FsError) {
      // Deleted in the work tree but still in git's index: nothing to lint.
      if (bytes.code === 'ENOENT') continue;
      diagnostics.push(fatal(entry.path, null, `Cannot read ${entry.path} (${bytes.code}); agents-lint skipped its content checks. Fix its permissions or remove it.`));
      continue;
    }
    files.push(new InstructionFile({ path: entry.path, absPath: repo.abs(entry.path), kind: entry.kind, bytes, parse }));
  }
  const byPath = new Map(files.map((f) => [f.path, f]));
  const inScope = files.filter((f) => covered(f.path));
  const unprepared = new Set<string>();
  for (const { rule } of enabled) {
    try {
      await rule.meta.prepare?.(inScope);
    } catch (error) {
      unprepared.add(rule.id);
      diagnostics.push(fatal('', rule.id, `Rule "${rule.id}" could not prepare: ${error instanceof Error ? error.message : String(error)}. Please report this bug; the other rules still ran.`));
    }
  }

  for (const { rule, severity, options: ruleOptions } of enabled) {
    if (unprepared.has(rule.id)) continue;
    const numeric: NumericSeverity = severity === 'error' ? 2 : 1;
    const run = (file: InstructionFile | undefined, body: () => void) => {
      try {
        body();
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        diagnostics.push(
          fatal(file?.path ?? repo.rel(repo.abs('')) ?? '', rule.id, `Rule "${rule.id}" crashed${file ? ` on ${file.path}` : ''}: ${detail}. Please report this bug; the other rules still ran.`),
        );
      }
    };
    const report = (defaultFile: string | undefined) => (descriptor: ReportDescriptor<Messages>) => {
      diagnostics.push(makeDiagnostic(rule, numeric, descriptor, (p) => byPath.get(p), defaultFile));
    };
    if (rule.meta.scope === 'file') {
      const fileRule = rule as FileRule;
      for (const file of inScope) run(file, () => fileRule.check({ file, repo, discovery, report: report(file.path) }, ruleOptions));
    } else {
      const repoRule = rule as RepoRule;
      run(undefined, () => repoRule.check({ files, repo, discovery, report: report(undefined) }, ruleOptions));
    }
  }

  const kept = applyIgnores(
    diagnostics.filter((d) => d.file === '' || covered(d.file)),
    root.config.config.ignores ?? [],
    new Date(),
  ).sort(compareDiagnostics);
  return { root: root.root, rootKind: root.kind, diagnostics: kept, files: inScope.map((f) => f.path) };
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

function fatal(file: string, ruleId: string | null, message: string): Diagnostic {
  return { ruleId, messageId: 'fatal', message, data: {}, severity: 2, fatal: true, file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** Whether a repo-relative path lies under one of the targets. */
function coverage(repo: RepoIndex, targets: readonly string[]): (rel: string) => boolean {
  const rels = targets.map((t) => repo.rel(t)).map((r) => (r === '' ? '' : r));
  if (rels.includes('')) return () => true;
  return (rel) => rels.some((t) => rel === t || rel.startsWith(`${t}/`));
}

