import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { finding, flagValues, join, keyLocation, literal, parentOf, parseArgs } from './common.js';
import type { Runner } from './types.js';

export interface Justfile {
  file: string;
  recipes: Set<string>;
  modules: Map<string, Justfile | null>;
}

/** just looks for `justfile` in any case, or `.justfile`, in the directory and its parents (just manual, "Finding the justfile"). */
export function findJustfile(repo: RepoIndex, dir: string): string | null {
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    const hit = repo.files.find((f) => path.posix.dirname(f) === (d || '.') && /^\.?justfile$/i.test(path.posix.basename(f)));
    if (hit) return hit;
  }
  return null;
}

/** Recipes (with `import`ed files merged), aliases, and `mod` submodules of a justfile. */
export function readJustfile(repo: RepoIndex, file: string, depth = 0, seen = new Set<string>()): Justfile {
  const out: Justfile = { file, recipes: new Set(), modules: new Map() };
  const visit = (rel: string) => {
    if (seen.has(rel) || seen.size > 100) return;
    seen.add(rel);
    const text = repo.text(rel);
    if (text === null) return;
    const dir = path.posix.dirname(rel) === '.' ? '' : path.posix.dirname(rel);
    for (const line of text.split(/\r?\n/)) {
      if (/^\s/.test(line) || line.startsWith('#') || line.startsWith('[')) continue;
      const alias = /^alias\s+([A-Za-z_][\w-]*)\s*:=/.exec(line);
      if (alias?.[1]) {
        out.recipes.add(alias[1]);
        continue;
      }
      const imp = /^import\??\s+(['"])(.+?)\1/.exec(line);
      if (imp?.[2]) {
        visit(join(dir, imp[2]));
        continue;
      }
      const mod = /^mod\??\s+([A-Za-z_][\w-]*)(?:\s+(['"])(.+?)\2)?/.exec(line);
      if (mod?.[1]) {
        const name = mod[1];
        const candidates = mod[3] ? [join(dir, mod[3])] : [`${name}.just`, `${name}/mod.just`, `${name}/justfile`, `${name}/Justfile`, `${name}/.justfile`].map((c) => join(dir, c));
        const found = candidates.find((c) => repo.has(c));
        out.modules.set(name, found && depth < 8 ? readJustfile(repo, found, depth + 1, seen) : null);
        continue;
      }
      if (/^(set|export)\s/.test(line) || /^[A-Za-z_][\w-]*\s*:=/.test(line)) continue;
      // `@name param +rest='x': deps` - a recipe header ends with a colon that is not `:=`.
      const recipe = /^@?([A-Za-z_][\w-]*)(\s[^:]*)?:(?!=)/.exec(line);
      if (recipe?.[1]) out.recipes.add(recipe[1]);
    }
  };
  visit(file);
  return out;
}

const JUST_VALUE_FLAGS = new Set(['-f', '--justfile', '-d', '--working-directory', '--shell', '--dotenv-filename', '--dotenv-path', '--color', '--chooser', '--command-color']);
/** Flags that make just list, show or evaluate instead of running recipes. */
const NON_RUN = ['-l', '--list', '--summary', '--evaluate', '--show', '-s', '--dump', '--choose', '--init', '--edit', '-e', '--variables', '--fmt', '--groups', '--completions', '--help', '-h', '--version', '-V', '--man'];

export const just: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), JUST_VALUE_FLAGS);
  if (parsed.flags.some((f) => NON_RUN.includes(f.name) || f.name === '--set')) return [];
  const fileFlag = flagValues(parsed, '-f', '--justfile')[0];
  if (fileFlag && !literal(fileFlag)) return [];
  const file = fileFlag ? join(ctx.cwd, fileFlag.value) : findJustfile(ctx.repo, ctx.cwd);
  const positionals = parsed.positionals.filter((w) => !/^[A-Za-z_][\w-]*=/.test(w.value));
  const first = positionals[0];
  if (!file || !ctx.repo.has(file)) {
    const word = fileFlag ?? first ?? argv[0];
    return word ? [finding({ kind: 'target', problem: 'missing-task-file', word, tool: 'just', name: fileFlag ? fileFlag.value : 'justfile', what: 'justfile', where: ctx.cwd || '.' })] : [];
  }
  if (!literal(first)) return [];
  let jf: Justfile = readJustfile(ctx.repo, file);
  // `just mod recipe` or `just mod::recipe`.
  const parts = first.value.split('::');
  let word = first;
  let offset = 0;
  const path_: string[] = [];
  const segments = parts.length > 1 ? parts : [first.value];
  for (let i = 0; i < segments.length; i++) {
    const name = segments[i] ?? '';
    const seg = parts.length > 1 ? { ...first, value: name, start: first.start + offset, end: first.start + offset + name.length } : word;
    offset += name.length + 2;
    if (jf.recipes.has(name)) return [];
    const sub = jf.modules.get(name);
    if (jf.modules.has(name)) {
      if (!sub) return [];
      jf = sub;
      path_.push(name);
      if (parts.length === 1) {
        const next = positionals[1];
        if (!literal(next)) return [];
        word = next;
        segments.push(next.value);
      }
      continue;
    }
    return [finding({ kind: 'target', problem: 'not-defined', word: seg, tool: 'just', name, what: path_.length ? `recipe in module ${path_.join('::')}` : 'just recipe', where: jf.file, related: keyLocation(ctx.repo, jf.file, /^@?[A-Za-z_][^:\n]*:(?!=)/m), candidates: [...jf.recipes, ...jf.modules.keys()] })];
  }
  return [];
};
