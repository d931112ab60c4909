import { finding, flagValues, hasFlag, join, keyLocation, literal, parseArgs } from './common.js';
import { nearestNodePackage, nodePackageAt, packageNames, selectPackages, workspaceNodePackages, type NodePackage } from './node-packages.js';
import { lookupScript } from './scripts.js';
import type { Finding, Runner, RunnerContext } from './types.js';

/** pnpm's own commands and aliases (pnpm 9/10 CLI reference, https://pnpm.io/cli/add ...): not scripts. */
export const PNPM_COMMANDS = new Set(
  ('add i install up update upgrade remove rm uninstall un link ln unlink import rebuild rb prune fetch install-test it ' +
    'patch patch-commit patch-remove audit list ls ll la outdated why licenses run run-script exec dlx create publish pack ' +
    'store root bin config c get set setup init deploy doctor env server self-update recursive m multi cat-file cat-index ' +
    'find-hash approve-builds ignored-builds dedupe help version login logout whoami owner dist-tag view info sbom ' +
    'add-user adduser stop restart')
    .split(' '),
);
/** `pnpm test` and `pnpm start` run the script of that name. */
const PNPM_SCRIPT_SHORTHANDS = new Set(['test', 't', 'tst', 'start']);
export const PNPM_VALUE_FLAGS = new Set(['-F', '--filter', '--filter-prod', '-C', '--dir', '--workspace-concurrency', '--reporter', '--loglevel', '--test-pattern', '--changed-files-ignore-pattern']);

/** Packages a pnpm command runs in, after `--filter`, `-r`, `-w` and `-C`. */
export function pnpmPackages(flags: ReturnType<typeof parseArgs>['flags'], ctx: RunnerContext, tool = 'pnpm'): { packages: NodePackage[]; unmatched?: Finding; selected: boolean } {
  const parsed = { positionals: [], flags, rest: [] };
  const dirFlag = flagValues(parsed, '-C', '--dir')[0];
  const cwd = literal(dirFlag) ? join(ctx.cwd, dirFlag.value) : ctx.cwd;
  const filters = flagValues(parsed, '-F', '--filter', '--filter-prod');
  if (filters.length > 0) {
    const out: NodePackage[] = [];
    for (const f of filters) {
      if (!literal(f)) return { packages: [], selected: true };
      const selected = selectPackages(ctx.repo, f.value, cwd);
      if (selected === null) return { packages: [], selected: true };
      if (selected.length === 0) {
        // pnpm prints "No projects matched the filters" and runs nothing.
        return {
          packages: [],
          selected: true,
          unmatched: finding({
            kind: 'script', problem: 'no-matching-workspace', word: f, tool, name: f.value, what: 'workspace package',
            where: ctx.repo.has('pnpm-workspace.yaml') ? 'pnpm-workspace.yaml' : 'package.json',
            related: ctx.repo.has('pnpm-workspace.yaml') ? keyLocation(ctx.repo, 'pnpm-workspace.yaml', /^packages\s*:/m) : undefined,
            candidates: packageNames(ctx.repo).flatMap((n) => [n, n.replace(/^@[^/]+\//, '')]),
          }),
        };
      }
      out.push(...selected);
    }
    return { packages: out, selected: true };
  }
  if (hasFlag(parsed, '-r', '--recursive')) {
    const all = workspaceNodePackages(ctx.repo);
    // `-r` from the root covers every workspace package (the root itself only with --include-workspace-root).
    return { packages: all.length ? all : [nodePackageAt(ctx.repo, '')].filter((p): p is NodePackage => p !== null), selected: true };
  }
  if (hasFlag(parsed, '-w', '--workspace-root')) {
    const root = nodePackageAt(ctx.repo, '');
    return { packages: root ? [root] : [], selected: true };
  }
  const pkg = nearestNodePackage(ctx.repo, cwd);
  return { packages: pkg ? [pkg] : [], selected: false };
}

export const pnpm: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), PNPM_VALUE_FLAGS, true);
  const command = parsed.positionals[0];
  if (!literal(command)) return [];
  const after = parseArgs(parsed.rest, PNPM_VALUE_FLAGS);
  if (hasFlag(parsed, '--if-present') || hasFlag(after, '--if-present')) return [];
  const { packages, unmatched } = pnpmPackages(parsed.flags, ctx);
  if (unmatched) return [unmatched];
  if (packages.length === 0) return [];
  const v = command.value;
  if (v === 'run' || v === 'run-script') {
    const script = after.positionals[0];
    // `pnpm run` with a regex (`/^lint:/`) runs every matching script.
    if (!literal(script) || script.value.startsWith('/')) return [];
    return lookupScript({ tool: 'pnpm', packages, word: script }, ctx);
  }
  if (v === 'exec') return ctx.dispatch([{ ...command, value: 'pnpm-exec' }, ...parsed.rest], packages[0]?.dir ?? ctx.cwd);
  if (v === 'dlx' || v === 'create') return [];
  if (PNPM_SCRIPT_SHORTHANDS.has(v)) {
    const name = v === 'start' ? 'start' : 'test';
    if (name === 'start' && packages.some((p) => ctx.repo.has(p.dir ? `${p.dir}/server.js` : 'server.js'))) return [];
    return lookupScript({ tool: 'pnpm', packages, word: { ...command, value: name } }, ctx);
  }
  if (PNPM_COMMANDS.has(v)) return [];
  // Any other word runs the script of that name, else a local binary (`pnpm tsc`) - https://pnpm.io/cli/run.
  const viaTool = ctx.dispatch([{ ...command, value: 'pnpm-exec' }, command, ...parsed.rest], packages[0]?.dir ?? ctx.cwd);
  if (packages.some((p) => p.scripts.has(v))) return [];
  const missing = lookupScript({ tool: 'pnpm', packages, word: command, binaryFallback: true }, ctx);
  return missing.length ? missing : viaTool;
};
