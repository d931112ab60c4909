import * as path from 'node:path';
import { dirsDown, followImports, hostFile, pathLike, readText, settingsOf, type ImportRef } from './common.js';
import type { HostFile, HostProfile, ImportProblem } from './types.js';

// Facts: docs/hosts.md §12: block/goose crates/goose/src/hints/load_hints.rs (index id 54204628959),
// import_files.rs (id 59148761210).
export const VERIFIED_ON = 'block/goose hints/load_hints.rs, import_files.rs (2026)';
/** `CONTEXT_FILE_NAMES` default; every listed name loads in every directory. */
export const DEFAULT_NAMES = ['.goosehints', 'AGENTS.md'];
/** `MAX_DEPTH 3`: a file reached at depth 3 is not expanded further. */
export const IMPORT_DEPTH = 3;

/** `(?:^|\s)@(<path with an extension> | <Capitalized word> | <anything with . or />)`; not code-aware. */
export function gooseImports(text: string): ImportRef[] {
  // Every reference holds an `@` (see claudeImports).
  if (!text.includes('@')) return [];
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(/(^|\s)@([a-zA-Z0-9_\-./]+(?:\.[a-zA-Z0-9]+)+|[A-Z][a-zA-Z0-9_-]*|[a-zA-Z0-9_\-./]*[./][a-zA-Z0-9_\-./]*)/g)) {
    const at = m.index + (m[1]?.length ?? 0);
    refs.push({ offset: at, endOffset: at + 1 + (m[2]?.length ?? 0), target: m[2] ?? '' });
  }
  return refs;
}

export const goose: HostProfile = {
  id: 'goose',
  name: 'Goose',
  verifiedOn: VERIFIED_ON,
  variants: ['default'],
  // SubdirectoryHintTracker loads a directory's hints when the agent works there.
  lazy: true,
  owns: (rel) => /(^|\/)\.goosehints$/.test(rel),
  ownsIndex: { names: ['.goosehints'], hiddenDirs: [] },
  // CONTEXT_FILE_NAMES comes from the environment or Goose's user config, not the repository.
  settings: (_env, _cwd, variant) => settingsOf(variant, { names: DEFAULT_NAMES }),
  simulate(env, cwd, settings, moment) {
    const names = (settings.values['names'] as string[] | undefined) ?? DEFAULT_NAMES;
    const files: HostFile[] = [];
    const problems: ImportProblem[] = [];
    const seen = new Set<string>();
    const blocks: string[] = [];
    const load = (abs: string, kind: HostFile['kind']): string | null => {
      if (seen.has(abs)) return null;
      const read = readText(env, abs);
      if (!read) return null;
      seen.add(abs);
      files.push(hostFile(abs, kind, read.bytes, read.text));
      // Imports must stay inside the git root; absolute paths are rejected; unresolved ones stay verbatim.
      const imported = followImports(env, { path: abs, text: read.text }, { find: gooseImports, maxDepth: IMPORT_DEPTH + 1, boundary: env.root, reportMissing: pathLike }, seen);
      problems.push(...imported.problems);
      let text = read.text;
      for (const imp of imported.files) {
        files.push(hostFile(imp.path, 'import', imp.bytes, imp.text, { via: imp.via }));
        const ref = path.relative(path.dirname(imp.via), imp.path);
        text = text.replace(`@${ref}`, `--- Content from ${ref} ---\n${imp.text}\n--- End of ${ref} ---`);
      }
      return text;
    };
    // Git root → cwd inclusive, each dir's names in list order.
    for (const dir of dirsDown(env.root, cwd)) for (const name of names) {
      const block = load(path.join(dir, name), 'project');
      if (block !== null) blocks.push(block);
    }
    if (moment !== 'session-start') for (const name of names) load(path.join(moment.afterReadingIn, name), 'nested');
    const text = blocks.length ? `\n\n### Project Hints\nThese are hints for working on the project in this directory.\n${blocks.join('\n')}` : null;
    return { host: 'goose', variant: settings.variant, cwd, moment, files, text, imports: problems, sizes: [], notes: [] };
  },
};
