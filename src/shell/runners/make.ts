import picomatch from 'picomatch';
import type { RepoIndex } from '../../repo/repo-index.js';
import { fileIn, finding, flagValues, join, keyLocation, literal, parseArgs } from './common.js';
import type { Runner } from './types.js';

export interface Makefile {
  file: string;
  targets: Set<string>;
  /** Pattern rules (`%.o: %.c`) as matchers. */
  patterns: string[];
  /** A target or include uses a variable or function we cannot evaluate: absence proves nothing. */
  incomplete: boolean;
}

/** GNU make's default file names, in its search order (GNU make manual §3.2). */
export const MAKEFILE_NAMES = ['GNUmakefile', 'makefile', 'Makefile'];

const cache = new WeakMap<RepoIndex, Map<string, Makefile>>();

/**
 * Static read of a Makefile and everything it includes: rule targets (`a b: deps`, `a::`), `.PHONY`
 * prerequisites, pattern rules. `include`, `-include` and `sinclude` are followed relative to the
 * directory make runs in; a visited set stops include cycles.
 */
export function readMakefile(repo: RepoIndex, file: string, runDir: string): Makefile {
  let byRepo = cache.get(repo);
  if (!byRepo) cache.set(repo, (byRepo = new Map()));
  const key = `${file}\0${runDir}`;
  const hit = byRepo.get(key);
  if (hit) return hit;
  const out: Makefile = { file, targets: new Set(), patterns: [], incomplete: false };
  const seen = new Set<string>();
  const visit = (rel: string) => {
    if (seen.has(rel) || seen.size > 200) return;
    seen.add(rel);
    const text = repo.text(rel);
    if (text === null) return;
    const lines = text.replace(/\\\r?\n/g, ' ').split(/\r?\n/);
    for (const line of lines) {
      if (line.startsWith('\t') || /^\s*#/.test(line)) continue;
      const inc = /^\s*[-s]?include\s+(.+)$/.exec(line);
      if (inc) {
        for (const name of (inc[1] ?? '').split(/\s+/).filter(Boolean)) {
          if (name.includes('$')) {
            out.incomplete = true;
            continue;
          }
          if (/[*?[]/.test(name)) {
            const match = picomatch(join(runDir, name));
            for (const f of repo.files) if (match(f)) visit(f);
          } else visit(join(runDir, name));
        }
        continue;
      }
      // A rule line: targets, then a single or double colon not followed by `=` (which would be `:=`).
      const rule = ruleLine(line);
      if (!rule) continue;
      const names = rule[1].trim().split(/\s+/);
      if (/^\s*(export|override|define|ifeq|ifneq|ifdef|ifndef|else|endif|endef|vpath|undefine)\b/.test(line)) continue;
      for (const name of names) {
        if (!name) continue;
        if (name.includes('$')) out.incomplete = true;
        else if (name === '.PHONY') {
          for (const p of (rule[3] ?? '').split(/[\s;]+/)) if (p && !p.includes('$')) out.targets.add(p);
        } else if (name.includes('%')) out.patterns.push(name);
        else if (!name.startsWith('.') || name.includes('/')) out.targets.add(name);
      }
    }
  };
  visit(file);
  byRepo.set(key, out);
  return out;
}

/**
 * [line, targets, colon, rest] of a rule line (`a b: deps`, `a:: deps`), or null: the targets run to
 * the first `:`, `#` or `=`, which must be a colon not followed by `=`. Found with indexOf, not a
 * regular expression: a lazy pattern backtracks quadratically on a line of 100,000 spaces.
 */
function ruleLine(line: string): [string, string, string, string] | null {
  const first = line.charCodeAt(0);
  if (line.length === 0 || first === 58 || first === 35 || first === 61 || first === 9) return null;
  let at = -1;
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c === 58 || c === 35 || c === 61) {
      at = i;
      break;
    }
  }
  if (at < 0 || line.charCodeAt(at) !== 58) return null;
  const colon = line.charCodeAt(at + 1) === 58 ? '::' : ':';
  if (line.charCodeAt(at + colon.length) === 61) return null;
  return [line, line.slice(0, at), colon, line.slice(at + colon.length)];
}

export function makeTargetExists(mk: Makefile, name: string): boolean {
  if (mk.targets.has(name)) return true;
  return mk.patterns.some((p) => {
    const [pre = '', post = ''] = p.split('%');
    return name.length > pre.length + post.length && name.startsWith(pre) && name.endsWith(post);
  });
}

const MAKE_VALUE_FLAGS = new Set(['-C', '--directory', '-f', '--file', '--makefile', '-j', '--jobs', '-l', '-o', '-W', '-I']);

export const make: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), MAKE_VALUE_FLAGS);
  const dirs = flagValues(parsed, '-C', '--directory');
  // `-Cdir` glued form.
  for (const f of parsed.flags) if (/^-C./.test(f.name)) dirs.push({ ...f.word, value: f.name.slice(2), start: f.word.start + 2 });
  let dir = ctx.cwd;
  for (const d of dirs) {
    if (!literal(d)) return [];
    dir = join(dir, d.value);
  }
  const fileFlag = flagValues(parsed, '-f', '--file', '--makefile')[0];
  let file: string | undefined;
  if (fileFlag) {
    if (!literal(fileFlag)) return [];
    file = join(dir, fileFlag.value);
  } else file = MAKEFILE_NAMES.map((n) => fileIn(dir, n)).find((f) => ctx.repo.has(f));
  const targets = parsed.positionals.filter((w) => !w.value.includes('='));
  const first = targets[0];
  if (!file || !ctx.repo.has(file)) {
    const word = fileFlag ?? first ?? argv[0];
    if (!word) return [];
    return [finding({ kind: 'target', problem: 'missing-task-file', word, tool: 'make', name: fileFlag ? fileFlag.value : 'Makefile', what: 'Makefile', where: dir || '.' })];
  }
  const mk = readMakefile(ctx.repo, file, dir);
  if (mk.incomplete) return [];
  return targets.flatMap((t) => {
    if (!literal(t) || makeTargetExists(mk, t.value)) return [];
    // `make format/lint/typecheck`: shorthand for three targets, when every part is one.
    const parts = t.value.split('/');
    if (parts.length > 1 && parts.every((p) => p !== '' && makeTargetExists(mk, p))) return [];
    // A target naming an existing file is built by make's implicit rules or is up to date.
    if (ctx.repo.has(join(dir, t.value)) || ctx.repo.dirs.has(join(dir, t.value))) return [];
    return [finding({ kind: 'target', problem: 'not-defined', word: t, tool: 'make', name: t.value, what: 'make target', where: file, related: keyLocation(ctx.repo, file, /^[^\s#][^:=\n]*::?(?!=)/m), candidates: mk.targets })];
  });
};

