import type { RepoIndex } from '../../repo/repo-index.js';
import type { ShellWord } from '../parse.js';

export type FindingKind = 'script' | 'target' | 'binary';

/** Where a name was looked for: a file (with the line of the relevant key when known) or a directory. */
export interface LookedIn {
  file: string;
  line: number;
  column: number;
}

/** One reference that does not resolve. The rule that owns `kind` reports it. */
export interface Finding {
  kind: FindingKind;
  messageId:
    | 'unknownScript'
    | 'npmNeedsRun'
    | 'unknownWorkspace'
    | 'unknownTarget'
    | 'missingTaskFile'
    | 'unknownBinary'
    | 'missingLocalScript'
    | 'notExecutable';
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
