import { defineRule, z, rustTrim, closest, plural, fallbackSources, CODEX_OVERRIDE, CODEX_DEFAULT } from '../src/kit/index.js';
import type { FallbackEntry, RepoIndex, DiscoveryView } from '../src/kit/index.js';

type Where = { name: string; index: number; source: string };

export default defineRule({
  id: 'no-unused-fallback',
  meta: {
    description: 'Disallow project_doc_fallback_filenames entries that Codex never uses',
    severity: 'warn',
    scope: 'repo',
    tags: ['discovery', 'codex', 'config'],
    fixable: false,
    messages: {
      empty: (d: Where) => `Fallback entry ${d.index} in ${d.source} is empty after trimming. Codex drops it. Remove it.`,
      duplicate: (d: Where & { of: string }) =>
        `Fallback "${d.name}" repeats ${d.of}, so it does nothing. It is entry ${d.index} in ${d.source}, and Codex probes each name once per directory. Remove it.`,
      containsSlash: (d: Where) =>
        `Fallback "${d.name}" contains "/", so the released Codex CLI ignores it. It is entry ${d.index} in ${d.source}; Codex CLI 0.171.0 ignores such names, although the source on main would probe the sub-path. Use a bare file name, or add an AGENTS.md that holds the instructions.`,
      noMatch: (d: Where & { suggestion: string | null }) =>
        `Fallback "${d.name}" matches no file in the repository${d.suggestion ? `; did you mean "${d.suggestion}"?` : '.'} It is entry ${d.index} in ${d.source}${
          d.suggestion ? ', and Codex compares names exactly on Linux' : ''
        }; Codex probes it in every directory for nothing. Fix the name or remove the entry.`,
      alwaysShadowed: (d: Where & { files: number; shadowedBy: string }) =>
        `Fallback "${d.name}" is never used: ${d.files === 1 ? 'its only file sits' : `each of its ${plural(d.files, 'file')} sits`} beside a higher-priority file. It is entry ${d.index} in ${d.source}, and Codex loads one file per directory (${d.shadowedBy}, for one, takes precedence). Merge those files into the file beside them, or remove the entry.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    for (const source of fallbackSources(repo, discovery.config)) {
      const file = source.file;
      if (file === null) continue;
      // Codex's candidate list: override, AGENTS.md, then fallbacks trimmed, non-empty, deduplicated
      // case-sensitively (codex-rs/core/src/config/mod.rs, candidate_filenames; docs/codex-discovery.md §2.2).
      const names = [CODEX_OVERRIDE, CODEX_DEFAULT];
      for (const entry of source.entries) {
        const name = rustTrim(entry.raw);
        const where = { file, loc: locOf(entry) };
        const base = { name, index: entry.index, source: source.label };
        if (name === '') {
          report({ messageId: 'empty', data: base, ...where });
          continue;
        }
        // Observed on 0.171.0 (docs/codex-discovery.md, Appendix): a name with "/" is silently ignored.
        if (name.includes('/')) {
          report({ messageId: 'containsSlash', data: base, ...where });
          continue;
        }
        const earlier = names.indexOf(name);
        if (earlier !== -1) {
          const of = earlier < 2 ? `the built-in ${name}` : `entry ${earlierIndex(source.entries, name, entry.index)}`;
          report({ messageId: 'duplicate', data: { ...base, of }, ...where });
          continue;
        }
        const before = [...names];
        names.push(name);
        const matches = repo.filesNamed(name).filter((f) => inScope(dirOf(f), source.scope));
        if (matches.length === 0) {
          const known = new Set(repo.instructionFiles().map((f) => f.path.slice(f.path.lastIndexOf('/') + 1)));
          known.delete(name);
          report({ messageId: 'noMatch', data: { ...base, suggestion: closest(name, known) ?? null }, ...where });
          continue;
        }
        const shadowers = matches.map((f) => shadowOf(repo, discovery, f, before));
        const first = shadowers[0];
        if (first && shadowers.every((s) => s !== null)) {
          const related = [{ file: matches[0] ?? first, line: 1, column: 1, message: `shadowed by ${first}` }];
          report({ messageId: 'alwaysShadowed', data: { ...base, files: matches.length, shadowedBy: first }, ...where, related });
        }
      }
    }
  },
});

/**
 * The file that keeps Codex from selecting `file` in its directory (a regular file under an earlier
 * candidate name, §2.1), or null when some simulated cwd loads it or nothing earlier is there. The
 * simulation's probes decide where a simulated cwd searched that directory, the file list elsewhere.
 */
function shadowOf(repo: RepoIndex, discovery: DiscoveryView, file: string, before: readonly string[]): string | null {
  if (discovery.loadsOf(file).length > 0) return null;
  const dir = dirOf(file);
  const searched = discovery.searched(dir);
  const shadow = before.find((b) => {
    const probe = searched?.candidates.find((c) => c.name === b);
    return probe ? probe.kind === 'file' : repo.has(dir ? `${dir}/${b}` : b);
  });
  return shadow === undefined ? null : dir ? `${dir}/${shadow}` : shadow;
}

function locOf(entry: FallbackEntry): { start: { line: number; column: number }; end?: { line: number; column: number } } {
  return entry.range ? { start: entry.range.start, end: entry.range.end } : { start: { line: 1, column: 1 } };
}

function earlierIndex(entries: readonly FallbackEntry[], name: string, before: number): number {
  return entries.find((e) => e.index < before && rustTrim(e.raw) === name)?.index ?? 0;
}

function dirOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

/** Directories a cwd under `scope` searches: its ancestors (root first) and everything below it. */
function inScope(dir: string, scope: string): boolean {
  if (scope === '' || dir === scope || dir.startsWith(`${scope}/`)) return true;
  return dir === '' || scope.startsWith(`${dir}/`);
}
