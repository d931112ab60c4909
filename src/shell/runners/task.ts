import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { fileIn, finding, flagValues, join, keyLocation, literal, parentOf, parseArgs } from './common.js';
import type { Runner } from './types.js';
import { escapeRegExp } from '../../util/text.js';

/** Task's default file names, in its search order (https://taskfile.dev/usage/#supported-file-names). */
export const TASKFILE_NAMES = ['Taskfile.yml', 'taskfile.yml', 'Taskfile.yaml', 'taskfile.yaml', 'Taskfile.dist.yml', 'taskfile.dist.yml', 'Taskfile.dist.yaml', 'taskfile.dist.yaml'];

function taskfileIn(repo: RepoIndex, dir: string): string | null {
  return TASKFILE_NAMES.map((n) => fileIn(dir, n)).find((f) => repo.has(f)) ?? null;
}

/** Every runnable task name, namespaced through `includes` (`docs:build`), aliases included. */
export function taskNames(repo: RepoIndex, file: string, prefix = '', seen = new Set<string>()): string[] {
  if (seen.has(file) || seen.size > 50) return [];
  seen.add(file);
  const doc = repo.yaml(file);
  if (!isRecord(doc)) return [];
  const names: string[] = [];
  const tasks = doc['tasks'];
  if (isRecord(tasks)) {
    for (const [name, body] of Object.entries(tasks)) {
      names.push(prefix + name);
      if (isRecord(body) && Array.isArray(body['aliases'])) for (const a of body['aliases']) if (typeof a === 'string') names.push(prefix + a);
    }
  }
  const includes = doc['includes'];
  const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
  if (isRecord(includes)) {
    for (const [ns, spec] of Object.entries(includes)) {
      const target = typeof spec === 'string' ? spec : isRecord(spec) && typeof spec['taskfile'] === 'string' ? spec['taskfile'] : null;
      if (!target || target.includes('{{')) {
        names.push(`${prefix}${ns}:*`);
        continue;
      }
      const rel = join(dir, target);
      const inc = repo.has(rel) ? rel : taskfileIn(repo, rel);
      if (inc) names.push(...taskNames(repo, inc, `${prefix}${ns}:`, seen));
      if (isRecord(spec) && Array.isArray(spec['aliases'])) {
        for (const a of spec['aliases']) if (typeof a === 'string' && inc) names.push(...taskNames(repo, inc, `${prefix}${a}:`, new Set()));
      }
    }
  }
  return names;
}

export const task: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['-d', '--dir', '-t', '--taskfile', '-o', '--output', '-C', '--concurrency']));
  if (parsed.flags.some((f) => ['-l', '--list', '-a', '--list-all', '--init', '-i', '--summary', '--help', '-h', '--version'].includes(f.name))) return [];
  const dirFlag = flagValues(parsed, '-d', '--dir')[0];
  const fileFlag = flagValues(parsed, '-t', '--taskfile')[0];
  if ((dirFlag && !literal(dirFlag)) || (fileFlag && !literal(fileFlag))) return [];
  let file: string | null = null;
  if (fileFlag) file = join(ctx.cwd, fileFlag.value);
  else {
    // Task walks up from the directory until it finds a Taskfile.
    for (let d: string | null = dirFlag ? join(ctx.cwd, dirFlag.value) : ctx.cwd; d !== null && !file; d = parentOf(d)) file = taskfileIn(ctx.repo, d);
  }
  const wanted = parsed.positionals.filter((w) => !/^[A-Za-z_]\w*=/.test(w.value));
  if (!file || !ctx.repo.has(file)) {
    const word = fileFlag ?? wanted[0] ?? argv[0];
    return word ? [finding({ kind: 'target', problem: 'missing-task-file', word, tool: 'task', name: fileFlag?.value ?? 'Taskfile.yml', what: 'Taskfile', where: ctx.cwd || '.' })] : [];
  }
  const names = taskNames(ctx.repo, file);
  // Wildcard task names (`start:*`, Task 3.36+) match any text in place of the star.
  const wildcards = names.filter((n) => n.includes('*')).map((n) => new RegExp(`^${n.split('*').map(escapeRegExp).join('.+')}$`));
  return wanted.flatMap((w) => {
    if (!literal(w) || names.includes(w.value) || wildcards.some((re) => re.test(w.value))) return [];
    return [finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'task', name: w.value, what: 'task', where: file, related: keyLocation(ctx.repo, file, /^tasks\s*:/m), candidates: names.filter((n) => !n.includes('*')) })];
  });
};
