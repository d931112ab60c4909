import type { Diagnostic } from '../util/diagnostic.js';
import { plural } from '../util/text.js';
import { escapeRawBytes } from '../repo/raw-path.js';

export interface MarkdownOptions {
  /** How many instruction files the run checked, for the summary line. */
  fileCount: number;
}

/**
 * A table cell of text that may quote the repository: nothing in it renders as a link, an image, a
 * mention or an HTML tag (a pull-request comment is posted with the bot's voice). Brackets are
 * escaped, `@` and the parts of a URL that GitHub links on its own are written as entities.
 */
const cell = (s: string) =>
  escapeRawBytes(s)
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/[[\]]/g, (c) => `\\${c}`)
    .replace(/</g, '&lt;')
    .replace(/@/g, '&#64;')
    .replace(/:\/\//g, '&#58;//')
    .replace(/\bwww\./gi, (w) => `${w.slice(0, 3)}&#46;`)
    .replace(/\r?\n/g, '<br>');

/** A GitHub-flavoured Markdown summary for $GITHUB_STEP_SUMMARY or a pull-request comment. */
export function formatMarkdown(diagnostics: readonly Diagnostic[], options: MarkdownOptions): string {
  const errors = diagnostics.filter((d) => d.severity === 2).length;
  const warnings = diagnostics.length - errors;
  const out = ['## agents-lint', ''];
  if (diagnostics.length === 0) {
    out.push(`✅ No problems in ${plural(options.fileCount, 'instruction file')}.`, '');
    return out.join('\n');
  }
  out.push(`${errors ? '❌' : '⚠️'} **${plural(diagnostics.length, 'problem')}** (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(new Set(diagnostics.map((d) => d.file)).size, 'file')}.`, '');
  out.push('| Severity | File | Line | Rule | Message |', '| --- | --- | --- | --- | --- |');
  for (const d of diagnostics) {
    const rule = d.ruleId ? (d.docs ? `[${cell(d.ruleId)}](${d.docs})` : cell(d.ruleId)) : cell(d.messageId);
    out.push(`| ${d.severity === 2 ? 'error' : 'warning'} | ${d.file ? `\`${cell(d.file)}\`` : '(config)'} | ${d.line}:${d.column} | ${rule} | ${cell(d.message)} |`);
  }
  out.push('');
  return out.join('\n');
}
