// What bench/run.mjs runs against: the generated workload's
// directory, the environment of every timed command, the discovery-only config run.mjs writes, and
// the instruction file a staged run lints.
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { fileURLToPath } from 'node:url';

export const work = path.join(path.dirname(fileURLToPath(import.meta.url)), 'work');

/** The config that turns off every rule without the `discovery` tag (written by bench/run.mjs). */
export const discoveryOnlyConfig = path.join(work, 'discovery-only.json');

/** The environment of a measured run: Codex's home inside the workload, no colour. */
export function benchEnv() {
  return { ...process.env, CODEX_HOME: path.join(work, 'codex-home'), NO_COLOR: '1' };
}

/** The file a lint-staged style run lints: the first package AGENTS.md git lists in `repo`. */
export function stagedFileOf(repo) {
  return execFileSync('git', ['ls-files', 'packages/*/AGENTS.md'], { cwd: repo }).toString().split('\n')[0];
}
