import { finding, hasFlag, keyLocation, literal, parseArgs } from './common.js';
import { nearestNodePackage, nodePackageAt, packageNames, workspaceNodePackages } from './node-packages.js';
import { lookupScript } from './scripts.js';
import type { Runner } from './types.js';

/**
 * Commands of yarn classic (v1) and berry (v2+); neither treats them as scripts.
 * Sources: https://classic.yarnpkg.com/en/docs/cli/ and https://yarnpkg.com/cli.
 */
export const YARN_COMMANDS = new Set(
  ('add audit autoclean bin cache check config create dedupe generate-lock-entry global help import info init install ' +
    'licenses link list login logout node outdated owner pack policies publish remove run tag team unlink unplug upgrade ' +
    'upgrade-interactive version versions why workspace workspaces dlx exec up npm plugin set constraints explain rebuild ' +
    'stage patch patch-commit search sdks dedupe')
    .split(' '),
);
const YARN_VALUE_FLAGS = new Set(['--cwd', '--modules-folder', '--cache-folder']);

export const yarn: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), YARN_VALUE_FLAGS, true);
  const command = parsed.positionals[0];
  if (!literal(command)) return [];
  const cwdFlag = parsed.flags.find((f) => f.name === '--cwd')?.value ?? undefined;
  const cwd = literal(cwdFlag) ? cwdFlag.value.replace(/^\.\//, '').replace(/\/$/, '') : ctx.cwd;
  const pkg = nearestNodePackage(ctx.repo, cwd);
  if (!pkg) return [];
  const v = command.value;
  if (v === 'workspace') {
    // `yarn workspace <name> <command...>` runs the command in that workspace.
    const rest = parseArgs(parsed.rest, YARN_VALUE_FLAGS, true);
    const name = rest.positionals[0];
    if (!literal(name)) return [];
    const target = workspaceNodePackages(ctx.repo).find((p) => p.name === name.value);
    if (!target) {
      const root = nodePackageAt(ctx.repo, '');
      return [
        finding({
          kind: 'script', problem: 'no-matching-workspace', word: name, tool: 'yarn', name: name.value, what: 'workspace',
          where: 'the workspaces of package.json', related: root ? keyLocation(ctx.repo, root.manifest, 'workspaces') : undefined,
          candidates: packageNames(ctx.repo),
        }),
      ];
    }
    return ctx.dispatch([{ ...command, value: 'yarn' }, ...rest.rest], target.dir);
  }
  if (v === 'workspaces') {
    // classic `yarn workspaces run x`, berry `yarn workspaces foreach [-A] run x`.
    const rest = parseArgs(parsed.rest, new Set(['--include', '--exclude', '--from', '-j', '--jobs']));
    const runAt = rest.positionals.findIndex((w) => w.value === 'run');
    const script = runAt >= 0 ? rest.positionals[runAt + 1] : undefined;
    if (!literal(script) || hasFlag(rest, '--include', '--exclude', '--from')) return [];
    return lookupScript({ tool: 'yarn', packages: workspaceNodePackages(ctx.repo), word: script }, ctx);
  }
  if (v === 'run') {
    const rest = parseArgs(parsed.rest, YARN_VALUE_FLAGS, true);
    const script = rest.positionals[0];
    if (!literal(script)) return [];
    return lookupScript({ tool: 'yarn', packages: [pkg], word: script, binaryFallback: true }, ctx);
  }
  if (v === 'exec') return ctx.dispatch([{ ...command, value: 'yarn-exec' }, ...parsed.rest], pkg.dir);
  if (v === 'dlx' || v === 'create') return [];
  if (v === 'test' || v === 'start') return lookupScript({ tool: 'yarn', packages: [pkg], word: command }, ctx);
  if (YARN_COMMANDS.has(v)) return [];
  // `yarn <name>` runs a script, else a binary of the project (both majors).
  if (pkg.scripts.has(v)) return [];
  const missing = lookupScript({ tool: 'yarn', packages: [pkg], word: command, binaryFallback: true }, ctx);
  return missing.length ? missing : ctx.dispatch([command, ...parsed.rest], pkg.dir);
};
