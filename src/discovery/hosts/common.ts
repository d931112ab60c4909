import * as path from 'node:path';
import picomatch from 'picomatch';
import { parse as parseYaml } from 'yaml';
import { isInside } from '../../util/inside.js';
import type { HostEnv, HostFile, HostFileKind, HostSettings, HostSettingOrigin, ImportProblem, Moment } from './types.js';

/** Directories from `top` down to `cwd`, inclusive (`cwd` must be `top` or below it). */
export function dirsDown(top: string, cwd: string): string[] {
  const dirs: string[] = [];
  for (let d = cwd; ; d = path.dirname(d)) {
    dirs.push(d);
    if (d === top || path.dirname(d) === d) break;
  }
  return dirs.reverse();
}

/** Directories strictly between `stop` (excluded) and `from` (included), nearest first. */
export function dirsUpTo(from: string, stop: string): string[] {
  const dirs: string[] = [];
  for (let d = from; d !== stop && isInside(d, stop); d = path.dirname(d)) dirs.push(d);
  return dirs;
}

export { isInside };

export function isFile(env: HostEnv, abs: string): boolean {
  return env.cache.probe(abs).kind === 'file';
}

/** The whole file decoded as UTF-8 (every inspected host decodes UTF-8: docs/hosts.md §14.7), or null. */
export function readText(env: HostEnv, abs: string): { text: string; bytes: number } | null {
  // Once per path and run (hosts ask for the same files from every cwd). Derived from the path's own
  // probe and read: a cache that hides files shares the answer for every path it does not hide.
  const texts = env.cache.localMemo<{ text: string; bytes: number } | null>(readText, 'path');
  let found = texts.get(abs);
  if (found === undefined) texts.set(abs, (found = readTextUncached(env, abs)));
  return found;
}

/**
 * The most of one file a host simulation reads: one byte over Claude Code's 4 MiB, past which it
 * skips a file whole (claude-code.ts, MAX_FILE_BYTES), more than any host loads. The size reported
 * is the file's own, from its probe, so a 1 GB CLAUDE.md is "too large" without being read.
 */
const HOST_READ_BYTES = 4 * 1024 * 1024 + 1;

function readTextUncached(env: HostEnv, abs: string): { text: string; bytes: number } | null {
  const probe = env.cache.probe(abs);
  if (probe.kind !== 'file') return null;
  const read = env.cache.read(abs, Math.min(probe.size ?? HOST_READ_BYTES, HOST_READ_BYTES));
  if ('error' in read) return null;
  return { text: env.cache.decoded(abs, read.bytes), bytes: probe.size ?? read.bytes.length };
}

/** A loaded-file record; the text is what the host keeps. */
export function hostFile(abs: string, kind: HostFileKind, bytes: number, text: string, extra?: Partial<HostFile>): HostFile {
  // Without extras, a plain literal: the same record (same keys, same order) without the spread's
  // runtime call (thousands of records per run, in V8's baseline tier).
  return extra === undefined ? { path: abs, kind, bytes, text } : { path: abs, kind, bytes, text, ...extra };
}

/** Repository files (absolute) under `dir` whose path relative to `dir` matches `test`, sorted. */
export function filesUnder(env: HostEnv, dir: string, test: (relToDir: string) => boolean): string[] {
  // Rule directories are rare: a cached probe spares a scan of the file list for every directory.
  if (env.cache.probe(dir).kind !== 'dir') return [];
  const relDir = path.relative(env.root, dir).split(path.sep).join('/');
  const prefix = relDir === '' ? '' : `${relDir}/`;
  return env.files
    .filter((f) => f.startsWith(prefix) && test(f.slice(prefix.length)))
    .sort()
    .map((f) => path.join(env.root, f));
}

/** YAML front matter (`---\n…\n---`), as every host with front matter reads it; null when none or invalid. */
export function frontMatter(text: string): { data: Record<string, unknown>; bodyOffset: number } | null {
  const m = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/.exec(text);
  if (!m) return null;
  try {
    const data = parseYaml(m[1] ?? '') as unknown;
    return { data: typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {}, bodyOffset: m[0].length };
  } catch {
    return null;
  }
}

/** A comma-separated string or a list of globs (Cursor `globs`, Copilot `applyTo`, Amp `globs`). */
export function globList(value: unknown): string[] {
  if (typeof value === 'string') return value.split(',').map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === 'string').map((s) => s.trim()).filter(Boolean);
  return [];
}

/** Whether a repo-relative path matches one of the globs; `**∕` is prepended to bare patterns (VS Code, Amp). */
export function globMatches(globs: readonly string[], rel: string, opts: { prefixAny?: boolean; nocase?: boolean } = {}): boolean {
  return globs.some((g) => {
    const pattern = opts.prefixAny && !g.startsWith('/') && !g.startsWith('**/') ? `**/${g}` : g.replace(/^\//, '');
    return picomatch(pattern, { dot: true, nocase: opts.nocase ?? false })(rel);
  });
}

/** The repo-relative path the moment's read file stands for (a file inside `dir`). */
export function momentProbe(env: HostEnv, moment: Moment): string | null {
  if (moment === 'session-start') return null;
  return path.relative(env.root, path.join(moment.afterReadingIn, '__read__')).split(path.sep).join('/');
}

export function settingsOf(variant: string, values: Record<string, unknown> = {}, origins: Record<string, HostSettingOrigin> = {}): HostSettings {
  return { variant, values, origins };
}

/** A JSON settings file in the repository, or null (unparsable files count as absent, like the hosts' own defaults). */
export function readJson(env: HostEnv, abs: string): Record<string, unknown> | null {
  const t = readText(env, abs);
  if (!t) return null;
  try {
    // JSONC: hosts accept comments in their settings files.
    const value = JSON.parse(t.text.replace(/^\uFEFF/, '').replace(/\/\*[\s\S]*?\*\/|(^|[^:"\\])\/\/.*$/gm, '$1')) as unknown;
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** UTF-16 ranges of code (fences, indented blocks, inline spans) that import scanners skip. */
export function codeRanges(text: string, style: 'backtick-regex' | 'markdown'): [number, number][] {
  const ranges: [number, number][] = [];
  if (style === 'backtick-regex') {
    // Gemini CLI findCodeRegions: /(`+)([\s\S]*?)\1/g (memoryImportProcessor.ts l.167).
    for (const m of text.matchAll(/(`+)([\s\S]*?)\1/g)) ranges.push([m.index, m.index + m[0].length]);
    return ranges;
  }
  // Claude Code (marked lexer code/codespan tokens) and Amp (fences, inline code, indented blocks).
  let offset = 0;
  let fence: { start: number; marker: string } | null = null;
  for (const line of text.split('\n')) {
    const f = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (f && f[1]?.[0] === fence.marker[0] && (f[1]?.length ?? 0) >= fence.marker.length) {
        ranges.push([fence.start, offset + line.length]);
        fence = null;
      }
    } else if (f) fence = { start: offset, marker: f[1] ?? '```' };
    else if (/^( {4}|\t)/.test(line)) ranges.push([offset, offset + line.length]);
    else for (const m of line.matchAll(/(`+)(?:(?!\1)[\s\S])*?\1/g)) ranges.push([offset + m.index, offset + m.index + m[0].length]);
    offset += line.length + 1;
  }
  if (fence) ranges.push([fence.start, text.length]);
  return ranges;
}

export function inRanges(ranges: readonly [number, number][], offset: number): boolean {
  return ranges.some(([s, e]) => offset >= s && offset < e);
}

export interface ImportRef {
  /** Offsets of the whole `@path` token. */
  offset: number;
  endOffset: number;
  target: string;
}

export interface ImportSyntax {
  find(text: string): ImportRef[];
  /** Files at this depth (top file = 0) are not expanded or loaded; Infinity for none. */
  maxDepth: number;
  /** Imports must resolve inside this directory. */
  boundary: string;
  /** Imports outside this directory (but inside `boundary`) wait for the user's approval: not loaded. */
  approvalBoundary?: string;
  /** Told every answer of the approval test (a caller reusing the result for another boundary checks them). */
  onApprovalCheck?(resolved: string, inside: boolean): void;
  /** Reference shapes that only count as a broken import when they look like a path. */
  reportMissing(target: string): boolean;
  /** Extensions allowed (Claude Code's text allow-list), or null for any. */
  extensions?: ReadonlySet<string> | null;
}

export interface ExpandedImport {
  path: string;
  via: string;
  depth: number;
  text: string;
  bytes: number;
}

/**
 * Follows `@path` imports depth-first from a loaded file, each resolved from the importing file's
 * directory. Returns the files in load order (each right after its importer, as Claude Code and Amp
 * place them) and the problems, each with the position of its reference.
 */
export function followImports(env: HostEnv, top: { path: string; text: string }, syntax: ImportSyntax, seen: Set<string>): { files: ExpandedImport[]; problems: ImportProblem[] } {
  const files: ExpandedImport[] = [];
  const problems: ImportProblem[] = [];
  const walk = (file: { path: string; text: string }, depth: number, chain: string[]) => {
    const refs = env.cache.derivedOf(syntax.find, file.path, file.text);
    // An indexed loop: once per file loaded (mostly with no reference at all), in cold code.
    for (let r = 0; r < refs.length; r++) {
      const ref = refs[r]!;
      const resolved = path.resolve(path.dirname(file.path), ref.target);
      const problem = (kind: ImportProblem['kind'], limit?: number) =>
        problems.push({ file: file.path, offset: ref.offset, endOffset: ref.endOffset, target: ref.target, resolved, kind, ...(limit !== undefined ? { limit } : {}) });
      if (!isInside(resolved, syntax.boundary)) {
        // "Mock data comes from @/mocks": a TypeScript path alias in prose, which Claude Code's test
        // accepts as the absolute path /mocks. When nothing is there, nothing is loaded, approved or
        // not, on any machine set up like this one: no import to report. An absolute target with an
        // extension (`@/Users/me/notes.md`) may exist on its author's machine only: still reported.
        if (path.isAbsolute(ref.target) && path.extname(ref.target) === '' && !readText(env, resolved)) continue;
        problem('outside');
        continue;
      }
      const approvalInside = syntax.approvalBoundary === undefined || isInside(resolved, syntax.approvalBoundary);
      if (syntax.approvalBoundary !== undefined) syntax.onApprovalCheck?.(resolved, approvalInside);
      if (!approvalInside) {
        if (readText(env, resolved)) problem('approval');
        else if (syntax.reportMissing(ref.target)) problem('missing');
        continue;
      }
      if (chain.includes(resolved)) {
        problem('cycle');
        continue;
      }
      const read = readText(env, resolved);
      if (!read) {
        if (syntax.reportMissing(ref.target)) problem('missing');
        continue;
      }
      if (syntax.extensions && !syntax.extensions.has(path.extname(resolved).toLowerCase())) {
        problem('non-text');
        continue;
      }
      if (depth + 1 >= syntax.maxDepth) {
        problem('depth', syntax.maxDepth);
        continue;
      }
      if (seen.has(resolved)) continue;
      seen.add(resolved);
      files.push({ path: resolved, via: file.path, depth: depth + 1, text: read.text, bytes: read.bytes });
      walk({ path: resolved, text: read.text }, depth + 1, [...chain, resolved]);
    }
  };
  walk(top, 0, [top.path]);
  return { files, problems };
}

/** Whether a reference target looks like a file path (a bare `@name` is usually a person, a tool or a package). */
export function pathLike(target: string): boolean {
  // `@acme/db` (an npm scope) is not a file reference; `@docs/style.md` and `@./x` are.
  return /^\.{0,2}\//.test(target) || /\.[A-Za-z0-9]+$/.test(target);
}

/** JavaScript's `String.prototype.trim` (drops U+FEFF; Gemini CLI, Claude Code, Amp trim this way). */
export function jsTrim(text: string): string {
  return text.trim();
}
