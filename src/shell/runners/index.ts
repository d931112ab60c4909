import type { RepoIndex } from '../../repo/repo-index.js';
import type { ShellWord } from '../parse.js';
import { npm } from './npm.js';
import { pnpm } from './pnpm.js';
import { yarn } from './yarn.js';
import { bun } from './bun.js';
import { localExec, npx } from './exec.js';
import { make } from './make.js';
import { just } from './just.js';
import { task } from './task.js';
import { cargo } from './cargo.js';
import { go } from './go.js';
import { hatch, pdm, poetry, uv } from './python.js';
import { poe } from './poe.js';
import { tox } from './tox.js';
import { nox } from './nox.js';
import { deno } from './deno.js';
import { turbo } from './turbo.js';
import { nx } from './nx.js';
import { interpreter, local } from './local.js';
import type { Finding, FindingProblem, Runner } from './types.js';

export type { Finding, FindingKind, FindingProblem, LookedIn, Runner, RunnerContext } from './types.js';

/** argv[0] → runner. `pnpm-exec`/`yarn-exec` are internal names for local-only execution. */
export const RUNNERS: Record<string, Runner> = {
  npm, pnpm, yarn, bun, npx, bunx: npx, 'pnpm-exec': localExec, 'yarn-exec': localExec,
  make, gmake: make, just, task, cargo, go, uv, poetry, pdm, hatch, poe, tox, nox, deno, turbo, nx,
  bash: interpreter, sh: interpreter, zsh: interpreter, python: interpreter, python3: interpreter, node: interpreter,
  tsx: interpreter, 'ts-node': interpreter,
};

/** The problems found from what a manifest says, not from whether a file exists. */
const RESTS_ON_CONTENT: ReadonlySet<FindingProblem> = new Set<FindingProblem>(['not-defined', 'npm-command-is-a-script', 'no-matching-workspace']);

/** Resolves one command line against the repository; never throws, never runs anything. */
export function resolveCommand(repo: RepoIndex, argv: ShellWord[], cwd: string, depth = 0): Finding[] {
  const first = argv[0];
  if (!first || first.dynamic || depth > 8) return [];
  const runner = RUNNERS[first.value] ?? (first.value.includes('/') && !first.value.startsWith('@') ? local : undefined);
  if (!runner) return [];
  try {
    const broken = repo.brokenReads;
    const found = runner(argv, { repo, cwd, dispatch: (next, nextCwd) => resolveCommand(repo, next, nextCwd, depth + 1) });
    // A manifest the runner read did not parse (no-invalid-manifest reports it): the names it defines
    // are unknown, so none can be called missing. A missing file stays certain.
    return repo.brokenReads === broken ? found : found.filter((f) => !RESTS_ON_CONTENT.has(f.problem));
  } catch {
    // A malformed manifest shape must not crash a lint; manifest parse errors are reported elsewhere.
    return [];
  }
}
