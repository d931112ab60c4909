import type { Diagnostic } from '../util/diagnostic.js';
import { escapeRawBytes } from '../repo/raw-path.js';
import type { RuleInfo } from './sarif.js';

export interface JunitOptions {
  /** Files the run checked (repository-relative); each gets a test case per rule. */
  files: readonly string[];
  /** Enabled rules. */
  rules: readonly RuleInfo[];
}

const xml = (s: string) =>
  // XML 1.0 cannot carry most control characters, U+FFFE, U+FFFF or a lone surrogate, even escaped: drop them.
  // eslint-disable-next-line no-control-regex
  escapeRawBytes(s).replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * JUnit XML for CI test reporters: a suite per file, a test case per (rule, file), a failure per case
 * that has findings, carrying all of them.
 */
export function formatJunit(diagnostics: readonly Diagnostic[], options: JunitOptions): string {
  const files = [...new Set([...options.files, ...diagnostics.map((d) => d.file)])].sort();
  const suites: string[] = [];
  let total = 0;
  let failures = 0;
  for (const file of files) {
    const own = diagnostics.filter((d) => d.file === file);
    const ruleIds = [...new Set([...options.rules.map((r) => r.id), ...own.map((d) => d.ruleId ?? `agents-lint/${d.messageId}`)])].sort();
    const cases: string[] = [];
    let suiteFailures = 0;
    for (const id of ruleIds) {
      const found = own.filter((d) => (d.ruleId ?? `agents-lint/${d.messageId}`) === id);
      const name = `${xml(id)}`;
      const classname = xml(file || '(repository)');
      if (found.length === 0) {
        cases.push(`    <testcase name="${name}" classname="${classname}" time="0"/>`);
        continue;
      }
      suiteFailures++;
      const body = found.map((d) => `${d.line}:${d.column} ${d.severity === 2 ? 'error' : 'warning'} ${d.message}`).join('\n');
      const first = found[0]!;
      cases.push(
        `    <testcase name="${name}" classname="${classname}" time="0">\n      <failure message="${xml(first.message)}" type="${first.severity === 2 ? 'error' : 'warning'}">${xml(body)}</failure>\n    </testcase>`,
      );
    }
    total += cases.length;
    failures += suiteFailures;
    suites.push(`  <testsuite name="${xml(file || '(repository)')}" tests="${cases.length}" failures="${suiteFailures}" errors="0" skipped="0" time="0">\n${cases.join('\n')}\n  </testsuite>`);
  }
  return `<?xml version="1.0" encoding="utf-8"?>\n<testsuites name="agents-lint" tests="${total}" failures="${failures}" errors="0" time="0">\n${suites.join('\n')}${suites.length ? '\n' : ''}</testsuites>\n`;
}
