import type * as z from '../util/zod.js';
import type { InstructionFile } from '../markdown/instruction-file.js';
import type { RepoIndex } from '../repo/repo-index.js';
import type { DiscoveryView } from '../discovery/view.js';

export type { Severity, NumericSeverity, Position, SourceRange, RelatedLocation, Fix, Diagnostic } from '../util/diagnostic.js';
import type { Fix, Position, RelatedLocation, Severity } from '../util/diagnostic.js';

export type MessageData = Record<string, string | number | boolean | null | undefined>;
export type MessageFn<D> = (data: D) => string;
// Message functions declare their own data types; `never` keeps any signature assignable.
export type Messages = Record<string, MessageFn<never>>;

/** Where a report points: a text range in a file, given as text offsets, byte offsets or a position. */
export type ReportLocation =
  | { offset: number; endOffset?: number }
  | { byteOffset: number; endByteOffset?: number }
  | { start: Position; end?: Position }
  | { node: { position?: { start: { offset?: number }; end: { offset?: number } } } };

export type ReportDescriptor<M extends Messages> = {
  [K in keyof M & string]: {
    messageId: K;
    data: Parameters<M[K]>[0];
    /** Repository-relative path; defaults to the file being checked (required in repo-scope rules). */
    file?: string;
    loc?: ReportLocation;
    related?: RelatedLocation[];
    fix?: Fix;
    /**
     * false for a finding that rests on a heuristic: it is reported as a warning even when the
     * rule is set to "error", since an error must be certain (it fails CI).
     */
    certain?: boolean;
  };
}[keyof M & string];

export interface RuleContext<M extends Messages> {
  /** The instruction file under check (file-scope rules only). */
  file: InstructionFile;
  repo: RepoIndex;
  discovery: DiscoveryView;
  report(descriptor: ReportDescriptor<M>): void;
}

export interface RepoRuleContext<M extends Messages> extends Omit<RuleContext<M>, 'file'> {
  /** Instruction files the run covers. */
  files: readonly InstructionFile[];
}

export type RuleScope = 'file' | 'repo';

export interface RuleMeta<M extends Messages, O extends z.ZodType> {
  description: string;
  severity: Severity;
  scope: RuleScope;
  tags: string[];
  fixable: boolean;
  /** Whether the rule needs the Markdown tree (parsed lazily only when some enabled rule does). */
  needsTree?: boolean;
  /** Whether the rule needs the Codex discovery simulation. */
  needsDiscovery?: boolean;
  /** Run after every other rule (e.g. to report manifests the others parsed). */
  runLast?: boolean;
  /**
   * Async work the engine awaits before `check` (e.g. a scanner with an async API); results are
   * cached in a shared extractor that `check` reads. A file rule's hook gets each file just before
   * the file is linted, in whichever thread lints it; a repo rule's gets every file in scope, once.
   * A hook that throws disables its rule for the rest of the run (one fatal diagnostic).
   */
  prepare?: (files: readonly InstructionFile[]) => Promise<void>;
  messages: M;
  options: O;
}

interface RuleBase<M extends Messages, O extends z.ZodType> {
  id: string;
  meta: RuleMeta<M, O> & { docs: string };
}

export interface FileRule<M extends Messages = Messages, O extends z.ZodType = z.ZodType> extends RuleBase<M, O> {
  meta: RuleMeta<M, O> & { docs: string; scope: 'file' };
  check(ctx: RuleContext<M>, options: z.output<O>): void;
}

export interface RepoRule<M extends Messages = Messages, O extends z.ZodType = z.ZodType> extends RuleBase<M, O> {
  meta: RuleMeta<M, O> & { docs: string; scope: 'repo' };
  check(ctx: RepoRuleContext<M>, options: z.output<O>): void;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds rules of every message/option type
export type AnyRule = FileRule<any, any> | RepoRule<any, any>;
