import * as path from 'node:path';
import type { Diagnostic } from '../util/diagnostic.js';
import { plural } from '../util/text.js';
import { escapeRawBytes } from '../repo/raw-path.js';
import { splitMessage } from './message-parts.js';

export interface StylishOptions {
  color: boolean;
  root: string;
  /** The process cwd, so paths print relative to where the user stands. */
  cwd: string;
  /** The text of a repository file, to print a code frame under each finding (the CLI passes it on a TTY only). */
  source?: (file: string) => string | undefined;
  /** Print each finding's fix under it (--verbose); by default only what is wrong, one line a finding. */
  verbose?: boolean;
}

const paint = (on: boolean, code: string) => (s: string) => (on ? `\u001b[${code}m${s}\u001b[0m` : s);

/**
 * Text from the repository (paths, quoted lines in messages) as it may reach a terminal or a CI log:
 * control characters (C0, DEL, C1: a newline would start a line of its own, ESC a terminal
 * sequence) and the bidirectional controls that reorder what is shown are written as escapes.
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is escaped
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
export const printable = (s: string) => escapeRawBytes(s).replace(UNSAFE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
/** A path line never starts with "::", which a GitHub Actions runner would read as a workflow command. */
const pathLine = (s: string) => (s.startsWith('::') ? `./${s}` : s);

/** ESLint's default layout: grouped by file, `line:column  severity  message  rule-id`, a summary. */
export function formatStylish(diagnostics: readonly Diagnostic[], options: StylishOptions): string {
  return [...stylishChunks(runsByFile(diagnostics), options)].join('');
}

/** The diagnostics cut where the file changes (sorted diagnostics: one run per file). */
export function* runsByFile(diagnostics: readonly Diagnostic[]): Generator<Diagnostic[]> {
  let run: Diagnostic[] = [];
  for (const d of diagnostics) {
    if (run.length > 0 && run[0]!.file !== d.file) {
      yield run;
      run = [];
    }
    run.push(d);
  }
  if (run.length > 0) yield run;
}

/**
 * formatStylish in pieces, one per run of a file's diagnostics (each list one file's, as
 * LintRun.byFile() gives them), then the summary: only the counts are kept from one file to the next.
 */
export function* stylishChunks(lists: Iterable<readonly Diagnostic[]>, options: StylishOptions): Generator<string> {
  const red = paint(options.color, '31');
  const yellow = paint(options.color, '33');
  const dim = paint(options.color, '2');
  const bold = paint(options.color, '1');
  const underline = paint(options.color, '4');
  let total = 0;
  let errors = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  for (const list of lists) {
    if (list.length === 0) continue;
    // Lines are joined with newlines, and a blank line separates files.
    const separator = total === 0 ? '' : '\n\n';
    const file = list[0]!.file;
    const lines = [underline(pathLine(printable(path.relative(options.cwd, path.join(options.root, file)) || '.')))];
    // Read once per file, not once per finding (the CLI's source reads the file from disk).
    const text = options.verbose && file && options.source ? options.source(file) : undefined;
    // Advice is said once per file: a fix that repeats an earlier finding's (ten vague statements,
    // five zero-width runs) points back at that finding instead of printing the same sentences again.
    const firstWithFix = new Map<string, string>();
    for (const d of list) {
      const sev = d.severity === 2 ? red('error') : yellow('warning');
      const { problem, fix } = splitMessage(d.message);
      const at = `${d.line}:${d.column}`;
      lines.push(`  ${dim(at.padEnd(8))} ${sev.padEnd(options.color ? 16 : 7)}  ${printable(problem)}  ${dim(d.ruleId ?? '')}`.trimEnd());
      if (options.verbose && fix) {
        const earlier = firstWithFix.get(fix);
        if (earlier === undefined) firstWithFix.set(fix, at);
        lines.push(`                     ${earlier === undefined ? printable(fix) : dim(`Same fix as ${earlier} above.`)}`);
      }
      if (options.verbose) for (const r of d.related ?? []) lines.push(`      ${dim(`↳ ${printable(`${r.file}:${r.line}:${r.column} ${r.message}`)}`)}`);
      if (options.verbose && text !== undefined) lines.push(...codeFrame(text, d, { dim, red: d.severity === 2 ? red : yellow }));
      total++;
      if (d.severity === 2) errors++;
      if (d.fix) {
        if (d.severity === 2) fixableErrors++;
        else fixableWarnings++;
      }
    }
    yield separator + lines.join('\n');
  }
  if (total === 0) return;
  const warnings = total - errors;
  const summary = `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  const fixable = fixableErrors + fixableWarnings > 0 ? `\n${bold(`  ${plural(fixableErrors, 'error')} and ${plural(fixableWarnings, 'warning')} potentially fixable with the \`--fix\` option.`)}` : '';
  const more = options.verbose ? '' : `\n${dim('  Run with --verbose for how to fix each one.')}`;
  yield `\n\n${bold(errors > 0 ? red(summary) : yellow(summary))}${fixable}${more}\n`;
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
  const clean = (s: string) => s.replace(UNSAFE, ' ');
  // A secret is masked in the frame as in the message: only its first four characters show.
  const masked = (line: string) => (d.ruleId === 'no-secrets' && d.endLine === d.line ? line.slice(0, d.column + 3) + '*'.repeat(Math.max(0, d.endColumn - d.column - 4)) + line.slice(d.endColumn - 1) : line);
  const out: string[] = [];
  for (let n = first; n <= last; n++) {
    const marker = n === d.line ? paint.red('>') : ' ';
    const content = clean(n === d.line ? masked(all[n - 1] ?? '') : (all[n - 1] ?? ''));
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
