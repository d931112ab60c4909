import { finding, get, keyLocation, literal, nearestFile, parseArgs, recordKeys } from './common.js';
import type { Runner } from './types.js';

/** poethepoet tasks: `[tool.poe.tasks]` of the nearest pyproject.toml (https://poethepoet.natn.io). */
export const poe: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['-C', '--directory', '--root', '-e', '--executor']), true);
  const name = parsed.positionals[0];
  if (!literal(name) || parsed.flags.some((f) => ['-h', '--help', '--version'].includes(f.name))) return [];
  const pyproject = nearestFile(ctx.repo, ctx.cwd, ['pyproject.toml']);
  if (!pyproject) return [];
  const poeConfig = get(ctx.repo.toml(pyproject), 'tool', 'poe');
  // Tasks included from other files are not read here: absence would prove nothing.
  if (get(poeConfig, 'include') !== undefined) return [];
  const tasks = recordKeys(get(poeConfig, 'tasks'));
  if (tasks.includes(name.value)) return [];
  return [finding({ kind: 'script', problem: 'not-defined', word: name, tool: 'poe', name: name.value, what: 'poe task', where: pyproject, related: keyLocation(ctx.repo, pyproject, /^\[tool\.poe\.tasks/m), candidates: tasks })];
};
