import type { RepoIndex } from '../../repo/repo-index.js';
import { finding, get, keyLocation, literal, parseArgs, recordKeys } from './common.js';
import type { Runner } from './types.js';

/** turbo's own commands (turbo 2 CLI reference): anything else is a task name. */
const TURBO_COMMANDS = new Set(['prune', 'gen', 'generate', 'login', 'logout', 'link', 'unlink', 'daemon', 'ls', 'query', 'info', 'telemetry', 'bin', 'scan', 'boundaries', 'devtools', 'completion', 'docs', 'login']);

/** Task names from turbo.json (`tasks` in turbo 2, `pipeline` in 1.x) of the root and of packages; `pkg#task` keys count as `task`. */
export function turboTasks(repo: RepoIndex): { names: Set<string>; file: string } | null {
  if (!repo.has('turbo.json') && !repo.has('turbo.jsonc')) return null;
  const file = repo.has('turbo.json') ? 'turbo.json' : 'turbo.jsonc';
  const names = new Set<string>();
  for (const f of [file, ...repo.filesNamed('turbo.json').filter((x) => x !== file)]) {
    const json = repo.json(f);
    for (const key of [...recordKeys(get(json, 'tasks')), ...recordKeys(get(json, 'pipeline'))]) names.add(key.includes('#') ? key.slice(key.indexOf('#') + 1) : key);
  }
  return { names, file };
}

export const turbo: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['--filter', '-F', '--concurrency', '--output-logs', '--cache-dir', '--graph', '--log-order', '--cwd', '--team', '--token', '--env-mode', '--cache']));
  const first = parsed.positionals[0];
  if (!literal(first) || TURBO_COMMANDS.has(first.value)) return [];
  const tasks = first.value === 'run' || first.value === 'watch' ? parsed.positionals.slice(1) : parsed.positionals;
  const config = turboTasks(ctx.repo);
  if (!config) return [];
  return tasks.flatMap((w) => {
    if (!literal(w)) return [];
    const name = w.value.includes('#') ? w.value.slice(w.value.indexOf('#') + 1) : w.value;
    if (config.names.has(name)) return [];
    return [finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'turbo', name: w.value, what: 'turbo task', where: config.file, related: keyLocation(ctx.repo, config.file, /"(tasks|pipeline)"\s*:/), candidates: config.names })];
  });
};
