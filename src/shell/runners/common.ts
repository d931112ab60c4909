import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord, stringArray } from '../../repo/manifests.js';
import type { ShellWord } from '../parse.js';
import type { Finding, LookedIn } from './types.js';
import { escapeRegExp } from '../../util/text.js';

export function join(dir: string, rel: string): string {
  const joined = path.posix.normalize(path.posix.join(dir || '.', rel));
  return joined === '.' ? '' : joined.replace(/\/$/, '');
}

export function fileIn(dir: string, name: string): string {
  return dir ? `${dir}/${name}` : name;
}

export function parentOf(dir: string): string | null {
  if (dir === '') return null;
  const p = path.posix.dirname(dir);
  return p === '.' ? '' : p;
}

/** The nearest directory at or above `dir` holding one of `names`; returns the file's path. */
export function nearestFile(repo: RepoIndex, dir: string, names: readonly string[]): string | null {
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    for (const name of names) if (repo.has(fileIn(d, name))) return fileIn(d, name);
  }
  return null;
}

export function isDir(repo: RepoIndex, rel: string): boolean {
  return repo.dirs.has(rel);
}

const keyLocations = new WeakMap<RepoIndex, Map<string, LookedIn>>();

/**
 * Line and column of the first `"key"` (or `key` at a line start) in a file, for related locations.
 * Found once per file and key: a root AGENTS.md's command is resolved from every package directory.
 */
export function keyLocation(repo: RepoIndex, file: string, key: string | RegExp): LookedIn {
  // A global or sticky pattern carries state from call to call: such a key is looked up each time.
  if (typeof key !== 'string' && (key.global || key.sticky)) return keyLocationUncached(repo, file, key);
  let perRepo = keyLocations.get(repo);
  if (!perRepo) keyLocations.set(repo, (perRepo = new Map()));
  const id = `${file}\0${typeof key === 'string' ? `"${key}` : `/${key.source}/${key.flags}`}`;
  let known = perRepo.get(id);
  if (!known) perRepo.set(id, (known = keyLocationUncached(repo, file, key)));
  return { ...known };
}

/** `"key":` patterns by key, compiled once (they hold no state: neither global nor sticky). */
const keyPatterns = new Map<string, RegExp>();

function keyLocationUncached(repo: RepoIndex, file: string, key: string | RegExp): LookedIn {
  const text = repo.text(file) ?? '';
  let re: RegExp;
  if (typeof key === 'string') {
    let compiled = keyPatterns.get(key);
    if (!compiled) keyPatterns.set(key, (compiled = new RegExp(`"${escapeRegExp(key)}"\\s*:`)));
    re = compiled;
  } else re = key;
  const m = re.exec(text);
  if (!m) return { file, line: 1, column: 1 };
  // The line is one more than the line endings before the match; the column counts from the last.
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < m.index; at = text.indexOf('\n', at + 1)) line++;
  return { file, line, column: m.index - (m.index > 0 ? text.lastIndexOf('\n', m.index - 1) : -1) };
}

export function recordKeys(value: unknown): string[] {
  return isRecord(value) ? Object.keys(value) : [];
}

export function get(value: unknown, ...keys: string[]): unknown {
  let cur = value;
  for (const key of keys) {
    if (!isRecord(cur)) return undefined;
    cur = cur[key];
  }
  return cur;
}

export interface ParsedArgs {
  positionals: ShellWord[];
  /** Flags in order, with their value word when the flag takes one. */
  flags: { name: string; value: ShellWord | null; word: ShellWord }[];
  /** Words after a bare `--`. */
  rest: ShellWord[];
}

/**
 * Generic option parsing: `--flag=value`, `--flag value` / `-f value` for flags in `valueFlags`,
 * everything else a boolean flag. Stops at `--`, and at the first positional when `stopAtPositional`.
 */
export function parseArgs(args: ShellWord[], valueFlags: ReadonlySet<string>, stopAtPositional = false): ParsedArgs {
  const out: ParsedArgs = { positionals: [], flags: [], rest: [] };
  for (let i = 0; i < args.length; i++) {
    const w = args[i];
    if (!w) continue;
    if (w.value === '--' && !w.dynamic) {
      out.rest = args.slice(i + 1);
      break;
    }
    if (w.value.startsWith('-') && w.value.length > 1 && !w.dynamic) {
      const eq = w.value.indexOf('=');
      if (w.value.startsWith('--') && eq > 0) {
        const offset = eq + 1;
        out.flags.push({ name: w.value.slice(0, eq), value: { ...w, value: w.value.slice(offset), start: w.start + offset }, word: w });
      } else if (valueFlags.has(w.value)) {
        out.flags.push({ name: w.value, value: args[i + 1] ?? null, word: w });
        i++;
      } else out.flags.push({ name: w.value, value: null, word: w });
      continue;
    }
    out.positionals.push(w);
    if (stopAtPositional) {
      out.rest = args.slice(i + 1);
      break;
    }
  }
  return out;
}

export function flagValues(parsed: ParsedArgs, ...names: string[]): ShellWord[] {
  return parsed.flags.filter((f) => names.includes(f.name) && f.value).map((f) => f.value as ShellWord);
}

export function hasFlag(parsed: ParsedArgs, ...names: string[]): boolean {
  return parsed.flags.some((f) => names.includes(f.name));
}

/**
 * A finding. `related` may be given as a function: it is then found when first read, since a
 * command is also resolved from every other directory that loads its file, and those findings are
 * only compared, never reported.
 */
export function finding(init: Omit<Finding, 'candidates' | 'related'> & { candidates?: Iterable<string>; related?: LookedIn | (() => LookedIn) }): Finding {
  const out = { ...init, candidates: [...(init.candidates ?? [])].sort() } as Finding;
  const related = init.related;
  if (typeof related === 'function') {
    let known: LookedIn | undefined;
    Object.defineProperty(out, 'related', { enumerable: true, configurable: true, get: () => (known ??= related()) });
  }
  return out;
}

/** A word a static check can reason about. */
export function literal(w: ShellWord | undefined): w is ShellWord {
  return !!w && !w.dynamic && w.value !== '';
}

export function listOf(value: unknown): string[] {
  return stringArray(value);
}
