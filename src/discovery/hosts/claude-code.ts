import * as path from 'node:path';
import picomatch from 'picomatch';
import { codeRanges, dirsUpTo, filesUnder, followImports, frontMatter, hostFile, inRanges, isInside, jsTrim, pathLike, readJson, readText, settingsOf, type ImportRef, type ImportSyntax } from './common.js';
import type { HostEnv, HostFile, HostProfile, HostSettings, HostSimulation, ImportProblem, Moment, SizeFinding } from './types.js';
import { joinPath } from '../../repo/join.js';
import { parentDir } from '../parent-dir.js';

// Facts: docs/hosts.md §4, read in npm @anthropic-ai/claude-code-linux-x64@2.1.332 (BUILD_TIME
// 2026-11-24) and anthropics/claude-code mods/agents-md/README.md @ 42a37c29 / v2.1.277.
export const VERIFIED_ON = '@anthropic-ai/claude-code 2.1.332';

/** `instructionFiles` of the built-in agents-md plugin; default `claude-md-or-agents-md` (`Irn`, §4.5, from ≤ 2.1.277). */
export const VARIANTS = ['claude-md-or-agents-md', 'claude-md', 'claude-md-and-agents-md'] as const;

/** Files over 4 194 304 bytes are skipped whole (`oln`, §4.2). */
export const MAX_FILE_BYTES = 4 * 1024 * 1024;
/** Per-file warning `Wvt` = max(40 000, window × 0.05 × chars/token): 40 000 for a 200k window at 4 chars/token (§4.6). */
export const PER_FILE_CHARS = 40_000;
/** Total warning max(120 000, Wvt) over files not individually over the limit (§4.6). */
export const TOTAL_CHARS = 120_000;
/** `lfs = 5`: top file is depth 0, a file at depth ≥ 5 is not loaded (§4.3). */
export const IMPORT_DEPTH = 5;
/** Text allow-list for `@` imports (set `CQr`, §4.3; abridged to the common extensions). */
const TEXT_EXTENSIONS = new Set(['.md', '.txt', '.json', '.yaml', '.yml', '.toml', '.xml', '.csv', '.html', '.js', '.mjs', '.cjs', '.ts', '.tsx', '.jsx', '.py', '.rb', '.go', '.rs', '.java', '.kt', '.swift', '.c', '.h', '.cpp', '.hpp', '.cs', '.php', '.sh', '.bash', '.zsh', '.sql', '.css', '.scss', '.vue', '.svelte', '.lock', '.log', '.diff', '.patch', '.ini', '.cfg', '.conf', '.env', '.mdx', '.rst', '.adoc', '']);

const PREAMBLE = 'Codebase and user instructions are shown below. Be sure to adhere to these instructions. IMPORTANT: These instructions OVERRIDE any default behavior and you MUST follow them exactly as written.';
const KIND_SUFFIX: Record<string, string> = { project: ' (project instructions, checked into the codebase)', local: " (user's private project instructions, not checked in)" };

/** `/(?:^|\s)@((?:[^\s\\]|\\ )+)/g` outside code and codespan tokens, with the acceptance test of §4.3. */
export function claudeImports(text: string): ImportRef[] {
  // Every reference holds an `@`, which most files lack: one native scan for it spares the regular
  // expression's test at every position (its match starts with `(^|\s)`, which it cannot skip to).
  if (!text.includes('@')) return [];
  // Code ranges are found only once a reference needs them (most files hold no `@` at all).
  let code: [number, number][] | undefined;
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(/(^|\s)@((?:[^\s\\]|\\ )+)/g)) {
    const at = m.index + (m[1]?.length ?? 0);
    if (inRanges((code ??= codeRanges(text, 'markdown')), at)) continue;
    let target = (m[2] ?? '').replace(/\\ /g, ' ');
    const hash = target.indexOf('#');
    if (hash >= 0) target = target.slice(0, hash);
    const ok = target.startsWith('./') || target.startsWith('~/') || (target.startsWith('/') && target !== '/') || (!/^[@#%^&*()]/.test(target) && /^[A-Za-z0-9._-]/.test(target));
    if (ok && !target.startsWith('~/')) refs.push({ offset: at, endOffset: at + 1 + (m[2]?.length ?? 0), target });
  }
  return refs;
}

/**
 * HTML block comments are stripped before injection (`OHe`, via marked's html block tokens, which
 * include the line break after the comment); CRLF is normalised only then (§4.2). The line break is
 * confirmed by the conformance run against 2.1.332.
 */
/** The text as injected: comments stripped, then trimmed (once per file and run, through derivedOf). */
function injected(text: string): string {
  return jsTrim(stripComments(text));
}

function stripComments(text: string): string {
  if (!text.includes('<!--')) return text;
  return text.replace(/\r\n/g, '\n').replace(/^ {0,3}<!--[\s\S]*?-->[ \t]*(?:\n|$)/gm, '');
}

export const claudeCode: HostProfile = {
  id: 'claude-code',
  name: 'Claude Code',
  verifiedOn: VERIFIED_ON,
  variants: VARIANTS,
  // Subdirectory files load on Read, @-mention or IDE selection (`iVt`, §4.4).
  lazy: true,
  owns: (rel) => /(^|\/)(CLAUDE\.md|CLAUDE\.local\.md)$/.test(rel) || /(^|\/)\.claude\/(settings(\.local)?\.json|rules\/|CLAUDE\.md)/.test(rel),
  ownsIndex: { names: ['CLAUDE.md', 'CLAUDE.local.md'], hiddenDirs: ['.claude'] },
  settings(env, _cwd, variant): HostSettings {
    // The same for every cwd (read at the repository root): once per run and variant.
    const byVariant = env.cache.memoMap<HostSettings>(claudeSettings);
    let settings = byVariant.get(variant);
    if (!settings) byVariant.set(variant, (settings = claudeSettings(env, variant)));
    return settings;
  },
  simulate(env, cwd, settings, moment) {
    return simulateClaude(env, cwd, settings, moment);
  },
  simulateShared(env, cwd, settings) {
    return chainResult(env, cwd, settings, 'session-start', loudDirs(env, cwd)).sim;
  },
};

function claudeSettings(env: HostEnv, variant: string): HostSettings {
  // `claudeMdExcludes` from the project's .claude/settings.json and settings.local.json (§4.2). The
  // plugin's `instructionFiles` is never read from a project (README), so it comes from the flag.
  const excludes: string[] = [];
  const origins: HostSettings['origins'] = {};
  for (const name of ['settings.json', 'settings.local.json']) {
    const abs = path.join(env.root, '.claude', name);
    const value = readJson(env, abs)?.['claudeMdExcludes'];
    if (Array.isArray(value)) {
      excludes.push(...value.filter((v): v is string => typeof v === 'string'));
      origins['claudeMdExcludes'] = { kind: 'file', path: abs };
    }
  }
  return settingsOf(variant, { claudeMdExcludes: excludes }, origins);
}

/**
 * Whether a directory holds nothing Claude Code reads: no CLAUDE.md, CLAUDE.local.md or AGENTS.md it
 * could read and no `.claude` directory (rules, .claude/CLAUDE.md, .claude/AGENTS.md live there).
 * Asked once per directory per run (the probe cache memoises it; a cache that hides files shares the
 * answer for every directory holding no hidden file: it is derived from names directly inside it).
 */
function quietDir(env: HostEnv, dir: string): boolean {
  // Names the directory's listing proves absent are not looked up at all.
  const quiet = env.cache.localMemo<boolean>(quietDir, 'dir');
  let answer = quiet.get(dir);
  if (answer === undefined) {
    // Most directories hold none of the names at all: one test of the listing tells them.
    answer = env.cache.absentAllIn(dir, QUIET_OR_DOT_CLAUDE);
    // A loop, not every() with a closure: once per directory, in code this cold.
    if (!answer) {
      answer = true;
      for (let i = 0; i < QUIET_NAMES.length && answer; i++) answer = !readableIn(env, dir, QUIET_NAMES[i]!);
      answer &&= !hasDotClaude(env, dir);
    }
    quiet.set(dir, answer);
  }
  return answer;
}

const QUIET_NAMES = ['CLAUDE.md', 'CLAUDE.local.md', 'AGENTS.md'];
/** QUIET_NAMES and `.claude`: where none is present, nothing is readable and there is no `.claude` directory. */
const QUIET_OR_DOT_CLAUDE = [...QUIET_NAMES, '.claude'];

/**
 * Whether `dir/.claude` is a directory (symlinks followed). When it is not, nothing below it can be
 * read (the path does not resolve), so its files and rules are not probed one by one.
 */
function hasDotClaude(env: HostEnv, dir: string): boolean {
  return !env.cache.absentIn(dir, '.claude') && env.cache.probe(joinPath(dir, '.claude')).kind === 'dir';
}

/**
 * The directories from the repository root down to `dir` that are not quiet, root first: one array per
 * chain, shared by every directory below its last member (built from the parent's, once per directory).
 */
function loudDirs(env: HostEnv, dir: string): readonly string[] {
  const byDir = env.cache.memoMap<readonly string[]>(loudDirs);
  let dirs = byDir.get(dir);
  if (dirs === undefined) {
    const up = parentDir(dir);
    const parent = dir === env.root || up === dir ? null : loudDirs(env, up);
    dirs = quietDir(env, dir) ? (parent ?? []) : parent ? [...parent, dir] : [dir];
    byDir.set(dir, dirs);
  }
  return dirs;
}

const settingsKeys = new WeakMap<HostSettings, string>();

/** What of the settings the simulation reads, as a key (once per settings object). */
function settingsKey(settings: HostSettings): string {
  let key = settingsKeys.get(settings);
  if (key === undefined) {
    const excludes = (settings.values['claudeMdExcludes'] as string[] | undefined) ?? [];
    key = `${settings.variant}\u0001${settings.values['externalIncludesApproved'] === true ? 1 : 0}\u0001${JSON.stringify(excludes)}`;
    settingsKeys.set(settings, key);
  }
  return key;
}

/** A simulation computed for one chain of directories, and the approval answers it rests on. */
interface ChainResult {
  /** Paths tested against the approval boundary (the cwd), with their answers. */
  checks: string[];
  answers: boolean[];
  sim: HostSimulation;
  /** Whether a CLAUDE-family file is on the path (the AGENTS.md fallback is then off), and how many AGENTS.md files that leaves unread. */
  ownClaude: boolean;
  ignored: number;
  /** At session start in the default mode without a CLAUDE-family file on the path: what was loaded, for continuedChain. */
  state: LoadState | null;
}

/**
 * What Claude Code loads depends on the cwd only through the directories on the way that hold its
 * files (quiet ones contribute nothing) and through which imports fall inside the cwd (the approval
 * boundary). Most cwds of a monorepo share both with many others (every package without files of its
 * own), so the result is computed once per chain and reused wherever each recorded approval test
 * answers the same.
 */
function simulateClaude(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment): HostSimulation {
  const { sim } = chainResult(env, cwd, settings, moment, loudDirs(env, cwd));
  return sim.cwd === cwd && sim.moment === moment ? sim : { ...sim, cwd, moment };
}

function chainResult(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment, dirs: readonly string[]): ChainResult {
  const nested = moment === 'session-start' ? null : dirsUpTo(moment.afterReadingIn, cwd).reverse().filter((d) => !quietDir(env, d));
  // The list of directories is one array per chain (loudDirs shares it): it keys the results.
  const key = settingsKey(settings);
  const memo = env.cache.memoMap<Map<readonly string[], Map<string, ChainResult[]>>>(simulateClaude);
  let byDirs = memo.get(key);
  if (!byDirs) memo.set(key, (byDirs = new Map()));
  let byNested = byDirs.get(dirs);
  if (!byNested) byDirs.set(dirs, (byNested = new Map()));
  const nestedKey = nested === null ? '' : `\u0001${nested.join('\0')}`;
  let results = byNested.get(nestedKey);
  if (!results) byNested.set(nestedKey, (results = []));
  for (let k = 0; k < results.length; k++) {
    const r = results[k]!;
    let same = true;
    for (let i = 0; i < r.checks.length && same; i++) same = isInside(r.checks[i]!, cwd) === r.answers[i];
    if (same) return r;
  }
  let result = nested === null ? continuedChain(env, cwd, settings, moment, dirs) : null;
  if (!result) {
    const checks: string[] = [];
    const answers: boolean[] = [];
    const chain = simulateChain(env, cwd, settings, moment, dirs, nested, (p, inside) => {
      checks.push(p);
      answers.push(inside);
    });
    result = { checks, answers, ...chain };
  }
  results.push(result);
  return result;
}

/**
 * A chain whose last directory holds an AGENTS.md and nothing else Claude Code reads, in the default
 * mode, follows from the chain without that directory. Below a CLAUDE-family file that AGENTS.md is
 * not read (the fallback is off): the shorter chain's result stands, and only the count of unread
 * AGENTS.md files in the note grows. Without one, the fallback reads the AGENTS.md files root first,
 * so the shorter chain's loads are followed by this one's. A monorepo's packages with an AGENTS.md
 * of their own are thousands of such chains: each goes on from the shorter one instead of being
 * simulated again. Null when neither applies.
 */
function continuedChain(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment, dirs: readonly string[]): ChainResult | null {
  if (settings.variant !== 'claude-md-or-agents-md' || dirs.length < 2) return null;
  const last = dirs[dirs.length - 1]!;
  if (!agentsOnly(env, last)) return null;
  // loudDirs(last) is loudDirs(parent of last) plus last: the shorter chain's own array.
  const parent = chainResult(env, cwd, settings, moment, loudDirs(env, parentDir(last)));
  if (parent.ownClaude) {
    const ignored = parent.ignored + 1;
    return { checks: parent.checks, answers: parent.answers, ownClaude: true, ignored, state: null, sim: { ...parent.sim, cwd, moment, notes: [ignoredNote(ignored)] } };
  }
  if (!parent.state) return null;
  // The parent's approval answers hold for this cwd (its result was chosen by them); the file added
  // here records its own.
  const checks = parent.checks.slice();
  const answers = parent.answers.slice();
  const state: LoadState = { files: parent.state.files.slice(), problems: parent.state.problems.slice(), seen: new Set(parent.state.seen) };
  const add = loader(env, cwd, settings, state, (p, inside) => {
    checks.push(p);
    answers.push(inside);
  });
  // agentsOnly: no `.claude` directory here, so no .claude/AGENTS.md either.
  add(joinPath(last, 'AGENTS.md'), 'project', AS_AGENTS);
  return { checks, answers, ownClaude: false, ignored: 0, state, sim: finishChain(state.files, state.problems, [], cwd, moment, settings.variant) };
}

/** Whether the directory holds a readable AGENTS.md and no other file Claude Code reads (no CLAUDE.md, CLAUDE.local.md or `.claude`). */
function agentsOnly(env: HostEnv, dir: string): boolean {
  // Looked up without a closure per call (once per chain, in cold code).
  // Derived from names directly inside the directory (see Locality).
  const memo = env.cache.localMemo<boolean>(agentsOnly, 'dir');
  let answer = memo.get(dir);
  if (answer === undefined) {
    answer = !hasDotClaude(env, dir) && !readableIn(env, dir, 'CLAUDE.md') && !readableIn(env, dir, 'CLAUDE.local.md') && readableIn(env, dir, 'AGENTS.md');
    memo.set(dir, answer);
  }
  return answer;
}

/** Whether `dir/name` is a file Claude Code can read (a name the listing proves absent is not looked up). */
function readableIn(env: HostEnv, dir: string, name: string): boolean {
  return !env.cache.absentIn(dir, name) && readText(env, joinPath(dir, name)) !== null;
}

/** The note for AGENTS.md files on the path that the fallback leaves unread. */
function ignoredNote(count: number): string {
  // One string per count: thousands of chains carry the same note.
  let note = ignoredNotes[count];
  if (note === undefined) ignoredNotes[count] = note = `AGENTS.md not read (${count} on the path): a CLAUDE-family file is on the path, so the agents-md fallback stays off.`;
  return note;
}

const ignoredNotes: string[] = [];

/** What a chain has loaded so far: the files in order, their import problems, and every path taken. */
interface LoadState {
  files: HostFile[];
  problems: ImportProblem[];
  seen: Set<string>;
}

/** How a file is loaded: as a nested file (cut at the per-file limit), as an AGENTS.md (dropped when it repeats a loaded text). */
interface LoadOptions {
  nested?: boolean;
  agents?: boolean;
}

// One object each, not a literal per file loaded (thousands of chains load an AGENTS.md).
const PLAIN: LoadOptions = {};
const AS_AGENTS: LoadOptions = { agents: true };

/** The step that loads one file into `state`, with what it imports (false when nothing of it is shown). */
function loader(
  env: HostEnv,
  cwd: string,
  settings: HostSettings,
  state: LoadState,
  onApprovalCheck: (resolved: string, inside: boolean) => void,
): (abs: string, kind: HostFile['kind'], opts?: LoadOptions) => boolean {
  const { files, problems, seen } = state;
  const excludes = (settings.values['claudeMdExcludes'] as string[] | undefined) ?? [];
  const excluded = excludes.length ? picomatch(excludes, { dot: true }) : null;
  // Imports outside the session's cwd load only after the external-includes approval
  // (`hasClaudeMdExternalIncludesApproved`, §4.3), which `claude -p` never asks for: the conformance
  // run against 2.1.332 confirms that a root CLAUDE.md's `@AGENTS.md` is not loaded from a package
  // cwd. The default simulation is the unapproved one (`externalIncludesApproved: true` lifts it).
  const approved = settings.values['externalIncludesApproved'] === true;
  // Two literals rather than one with a conditional spread: a loader is made per chain (thousands),
  // and followImports only reads these fields.
  const syntax: ImportSyntax = approved
    ? { find: claudeImports, maxDepth: IMPORT_DEPTH, boundary: env.root, reportMissing: pathLike, extensions: TEXT_EXTENSIONS }
    : { find: claudeImports, maxDepth: IMPORT_DEPTH, boundary: env.root, approvalBoundary: cwd, onApprovalCheck, reportMissing: pathLike, extensions: TEXT_EXTENSIONS };

  return (abs, kind, opts = PLAIN) => {
    if (seen.has(abs)) return false;
    const read = readText(env, abs);
    if (!read) return false;
    seen.add(abs);
    if (excluded && (excluded(abs) || excluded(path.relative(env.root, abs).split(path.sep).join('/')))) {
      files.push(hostFile(abs, kind, read.bytes, '', { skipped: 'excluded' }));
      return false;
    }
    if (read.bytes > MAX_FILE_BYTES) {
      files.push(hostFile(abs, kind, read.bytes, '', { skipped: 'too-large' }));
      return false;
    }
    let text = env.cache.derivedOf(injected, abs, read.text);
    if (text === '') {
      files.push(hostFile(abs, kind, read.bytes, '', { skipped: 'empty' }));
      return false;
    }
    // The plugin drops an AGENTS.md whose trimmed text equals a loaded file's (`Dcr`, §4.5).
    if (opts.agents && repeatsLoaded(files, text)) {
      files.push(hostFile(abs, kind, read.bytes, '', { skipped: 'duplicate' }));
      return false;
    }
    let cut: HostFile['cut'];
    if (opts.nested && text.length > PER_FILE_CHARS) {
      // Nested files over the per-file limit are cut at the last "\n" before it (`v5o`, §4.4).
      const at = text.lastIndexOf('\n', PER_FILE_CHARS);
      const offset = at > 0 ? at : PER_FILE_CHARS;
      cut = { offset, limit: PER_FILE_CHARS, of: text.length, reason: 'Claude Code cuts a nested instruction file at its per-file limit' };
      text = `${text.slice(0, offset)}\n\n> Only the start of this file is shown. For the rest, call Read on ${abs} with offset=${offset} and a limit.`;
    }
    files.push(hostFile(abs, opts.nested ? 'nested' : kind, read.bytes, text, cut ? { cut } : undefined));
    const imported = followImports(env, { path: abs, text: read.text }, syntax, seen);
    problems.push(...imported.problems);
    for (let i = 0; i < imported.files.length; i++) {
      const imp = imported.files[i]!;
      files.push(hostFile(imp.path, 'import', imp.bytes, env.cache.derivedOf(injected, imp.path, imp.text), { via: imp.via }));
    }
    return true;
  };
}

/** Whether a file shown so far has exactly this text (a loop, not some() with a closure: once per file loaded, in cold code). */
function repeatsLoaded(files: readonly HostFile[], text: string): boolean {
  for (let i = 0; i < files.length; i++) if (!files[i]!.skipped && files[i]!.text === text) return true;
  return false;
}

function simulateChain(
  env: HostEnv,
  cwd: string,
  settings: HostSettings,
  moment: Moment,
  dirs: readonly string[],
  nested: readonly string[] | null,
  onApprovalCheck: (resolved: string, inside: boolean) => void,
): { sim: HostSimulation; ownClaude: boolean; ignored: number; state: LoadState | null } {
  const mode = settings.variant;
  const state: LoadState = { files: [], problems: [], seen: new Set<string>() };
  const { files, problems } = state;
  const notes: string[] = [];
  const add = loader(env, cwd, settings, state, onApprovalCheck);

  const ruleFiles = (dir: string) =>
    !hasDotClaude(env, dir) ? [] : filesUnder(env, joinPath(dir, '.claude/rules'), (r) => r.endsWith('.md')).filter((abs) => {
      const t = readText(env, abs);
      // Rules with `paths:` front matter are conditional and not loaded at start (§4.2, §4.4).
      return !(t && frontMatter(t.text)?.data['paths'] !== undefined);
    });

  // Session start: per directory root → cwd (the filesystem root is never read; §4.1). Directories
  // holding none of the host's files (most of a monorepo) are left out: every step below would find
  // nothing in them.
  // A name the directory's listing proves absent would read nothing: not asked for (no path built).
  const may = (dir: string, name: string) => !env.cache.absentIn(dir, name);
  for (const dir of dirs) {
    const dotClaude = hasDotClaude(env, dir);
    if (may(dir, 'CLAUDE.md')) add(joinPath(dir, 'CLAUDE.md'), 'project');
    if (dotClaude) add(joinPath(dir, '.claude/CLAUDE.md'), 'project');
    for (const rule of ruleFiles(dir)) add(rule, 'rule');
    if (may(dir, 'CLAUDE.local.md')) add(joinPath(dir, 'CLAUDE.local.md'), 'local');
    if (mode === 'claude-md-and-agents-md') {
      if (may(dir, 'AGENTS.md')) add(joinPath(dir, 'AGENTS.md'), 'project', AS_AGENTS);
      if (dotClaude) add(joinPath(dir, '.claude/AGENTS.md'), 'project', AS_AGENTS);
    }
  }
  // The fallback: only when no CLAUDE.md / .claude/CLAUDE.md / CLAUDE.local.md sits on the path (`zts`, `Prn`).
  const ownClaude = dirs.some((d) => ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md'].some((n) => (n === '.claude/CLAUDE.md' ? hasDotClaude(env, d) : may(d, n)) && readText(env, joinPath(d, n)) !== null));
  let ignored = 0;
  if (mode === 'claude-md-or-agents-md') {
    if (ownClaude) {
      ignored = dirs.filter((d) => may(d, 'AGENTS.md')).map((d) => joinPath(d, 'AGENTS.md')).filter((p) => readText(env, p)).length;
      if (ignored) notes.push(ignoredNote(ignored));
    } else {
      for (const dir of dirs) {
        if (may(dir, 'AGENTS.md')) add(joinPath(dir, 'AGENTS.md'), 'project', AS_AGENTS);
        if (hasDotClaude(env, dir)) add(joinPath(dir, '.claude/AGENTS.md'), 'project', AS_AGENTS);
      }
    }
  }

  if (moment !== 'session-start') {
    // Nested dirs from the read file's dir up to, not including, cwd (`iVt`, §4.4).
    for (const dir of nested ?? []) {
      add(joinPath(dir, 'CLAUDE.md'), 'nested', { nested: true });
      if (hasDotClaude(env, dir)) add(joinPath(dir, '.claude/CLAUDE.md'), 'nested', { nested: true });
      add(joinPath(dir, 'CLAUDE.local.md'), 'nested', { nested: true });
      for (const rule of ruleFiles(dir)) add(rule, 'nested', { nested: true });
      // Opt-in mode only: a nested AGENTS.md unless a CLAUDE.md in the same dir claims it (§4.5).
      if (mode === 'claude-md-and-agents-md' && !readText(env, joinPath(dir, 'CLAUDE.md'))) add(joinPath(dir, 'AGENTS.md'), 'nested', { agents: true });
    }
  }

  // At session start the state is final here: a longer chain may go on from it (continuedChain).
  const keep = nested === null && mode === 'claude-md-or-agents-md' && !ownClaude ? state : null;
  return { sim: finishChain(files, problems, notes, cwd, moment, mode), ownClaude, ignored, state: keep };
}

/** The simulation for what a chain loaded: the size findings and the model-visible text. */
function finishChain(files: HostFile[], problems: ImportProblem[], notes: string[], cwd: string, moment: Moment, mode: string): HostSimulation {
  const sizes: SizeFinding[] = [];
  let total = 0;
  let counted = 0;
  // Indexed loops: once per chain (a thousand on a large monorepo), in code this cold.
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (f.skipped === 'too-large') sizes.push({ file: f.path, size: f.bytes, limit: MAX_FILE_BYTES, unit: 'bytes', effect: 'skipped', who: 'Claude Code' });
    if (f.skipped || f.kind === 'nested') continue;
    if (f.text.length > PER_FILE_CHARS) sizes.push({ file: f.path, size: f.text.length, limit: PER_FILE_CHARS, unit: 'chars', effect: 'warning', who: 'Claude Code' });
    else {
      total += f.text.length;
      counted++;
    }
  }
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (f.cut) sizes.push({ file: f.path, size: f.cut.of ?? f.bytes, limit: PER_FILE_CHARS, unit: 'chars', effect: 'cut', who: 'Claude Code', offset: f.cut.offset });
  }
  if (total > TOTAL_CHARS && counted > 1) sizes.push({ file: null, size: total, limit: TOTAL_CHARS, unit: 'chars', effect: 'warning', who: 'Claude Code' });

  // Concatenated rather than joined: the same string, without copying every file's text per chain.
  let text: string | null = null;
  for (let i = 0; i < files.length; i++) {
    const f = files[i]!;
    if (f.skipped || f.kind === 'nested') continue;
    text = `${text ?? PREAMBLE}\n\nContents of ${f.path}${KIND_SUFFIX[f.kind === 'local' ? 'local' : 'project']}:\n\n${f.text}`;
  }
  return { host: 'claude-code', variant: mode, cwd, moment, files, text, imports: problems, sizes, notes };
}
