import * as path from 'node:path';
import { codeRanges, dirsDown, hostFile, inRanges, isInside, jsTrim, readJson, readText, settingsOf, type ImportRef, type ImportSyntax } from './common.js';
import type { HostEnv, HostFile, HostProfile, HostSettings, HostSimulation, ImportProblem, Moment } from './types.js';

// Facts: docs/hosts.md §2, read in google-gemini/gemini-cli @ 5411f113 (v0.56/0.57 line, 2026-08-21)
// and the legacy code at 7504259d72^ for ≤ 0.43. The 'current' variant is checked against the real
// npm @google/gemini-cli 0.61.0 at session start by test/conformance/gemini-cli.test.ts (text byte
// for byte: ordering, trimming, imports, missing/outside/cycle/depth, .git boundary, context.fileName).
export const VERIFIED_ON = 'gemini-cli @ 5411f113 (0.56/0.57), session start verified against npm 0.61.0; legacy 7504259d72^';
/** `current` (≥ 0.44, JIT) or `legacy` (≤ 0.43, up and breadth-first down). */
export const VARIANTS = ['current', 'legacy'] as const;
/** `DEFAULT_CONTEXT_FILENAME` (memoryTool.ts l.11). */
export const DEFAULT_NAME = 'GEMINI.md';
/** `maxDepth: 5` (memoryImportProcessor.ts l.196): a file at depth 5 is inserted raw. */
export const IMPORT_DEPTH = 5;
/** `context.discoveryMaxDirs` default for the legacy down-scan (§2.4). */
export const LEGACY_MAX_DIRS = 200;

/** `findImports` (l.103–160): `@` at the start or after whitespace, path to the next whitespace, starting with `.`, `/` or a letter, outside backtick regions. */
export function geminiImports(text: string): ImportRef[] {
  // Every reference holds an `@` (see claudeImports).
  if (!text.includes('@')) return [];
  // Code ranges are found only once a reference needs them (most files hold no `@` at all).
  let code: [number, number][] | undefined;
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(/(^|[ \t\n\r])@([./A-Za-z]\S*)/g)) {
    const at = m.index + (m[1]?.length ?? 0);
    if (inRanges((code ??= codeRanges(text, 'backtick-regex')), at) || /^(https?|file):\/\//.test(m[2] ?? '')) continue;
    refs.push({ offset: at, endOffset: at + 1 + (m[2]?.length ?? 0), target: m[2] ?? '' });
  }
  return refs;
}

function names(settings: HostSettings): string[] {
  const configured = (settings.values['fileName'] as string[] | undefined) ?? [];
  // ≥ 0.44 appends GEMINI.md to the configured names; ≤ 0.43 the configured list replaced it (§2.2).
  const list = settings.variant === 'legacy' ? (configured.length ? configured : [DEFAULT_NAME]) : [...configured, DEFAULT_NAME];
  return [...new Set(list.map((n) => path.normalize(n.trim())).filter((n) => n !== '' && n !== '.'))];
}

export const geminiCli: HostProfile = {
  id: 'gemini-cli',
  name: 'Gemini CLI',
  verifiedOn: VERIFIED_ON,
  variants: VARIANTS,
  // ≥ 0.44: read_file, ls, write_file, edit trigger discoverJitContext (§2.3.4). Legacy loads all at start.
  lazy: true,
  owns: (rel) => /(^|\/)GEMINI\.md$/.test(rel) || /(^|\/)\.gemini\/settings\.json$/.test(rel),
  ownsIndex: { names: ['GEMINI.md'], hiddenDirs: ['.gemini'] },
  settings(env, cwd, variant) {
    // Workspace settings: `context.fileName` (string or array) and `context.memoryBoundaryMarkers`
    // (settingsSchema.ts ~l.1395), read from <cwd>/.gemini/settings.json only: `loadSettings(workspaceDir
    // = process.cwd())` → `new Storage(workspaceDir).getWorkspaceSettingsPath()` (cli/src/config/settings.ts,
    // core/src/config/storage.ts); no walk up to the project root. Verified on 0.61.0: with the settings at
    // the repository root and the CLI started in a subdirectory, only GEMINI.md is loaded.
    const abs = path.join(cwd, '.gemini', 'settings.json');
    const context = readJson(env, abs)?.['context'];
    const values: Record<string, unknown> = {};
    const origins: HostSettings['origins'] = {};
    if (typeof context === 'object' && context !== null) {
      const fileName = (context as Record<string, unknown>)['fileName'];
      const list = typeof fileName === 'string' ? [fileName] : Array.isArray(fileName) ? fileName.filter((v): v is string => typeof v === 'string') : null;
      if (list) {
        values['fileName'] = list;
        origins['fileName'] = { kind: 'file', path: abs };
      }
      const markers = (context as Record<string, unknown>)['memoryBoundaryMarkers'];
      if (Array.isArray(markers)) values['memoryBoundaryMarkers'] = markers.filter((v): v is string => typeof v === 'string');
    }
    return settingsOf(variant, values, origins);
  },
  simulate: simulateGemini,
};

/** `findProjectRoot`: first dir from `dir` up holding a marker (default `.git`), within the repository; else null. */
function projectRoot(env: HostEnv, dir: string, markers: readonly string[]): string | null {
  for (let d = dir; isInside(d, env.root); d = path.dirname(d)) {
    if (markers.some((m) => !path.isAbsolute(m) && !m.includes('..') && env.cache.probe(path.join(d, m)).kind !== 'missing')) return d;
    // The linted repository's root counts as the project root (it is where `.git` sits in a real repository).
    if (d === env.root) return d;
  }
  return null;
}

function simulateGemini(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment): HostSimulation {
  const list = names(settings);
  const markers = (settings.values['memoryBoundaryMarkers'] as string[] | undefined) ?? ['.git'];
  const ceiling = markers.length === 0 ? cwd : (projectRoot(env, cwd, markers) ?? cwd);
  const problems: ImportProblem[] = [];
  const notes: string[] = [];
  const found: string[] = [];
  if (settings.variant === 'legacy') {
    // Filename-major: for each name, ancestors root → cwd, then a breadth-first scan below cwd (§2.4).
    for (const name of list) {
      for (const d of dirsDown(ceiling, cwd)) if (readText(env, path.join(d, name))) found.push(path.join(d, name));
      found.push(...downScan(env, cwd, name));
    }
  } else {
    for (const d of dirsDown(ceiling, cwd)) for (const name of list) if (readText(env, path.join(d, name))) found.push(path.join(d, name));
    // `unique.sort()` over absolute paths (UTF-16 order), discarding the walk order (§2.5).
    found.sort();
  }
  const files: HostFile[] = [];
  const blocks: string[] = [];
  const seen = new Set<string>();
  const load = (abs: string, kind: HostFile['kind']): string | null => {
    if (seen.has(abs)) return null;
    seen.add(abs);
    const read = readText(env, abs);
    if (!read) return null;
    const body = jsTrim(expand(env, abs, read.text, projectRoot(env, path.dirname(abs), markers) ?? path.dirname(abs), 0, [abs], problems, files));
    if (body === '') {
      files.splice(files.length, 0, hostFile(abs, kind, read.bytes, '', { skipped: 'empty' }));
      return null;
    }
    const at = files.findIndex((f) => f.via === abs);
    files.splice(at === -1 ? files.length : at, 0, hostFile(abs, kind, read.bytes, body));
    return `--- Context from: ${abs} ---\n${body}\n--- End of Context from: ${abs} ---`;
  };
  for (const abs of [...new Set(found)]) {
    const block = load(abs, 'project');
    if (block) blocks.push(block);
  }
  let text = blocks.length ? blocks.join('\n\n') : null;
  if (moment !== 'session-start' && settings.variant !== 'legacy') {
    // JIT: from the touched dir up to the ceiling, new files appended to the tool result (§2.3.4).
    const jit: string[] = [];
    for (const d of dirsDown(ceiling, moment.afterReadingIn).reverse()) {
      for (const name of list) {
        const block = load(path.join(d, name), 'nested');
        if (block) jit.push(block);
      }
    }
    if (jit.length) {
      notes.push(`${jit.length} file(s) arrive in the tool result after reading in ${moment.afterReadingIn}.`);
      text = `${text ?? ''}\n\n--- Newly Discovered Project Context ---\n${jit.join('\n\n')}\n--- End Project Context ---`;
    }
  }
  return { host: 'gemini-cli', variant: settings.variant, cwd, moment, files, text, imports: problems, sizes: [], notes };
}

/** Inlines imports as Gemini's "tree" format does (§2.7), recording imported files and problems. */
function expand(env: HostEnv, file: string, text: string, boundary: string, depth: number, chain: string[], problems: ImportProblem[], files: HostFile[]): string {
  if (depth >= IMPORT_DEPTH) return text;
  const syntax: ImportSyntax = { find: geminiImports, maxDepth: Infinity, boundary, reportMissing: () => true };
  let out = '';
  let last = 0;
  for (const ref of syntax.find(text)) {
    const resolved = path.resolve(path.dirname(file), ref.target);
    out += text.slice(last, ref.offset);
    last = ref.endOffset;
    const fail = (kind: ImportProblem['kind'], message: string) => {
      problems.push({ file, offset: ref.offset, endOffset: ref.endOffset, target: ref.target, resolved, kind });
      out += kind === 'cycle' ? `<!-- File already processed: ${ref.target} -->` : `<!-- Import failed: ${ref.target} - ${message} -->`;
    };
    if (!isInside(resolved, boundary)) fail('outside', 'Path traversal attempt');
    else if (chain.includes(resolved)) fail('cycle', '');
    else {
      const read = readText(env, resolved);
      if (!read) fail('missing', `ENOENT: no such file or directory, access '${resolved}'`);
      else {
        if (depth + 1 >= IMPORT_DEPTH && geminiImports(read.text).length) problems.push({ file, offset: ref.offset, endOffset: ref.endOffset, target: ref.target, resolved, kind: 'depth', limit: IMPORT_DEPTH });
        files.push(hostFile(resolved, 'import', read.bytes, read.text, { via: file }));
        const inner = expand(env, resolved, read.text, boundary, depth + 1, [...chain, resolved], problems, files);
        out += `<!-- Imported from: ${ref.target} -->\n${inner}\n<!-- End of import from: ${ref.target} -->`;
      }
    }
  }
  return out + text.slice(last);
}

/** The legacy breadth-first scan below cwd: ≤ 200 dirs, `.git` skipped, results sorted (bfsFileSearch.ts). */
function downScan(env: HostEnv, cwd: string, name: string): string[] {
  const queue = [cwd];
  const hits: string[] = [];
  let scanned = 0;
  while (queue.length && scanned < LEGACY_MAX_DIRS) {
    const dir = queue.shift() as string;
    scanned++;
    let entries: { name: string; kind: string }[] = [];
    try {
      entries = env.cache.fs.list(dir);
    } catch {
      continue;
    }
    for (const e of entries.sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (e.kind === 'dir' && e.name !== '.git') queue.push(path.join(dir, e.name));
      else if (e.name === name && dir !== cwd && e.kind === 'file') hits.push(path.join(dir, e.name));
    }
  }
  return hits.sort();
}
