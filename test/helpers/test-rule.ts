import * as path from 'node:path';
import { copyFileSync, mkdtempSync, rmSync, cpSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { lint, type LintOptions } from '../../src/engine/lint.js';
import { applyFixes } from '../../src/engine/fix.js';
import type { AnyRule, Diagnostic } from '../../src/kit/types.js';
import { EMPTY_CODEX_HOME, FIXTURES } from './paths.js';

export interface ExpectedDiagnostic {
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  messageId: string;
  data?: Record<string, unknown>;
}

export interface RuleCase {
  /** Fixture folder, relative to fixtures/ (a mini-repository linted as its own root). */
  fixture: string;
  name?: string;
  options?: unknown;
  /** Extra lint options (cwds, codex overrides, trust). */
  lint?: Partial<LintOptions>;
}

export interface InvalidCase extends RuleCase {
  errors: ExpectedDiagnostic[];
  /** For fixable rules: the bytes of each fixed file, repo-relative path → expected content. */
  output?: Record<string, string>;
}

/** Lints one fixture with only this rule enabled (at its default severity or 'error'). */
export async function runRule(rule: AnyRule, c: RuleCase): Promise<Diagnostic[]> {
  const root = path.join(FIXTURES, c.fixture);
  const severity = rule.meta.severity === 'off' ? 'error' : rule.meta.severity;
  const single: AnyRule = { ...rule, meta: { ...rule.meta, severity } } as AnyRule;
  const result = await lint({
    paths: [root],
    root,
    codexHome: EMPTY_CODEX_HOME,
    rules: [single],
    ...(c.options !== undefined ? { ruleOptions: { [rule.id]: c.options } } : {}),
    ...c.lint,
  });
  return result.diagnostics;
}

function shape(d: Diagnostic, withData: boolean): Record<string, unknown> {
  const s: Record<string, unknown> = { file: d.file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, messageId: d.messageId };
  if (withData) s['data'] = d.data;
  return s;
}

/**
 * RuleTester for fixture repositories: valid fixtures report nothing; invalid ones report exactly
 * the expected diagnostics (file, four position fields, messageId, and data when given), in order.
 */
export function testRule(rule: AnyRule, cases: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
  describe(rule.id, () => {
    for (const c of cases.valid) {
      it(`valid: ${c.name ?? c.fixture}`, async () => {
        const diagnostics = await runRule(rule, c);
        expect(diagnostics.map((d) => ({ ...shape(d, true), message: d.message }))).toEqual([]);
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name ?? c.fixture}`, async () => {
        const diagnostics = await runRule(rule, c);
        expect(diagnostics.some((d) => d.fatal)).toBe(false);
        const withData = c.errors.some((e) => e.data !== undefined);
        expect(diagnostics.map((d) => shape(d, withData))).toEqual(c.errors.map((e) => (withData ? { data: {}, ...e } : e)));
        for (const d of diagnostics) expect(d.message.length).toBeGreaterThan(20);
        if (c.output) await checkFix(rule, c, diagnostics);
      });
    }
  });
}

/** Applies the fixes in a copy of the fixture, compares bytes, and re-lints the copy: it must be clean. */
async function checkFix(rule: AnyRule, c: InvalidCase, diagnostics: Diagnostic[]): Promise<void> {
  const copy = mkdtempSync(path.join(tmpdir(), 'agents-lint-fix-'));
  try {
    cpSync(path.join(FIXTURES, c.fixture), copy, { recursive: true });
    applyFixes(copy, diagnostics);
    for (const [file, content] of Object.entries(c.output ?? {})) {
      expect(readFileSync(path.join(copy, file), 'utf8')).toBe(content);
    }
    const again = await lint({ paths: [copy], root: copy, codexHome: EMPTY_CODEX_HOME, rules: [rule] });
    expect(again.diagnostics.filter((d) => d.fix)).toEqual([]);
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
}

export { copyFileSync };
