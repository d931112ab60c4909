import type { FileRule, Messages, ReportDescriptor } from '../kit/types.js';
import type { Diagnostic, NumericSeverity } from '../util/diagnostic.js';
import type { InstructionFile } from '../markdown/instruction-file.js';
import type { RepoIndex } from '../repo/repo-index.js';
import type { DiscoveryView } from '../discovery/view.js';
import type { ResolvedRule } from '../config/load.js';
import { fatalDiagnostic, makeFinding, type Finding } from './report.js';

/** A diagnostic about the run itself (a crashed rule, an unreadable file), on line 1. */

/** The fatal diagnostic of a rule whose prepare hook threw. */
export function unpreparedDiagnostic(ruleId: string, message: string): Diagnostic {
  return fatalDiagnostic('', ruleId, `Rule "${ruleId}" could not prepare: ${message}. Please report this bug; the other rules still ran.`);
}

export interface FileRuleContext {
  rules: readonly ResolvedRule[];
  repo: RepoIndex;
  discovery: DiscoveryView;
  /** Instruction files by path, for reports that point into another file. */
  fileFor: (path: string) => InstructionFile | undefined;
  sink: (finding: Finding) => void;
  /** Rules whose prepare hook failed, with the error (prepareFile): they no longer run. */
  unprepared: ReadonlyMap<string, string>;
  /** AGENTS_LINT_TIMING: milliseconds per rule id. */
  timing?: Map<string, number>;
}

/**
 * Runs every file rule on one file; a rule that throws becomes a fatal diagnostic naming it while
 * the others still run. The same code in the main thread and in lint workers (shards.ts), so a
 * file's findings do not depend on which thread linted it.
 */
export function runFileRules(file: InstructionFile, ctx: FileRuleContext): void {
  for (const { rule, severity, options } of ctx.rules) {
    if (ctx.unprepared.has(rule.id)) continue;
    const fileRule = rule as FileRule;
    const numeric: NumericSeverity = severity === 'error' ? 2 : 1;
    const report = (descriptor: ReportDescriptor<Messages>) => ctx.sink(makeFinding(rule, numeric, descriptor, ctx.fileFor, file.path));
    const started = ctx.timing ? performance.now() : 0;
    try {
      fileRule.check({ file, repo: ctx.repo, discovery: ctx.discovery, report }, options);
      if (ctx.timing) ctx.timing.set(rule.id, (ctx.timing.get(rule.id) ?? 0) + performance.now() - started);
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error);
      ctx.sink(fatalDiagnostic(file.path, rule.id, `Rule "${rule.id}" crashed on ${file.path}: ${detail}. Please report this bug; the other rules still ran.`));
    }
  }
}

/**
 * Runs the file rules' `prepare` hooks (async work such as the sh-syntax checks or the secret scan,
 * cached per file) for one file, just before its rules, so the Markdown tree a hook parses is the
 * one the rules read next. A hook that throws is recorded in `unprepared`: the engine then withdraws
 * the rule's findings on every file and reports it once, as if it had failed before any rule ran.
 */
export async function prepareFile(file: InstructionFile, rules: readonly ResolvedRule[], unprepared: Map<string, string>): Promise<void> {
  await prepareRules([file], rules, unprepared);
}

/** Runs the rules' prepare hooks on `files`; a hook that throws puts its rule in `unprepared` (with the error), and it is not asked again. */
export async function prepareRules(files: readonly InstructionFile[], rules: readonly ResolvedRule[], unprepared: Map<string, string>): Promise<void> {
  for (const { rule } of rules) {
    if (!rule.meta.prepare || unprepared.has(rule.id)) continue;
    try {
      await rule.meta.prepare(files);
    } catch (error) {
      unprepared.set(rule.id, error instanceof Error ? error.message : String(error));
    }
  }
}
