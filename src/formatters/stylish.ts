import * as path from 'node:path';
import type { Diagnostic } from '../kit/types.js';
import { plural } from '../kit/text.js';

export interface StylishOptions {
  color: boolean;
  root: string;
  /** The process cwd, so paths print relative to where the user stands. */
  cwd: string;
  /** The text of a repository file, to print a code frame under each finding (the CLI passes it on a TTY only). */
  source?: (file: string) => string | undefined;
}

const paint = (on: boolean, code: string) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/** ESLint's default layout: grouped by file, `line:column  severity  message  rule-id`, a summary. */
export function formatStylish(diagnostics: readonly Diagnostic[], options: StylishOptions): string {
  if (diagnostics.length === 0) return '';
  const red = paint(options.color, '31');
  const yellow = paint(options.color, '33');
  const dim = paint(options.color, '2');
  const bold = paint(options.color, '1');
  const underline = paint(options.color, '4');
  const lines: string[] = [];
  let current: string | undefined;
  for (const d of diagnostics) {
    if (d.file !== current) {
      if (current !== undefined) lines.push('');
      current = d.file;
      lines.push(underline(path.relative(options.cwd, path.join(options.root, d.file)) || '.'));
    }
    const sev = d.severity === 2 ? red('error') : yellow('warning');
    lines.push(`  ${dim(`${d.line}:${d.column}`.padEnd(8))} ${sev.padEnd(options.color ? 16 : 7)}  ${d.message}  ${dim(d.ruleId ?? '')}`.trimEnd());
    for (const r of d.related ?? []) lines.push(`      ${dim(`↳ ${r.file}:${r.line}:${r.column} ${r.message}`)}`);
    const text = d.file && options.source ? options.source(d.file) : undefined;
    if (text !== undefined) lines.push(...codeFrame(text, d, { dim, red: d.severity === 2 ? red : yellow }));
  }
  const errors = diagnostics.filter((d) => d.severity === 2).length;
  const warnings = diagnostics.length - errors;
  const summary = `✖ ${plural(diagnostics.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  lines.push('', bold(errors > 0 ? red(summary) : yellow(summary)), '');
  return lines.join('\n');
}

/**
 * The finding's line with one line of context either side and a caret under the reported columns,
 * like ESLint's codeframe formatter. Tabs and control characters are shown as single spaces so the
 * carets line up.
 */
export function codeFrame(text: string, d: Diagnostic, paint: { dim: (s: string) => string; red: (s: string) => string }): string[] {
  // A final newline ends the last line; it does not start another.
  const all = text.replace(/\r?\n$/, '').split(/\r?\n/);
  if (d.line < 1 || d.line > all.length) return [];
  const first = Math.max(1, d.line - 1);
  const last = Math.min(all.length, d.line + 1);
  const width = String(last).length;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what must not reach the terminal
  const clean = (s: string) => s.replace(/[\t\u0000-\u001f]/g, ' ');
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === d.line ? paint.red('>') : ' ';
    const content = clean(all[n - 1] ?? '');
    out.push(`    ${marker} ${paint.dim(`${String(n).padStart(width)} |`)}${content ? ` ${content}` : ''}`.trimEnd());
    if (n === d.line) {
      const lineLength = (all[n - 1] ?? '').length;
      const endColumn = d.endLine === d.line ? d.endColumn : lineLength + 1;
      const span = Math.max(1, Math.min(endColumn, lineLength + 1) - d.column);
      out.push(`      ${paint.dim(`${' '.repeat(width)} |`)} ${' '.repeat(Math.max(0, d.column - 1))}${paint.red('^'.repeat(span))}`);
    }
  }
  return out;
}
