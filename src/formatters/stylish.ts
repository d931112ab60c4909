import * as path from 'node:path';
import type { Diagnostic } from '../kit/types.js';
import { plural } from '../kit/text.js';

export interface StylishOptions {
  color: boolean;
  root: string;
  /** The process cwd, so paths print relative to where the user stands. */
  cwd: string;
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
  }
  const errors = diagnostics.filter((d) => d.severity === 2).length;
  const warnings = diagnostics.length - errors;
  const summary = `✖ ${plural(diagnostics.length, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  lines.push('', bold(errors > 0 ? red(summary) : yellow(summary)), '');
  return lines.join('\n');
}
