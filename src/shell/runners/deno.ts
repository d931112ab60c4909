import { finding, get, keyLocation, literal, nearestFile, parseArgs, recordKeys } from './common.js';
import { nearestNodePackage } from './node-packages.js';
import { checkPath } from './local.js';
import type { Runner } from './types.js';

/** `deno run` flags that take a separate value word (https://docs.deno.com/runtime/reference/cli/run/). */
const RUN_VALUE_FLAGS = new Set(['--config', '-c', '--import-map', '--lock', '--cert', '--location', '--seed', '--ext', '--env-file']);

/** `deno run [flags] <script>`: a local script must exist; URLs and `npm:`/`jsr:` specifiers are fetched. */
function denoRun(args: Parameters<Runner>[0], ctx: Parameters<Runner>[1]): ReturnType<Runner> {
  const script = parseArgs(args, RUN_VALUE_FLAGS, true).positionals[0];
  if (!literal(script) || /^[a-z][a-z0-9+.-]*:/i.test(script.value) || script.value === '-') return [];
  return checkPath(script, ctx, 'deno run');
}

/** `deno task x`: tasks of the nearest deno.json(c), and package.json scripts (https://docs.deno.com/runtime/reference/cli/task/). */
export const deno: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['--config', '-c', '--cwd', '-f', '--filter']), true);
  const command = parsed.positionals[0];
  if (literal(command) && command.value === 'run') return denoRun(parsed.rest, ctx);
  if (!literal(command) || command.value !== 'task') return [];
  const rest = parseArgs(parsed.rest, new Set(['--config', '-c', '--cwd', '-f', '--filter']), true);
  if (rest.flags.length) return [];
  const name = rest.positionals[0];
  if (!literal(name)) return [];
  const config = nearestFile(ctx.repo, ctx.cwd, ['deno.json', 'deno.jsonc']);
  const pkg = nearestNodePackage(ctx.repo, ctx.cwd);
  const tasks = config ? recordKeys(get(ctx.repo.json(config), 'tasks')) : [];
  if (tasks.includes(name.value) || pkg?.scripts.has(name.value)) return [];
  const where = config ?? pkg?.manifest;
  if (!where) return [];
  return [finding({ kind: 'script', problem: 'not-defined', word: name, tool: 'deno task', name: name.value, what: 'task', where, related: keyLocation(ctx.repo, where, config ? 'tasks' : 'scripts'), candidates: [...tasks, ...(pkg?.scripts ?? [])] })];
};
