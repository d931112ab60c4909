import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { finding, get, keyLocation, literal, parseArgs, recordKeys } from './common.js';
import { nodePackageAt } from './node-packages.js';
import type { Finding, Runner } from './types.js';

const NX_COMMANDS = new Set(('add affected connect daemon exec format format:check format:write generate g graph import init list migrate release repair report reset run run-many show sync sync:check view-logs watch login logout mcp').split(' '));

interface NxProject {
  name: string;
  targets: Set<string>;
}

/**
 * nx projects and their targets: project.json `targets`, package.json scripts (nx infers a target per
 * script) and nx.json `targetDefaults`. Plugins infer more targets from tool configs, which this
 * static read cannot know, so with plugins the target set is open (null).
 */
export function nxProjects(repo: RepoIndex): NxProject[] | null {
  const nxJson = repo.json('nx.json');
  if (!isRecord(nxJson)) return null;
  const plugins = nxJson['plugins'];
  if (Array.isArray(plugins) && plugins.length > 0) return null;
  const defaults = recordKeys(nxJson['targetDefaults']);
  const projects: NxProject[] = [];
  for (const file of repo.filesNamed('project.json')) {
    const json = repo.json(file);
    if (!isRecord(json)) continue;
    const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    const pkg = nodePackageAt(repo, dir);
    const name = typeof json['name'] === 'string' ? json['name'] : (pkg?.name ?? path.posix.basename(dir));
    projects.push({ name, targets: new Set([...recordKeys(json['targets']), ...(pkg?.scripts ?? []), ...defaults]) });
  }
  for (const file of repo.filesNamed('package.json')) {
    const dir = path.posix.dirname(file) === '.' ? '' : path.posix.dirname(file);
    if (repo.has(dir ? `${dir}/project.json` : 'project.json')) continue;
    const pkg = nodePackageAt(repo, dir);
    if (pkg?.name) projects.push({ name: pkg.name, targets: new Set([...pkg.scripts, ...defaults, ...recordKeys(get(repo.json(file), 'nx', 'targets'))]) });
  }
  return projects;
}

export const nx: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['-t', '--target', '--targets', '-p', '--projects', '--configuration', '-c', '--exclude', '--parallel', '--base', '--head']));
  const first = parsed.positionals[0];
  if (!literal(first)) return [];
  const projects = nxProjects(ctx.repo);
  if (!projects) return [];
  const allTargets = new Set(projects.flatMap((p) => [...p.targets]));
  const out: Finding[] = [];
  const check = (w: typeof first, name: string, project: NxProject | undefined) => {
    const has = project ? project.targets.has(name) : allTargets.has(name);
    if (!has) out.push(finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'nx', name, what: project ? `nx target of project ${project.name}` : 'nx target', where: 'nx.json and project.json files', related: keyLocation(ctx.repo, 'nx.json', /\{/), candidates: project ? project.targets : allTargets }));
  };
  if (first.value === 'run-many' || first.value === 'affected') {
    for (const f of parsed.flags) {
      if (!['-t', '--target', '--targets'].includes(f.name) || !literal(f.value ?? undefined)) continue;
      const w = f.value!;
      let offset = 0;
      for (const name of w.value.split(',')) {
        const start = w.start + offset;
        offset += name.length + 1;
        if (name) check({ ...w, value: name, start, end: start + name.length }, name, undefined);
      }
    }
    for (const w of parsed.positionals.slice(1)) if (literal(w)) check(w, w.value, undefined);
    return out;
  }
  // A project name nx does not know fails with "Cannot find project" before any target runs.
  const unknownProject = (w: typeof first, name: string) =>
    out.push(finding({ kind: 'script', problem: 'no-matching-workspace', word: { ...w, value: name, end: w.start + name.length }, tool: 'nx', name, what: 'nx project', where: 'nx.json and project.json files', related: keyLocation(ctx.repo, 'nx.json', /\{/), candidates: projects.map((p) => p.name) }));
  if (first.value === 'run') {
    const spec = parsed.positionals[1];
    if (!literal(spec)) return [];
    const [projectName = '', target] = spec.value.split(':');
    const project = projects.find((p) => p.name === projectName);
    if (!project && projectName && target) unknownProject(spec, projectName);
    if (!project || !target) return out;
    check({ ...spec, value: target, start: spec.start + projectName.length + 1, end: spec.start + projectName.length + 1 + target.length }, target, project);
    return out;
  }
  if (NX_COMMANDS.has(first.value)) return [];
  // `nx build web` or `nx web:build`.
  if (first.value.includes(':')) {
    const [projectName = '', target = ''] = first.value.split(':');
    const project = projects.find((p) => p.name === projectName);
    if (project && target) check({ ...first, value: target, start: first.start + projectName.length + 1, end: first.start + projectName.length + 1 + target.length }, target, project);
    return out;
  }
  const projectWord = parsed.positionals[1];
  const project = literal(projectWord) ? projects.find((p) => p.name === projectWord.value) : undefined;
  if (literal(projectWord) && !project) unknownProject(projectWord, projectWord.value);
  check(first, first.value, project);
  return out;
};
