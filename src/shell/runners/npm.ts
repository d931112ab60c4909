import type { ShellWord } from '../parse.js';
import { finding, flagValues, hasFlag, keyLocation, literal, parseArgs } from './common.js';
import { nearestNodePackage, nodePackageAt, workspaceNodePackages, type NodePackage } from './node-packages.js';
import { lookupScript } from './scripts.js';
import type { Finding, Runner, RunnerContext } from './types.js';

/** npm's commands and their aliases (npm 10, `lib/utils/cmd-list.js`): none of them is a script. */
export const NPM_COMMANDS = new Set(
  ('access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs doctor edit exec explain explore ' +
    'find-dupes fund get help help-search hook init install install-ci-test install-test link ll login logout ls org outdated ' +
    'owner pack ping pkg prefix profile prune publish query rebuild repo restart root run run-script sbom search set shrinkwrap ' +
    'star stars start stop team test token undeprecate uninstall unpublish unstar update version view whoami ' +
    'i in ins inst insta instal isnt isnta isntal isntall add un unlink remove rm r up upgrade udpate x c t tst it cit la list ' +
    'rb s se find v info show home author issues create innit ln ddp dist-tags clean-install sit verison why urn rum hlep add-user')
    .split(' '),
);
/** Lifecycle shorthands that run the script of the same name (`npm test` = `npm run test`). */
const NPM_SHORTHANDS: Record<string, string> = { test: 'test', t: 'test', tst: 'test', start: 'start', stop: 'stop', restart: 'restart' };
const NPM_VALUE_FLAGS = new Set(['-w', '--workspace', '--prefix', '-C', '--registry', '--loglevel', '--cache']);

/** The packages an npm command targets: `-w name|path` selects workspaces, `-ws` all of them. */
function npmPackages(parsed: ReturnType<typeof parseArgs>, ctx: RunnerContext): { packages: NodePackage[]; unmatched?: Finding } {
  const selectors = flagValues(parsed, '-w', '--workspace');
  if (hasFlag(parsed, '-ws', '--workspaces')) return { packages: workspaceNodePackages(ctx.repo) };
  if (selectors.length === 0) {
    const prefix = flagValues(parsed, '--prefix', '-C')[0];
    const pkg = literal(prefix) ? nodePackageAt(ctx.repo, prefix.value.replace(/^\.\//, '').replace(/\/$/, '')) : nearestNodePackage(ctx.repo, ctx.cwd);
    return { packages: pkg ? [pkg] : [] };
  }
  const all = workspaceNodePackages(ctx.repo);
  const packages: NodePackage[] = [];
  for (const sel of selectors) {
    if (!literal(sel)) return { packages: [] };
    const path = sel.value.replace(/^\.\//, '').replace(/\/$/, '');
    const match = all.filter((p) => p.name === sel.value || p.dir === path || p.dir.startsWith(`${path}/`));
    if (match.length === 0) {
      const root = nodePackageAt(ctx.repo, '');
      return {
        packages: [],
        unmatched: finding({
          kind: 'script', problem: 'no-matching-workspace', word: sel, tool: 'npm', name: sel.value, what: 'workspace',
          where: 'the workspaces of package.json', related: root ? keyLocation(ctx.repo, root.manifest, 'workspaces') : undefined,
          candidates: all.flatMap((p) => (p.name ? [p.name] : [])),
        }),
      };
    }
    packages.push(...match);
  }
  return { packages };
}

export const npm: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), NPM_VALUE_FLAGS, true);
  const command = parsed.positionals[0];
  if (!literal(command)) return [];
  // Options may also follow the command (`npm run build -w web`): read them from the rest too.
  const after = parseArgs(parsed.rest, NPM_VALUE_FLAGS);
  const all = { ...parsed, flags: [...parsed.flags, ...after.flags] };
  if (hasFlag(all, '--if-present')) return [];
  const { packages, unmatched } = npmPackages(all, ctx);
  if (unmatched) return [unmatched];
  if (packages.length === 0) return [];
  let script: ShellWord | undefined;
  if (command.value === 'run' || command.value === 'run-script' || command.value === 'rum' || command.value === 'urn') {
    script = after.positionals[0];
    if (!literal(script)) return [];
  } else if (command.value in NPM_SHORTHANDS) {
    const name = NPM_SHORTHANDS[command.value] ?? command.value;
    // `npm start` without a start script runs `node server.js` (npm docs, "npm start").
    if (name === 'start' && packages.some((p) => ctx.repo.has(p.dir ? `${p.dir}/server.js` : 'server.js'))) return [];
    if (name === 'restart') return [];
    if (packages.some((p) => p.scripts.has(name))) return [];
    return lookupScript({ tool: 'npm', packages, word: { ...command, value: name } }, ctx);
  } else if (command.value === 'exec' || command.value === 'x') {
    return ctx.dispatch([{ ...command, value: 'npx' }, ...parsed.rest], ctx.cwd);
  } else if (NPM_COMMANDS.has(command.value)) {
    return [];
  } else {
    // npm has no shorthand for arbitrary scripts: `npm lint` is "Unknown command" even when a lint script exists.
    const first = packages[0];
    if (first && packages.some((p) => p.scripts.has(command.value))) {
      return [finding({ kind: 'script', problem: 'npm-command-is-a-script', word: command, tool: 'npm', name: command.value, what: 'script', where: first.manifest, related: keyLocation(ctx.repo, first.manifest, 'scripts') })];
    }
    script = command;
  }
  return lookupScript({ tool: 'npm', packages, word: script }, ctx);
};
