import type { Diagnostic } from '../kit/types.js';
import { formatJson, jsonChunks } from './json.js';
import { formatStylish } from './stylish.js';
import { formatSarif, type RuleInfo } from './sarif.js';
import { formatGithub } from './github.js';
import { formatJunit } from './junit.js';
import { formatMarkdown } from './markdown.js';

export { formatJson, jsonChunks, toEslintResults } from './json.js';
export { formatStylish, codeFrame } from './stylish.js';
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
}

/** formatResults in pieces whose concatenation is its text (JSON streams per file; others are one piece). */
export function* formatResultsInChunks(format: FormatName, diagnostics: readonly Diagnostic[], ctx: FormatContext): Generator<string> {
  if (format === 'json') yield* jsonChunks(diagnostics, ctx.root);
  else yield formatResults(format, diagnostics, ctx);
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
      return formatStylish(diagnostics, { color: ctx.color, root: ctx.root, cwd: ctx.cwd, source: ctx.source });
  }
}
