import type { Diagnostic } from '../util/diagnostic.js';
import { escapeRawBytes } from '../repo/raw-path.js';
import type { RuleInfo } from './sarif.js';

export interface JunitOptions {
  /** Files the run checked (repository-relative); each gets a test case. */
  files: readonly string[];
  /** Enabled rules (kept for callers; each file is one test case whatever the rules). */
  rules: readonly RuleInfo[];
}

const xml = (s: string) =>
  // XML 1.0 cannot carry most control characters, U+FFFE, U+FFFF or a lone surrogate, even escaped: drop them.
  // eslint-disable-next-line no-control-regex
  escapeRawBytes(s).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JUnit XML for CI test reporters: one suite, one test case per file the run checked (and per other
 * file a finding names), failed when the file has errors; its findings, warnings included, are the
 * failure's text, or the case's output when there are only warnings.
 */
export function formatJunit(diagnostics: readonly Diagnostic[], options: JunitOptions): string {
  const files = [...new Set([...options.files, ...diagnostics.map((d) => d.file)])].sort();
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
  const cases: string[] = [];
  let failures = 0;
  for (const file of files) {
    const own = byFile.get(file) ?? [];
    const name = xml(file || '(repository)');
    if (own.length === 0) {
      cases.push(`    <testcase name="${name}" classname="agents-lint" time="0"/>`);
      continue;
    }
    const body = xml(own.map((d) => `${d.line}:${d.column} ${d.severity === 2 ? 'error' : 'warning'} ${d.message} (${d.ruleId ?? `agents-lint/${d.messageId}`})`).join('\n'));
    const errors = own.filter((d) => d.severity === 2);
    if (errors.length === 0) {
      cases.push(`    <testcase name="${name}" classname="agents-lint" time="0">\n      <system-out>${body}</system-out>\n    </testcase>`);
      continue;
    }
    failures++;
    const summary = `${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors[0]!.message}`;
    cases.push(`    <testcase name="${name}" classname="agents-lint" time="0">\n      <failure message="${xml(summary)}" type="error">${body}</failure>\n    </testcase>`);
  }
  const suite = `  <testsuite name="agents-lint" tests="${cases.length}" failures="${failures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}${cases.length ? '\n' : ''}  </testsuite>`;
  return `<?xml version="1.0" encoding="utf-8"?>\n<testsuites name="agents-lint" tests="${cases.length}" failures="${failures}" errors="0" time="0">\n${suite}\n</testsuites>\n`;
}
