import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { splitMessage } from '../../src/formatters/message-parts.js';
import { PROJECT, runCli } from './repo.js';

// Issue 35: a finding's first sentence says what is wrong, short enough that the terminal report
// (which prints only that sentence, without --verbose) keeps one finding to one line of 120 columns.
const DEMO = path.join(PROJECT, 'fixtures/demo-monorepo');
const WIDTH = 120;

// Findings whose first sentence quotes text from the repository (a repeated statement, a hidden HTML
// comment, already shortened to an excerpt) may run past the width, by as much as the quotation.
const QUOTES = (line: string) => / {2}(?:no-duplicate-instructions|no-hidden-instructions)$/.test(line) && line.includes('"');
const QUOTED_WIDTH = 160;

const columns = (s: string) => [...s].length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

describe('the demo monorepo in the default terminal report', () => {
  it(`prints each finding on one line of at most ${WIDTH} columns (quotations of repository text aside)`, () => {
    const r = runCli(DEMO, ['.']);
    expect(r.status).toBe(1);
    const findings = r.stdout.split('\n').filter((l) => /^ {2}\d+:\d+ /.test(l));
    expect(findings.length).toBeGreaterThan(20);
    const tooWide = findings.filter((l) => columns(l) > (QUOTES(l) ? QUOTED_WIDTH : WIDTH));
    expect(tooWide).toEqual([]);
    // The exceptions stay exceptions.
    expect(findings.filter((l) => columns(l) > WIDTH).length).toBeLessThanOrEqual(2);
  });

  it('cuts every message into a short first sentence and a fix', () => {
    const r = runCli(DEMO, ['.', '--format', 'json']);
    const messages = (JSON.parse(r.stdout) as { messages: { ruleId: string; message: string }[] }[]).flatMap((f) => f.messages);
    expect(messages.length).toBeGreaterThan(20);
    const parts = messages.map((m) => ({ rule: m.ruleId, ...splitMessage(m.message) }));
    expect(parts.filter((p) => p.fix === '')).toEqual([]);
    const lengths = parts.map((p) => p.problem.length);
    expect(median(lengths)).toBeLessThanOrEqual(WIDTH);
    expect(Math.max(...lengths)).toBeLessThanOrEqual(WIDTH);
    // The fix starts a sentence of its own.
    expect(parts.filter((p) => !/^[A-Z`"(]/.test(p.fix))).toEqual([]);
  });
});
