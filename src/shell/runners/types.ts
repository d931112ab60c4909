import type { RepoIndex } from '../../repo/repo-index.js';
import type { ShellWord } from '../parse.js';

export type FindingKind = 'script' | 'target' | 'binary';

/** Where a name was looked for: a file (with the line of the relevant key when known) or a directory. */
export interface LookedIn {
  file: string;
  line: number;
  column: number;
}

/**
 * What is wrong with a reference, in the runners' terms: a fact, not a diagnostic. The rules that
 * report findings give each (kind, problem) their own messageId and wording.
 */
export type FindingProblem =
  /** The name (script, target, recipe, task, session, package, binary) is not defined where the tool looks it up. */
  | 'not-defined'
  /** `npm build`: the name is a script, but npm runs scripts only as `npm run build`. */
  | 'npm-command-is-a-script'
  /** A workspace selector (`--workspace`, `--filter`, `yarn workspace`) or nx project name matches no package. */
  | 'no-matching-workspace'
  /** The file the tool reads its targets from (Makefile, justfile, Taskfile) is not there. */
  | 'missing-task-file'
  /** A script run by its path does not exist. */
  | 'missing-local-script'
  /** A script run directly exists, but without an executable bit. */
  | 'not-executable';

/** One reference that does not resolve. The rule that owns `kind` reports it. */
export interface Finding {
  kind: FindingKind;
  problem: FindingProblem;
  /** The word to underline (offsets in the parsed text). */
  word: ShellWord;
  tool: string;
  name: string;
  /** What sort of name it is: "script", "make target", "just recipe", "cargo package", ... */
  what: string;
  /** Human description of where it was looked for ("packages/web/package.json"). */
  where: string;
  related?: LookedIn;
  /** Names that do exist there, for "did you mean". */
  candidates: string[];
}

export interface RunnerContext {
  repo: RepoIndex;
  /** Repo-relative directory the command runs in. */
  cwd: string;
  /** Resolves a nested command line (`pnpm exec turbo run build`, `uv run poe lint`). */
  dispatch(argv: ShellWord[], cwd: string): Finding[];
}

export type Runner = (argv: ShellWord[], ctx: RunnerContext) => Finding[];
