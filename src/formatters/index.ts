import type { Diagnostic } from '../util/diagnostic.js';
import { formatJson, jsonFileChunks } from './json.js';
import { formatStylish, stylishChunks } from './stylish.js';
import { formatSarif, type RuleInfo } from './sarif.js';
import { formatGithub } from './github.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';

export { formatJson, toEslintResults } from './json.js';
export { formatStylish } from './stylish.js';
export { formatSarif, type RuleInfo } from './sarif.js';
export { formatGithub, escapeData, escapeProperty } from './github.js';
export { formatJunit } from './junit.js';
export { formatMarkdown } from './markdown.js';

export const FORMATS = ['stylish', 'json', 'sarif', 'github', 'junit', 'markdown'] as const;
export type FormatName = (typeof FORMATS)[number];

export interface FormatContext {
  /** Absolute repository root. */
  root: string;
  /** Where the user stands (stylish paths) and what GitHub paths are relative to. */
  cwd: string;
  /** Directory GitHub annotation paths are relative to ($GITHUB_WORKSPACE); default cwd. */
  workspace?: string;
  /** Enabled rules. */
  rules: readonly RuleInfo[];
  /** Instruction files the run checked. */
  files: readonly string[];
  version: string;
  color: boolean;
  /** File text for stylish code frames, or undefined for none. */
  source?: (file: string) => string | undefined;
  /** Stylish: each finding's fix, related locations and code frame under it (--verbose). */
  verbose?: boolean;
}

/**
 * formatResults of the concatenated lists, in pieces, from findings read one file at a time (each
 * list one file's, files in order: LintRun.byFile()). JSON, stylish and GitHub annotations are
 * written file by file; SARIF, JUnit and Markdown open with totals, so they take every list first.
 */
export function* formatFileLists(format: FormatName, lists: Iterable<readonly Diagnostic[]>, ctx: FormatContext): Generator<string> {
  if (format === 'json') yield* jsonFileChunks(lists, ctx.root);
  else if (format === 'stylish') yield* stylishChunks(lists, { color: ctx.color, root: ctx.root, cwd: ctx.cwd, source: ctx.source, verbose: ctx.verbose });
  else if (format === 'github') {
    for (const list of lists) yield formatGithub(list, { root: ctx.root, base: ctx.workspace ?? ctx.cwd });
  } else {
    const all: Diagnostic[] = [];
    for (const list of lists) for (const d of list) all.push(d);
    yield formatResults(format, all, ctx);
  }
}

/** One entry point for every output format: each formatter is a pure function of its inputs. */
export function formatResults(format: FormatName, diagnostics: readonly Diagnostic[], ctx: FormatContext): string {
  switch (format) {
    case 'json':
      return formatJson(diagnostics, ctx.root);
    case 'sarif':
      return formatSarif(diagnostics, { root: ctx.root, rules: ctx.rules, version: ctx.version });
    case 'github':
      return formatGithub(diagnostics, { root: ctx.root, base: ctx.workspace ?? ctx.cwd });
    case 'junit':
      return formatJunit(diagnostics, { files: ctx.files, rules: ctx.rules });
    case 'markdown':
      return formatMarkdown(diagnostics, { fileCount: ctx.files.length });
    default:
      return formatStylish(diagnostics, { color: ctx.color, root: ctx.root, cwd: ctx.cwd, source: ctx.source, verbose: ctx.verbose });
  }
}
