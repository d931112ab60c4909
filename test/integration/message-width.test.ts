import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { splitMessage } from '../../src/formatters/message-parts.js';
import { PROJECT, runCli } from './repo.js';

// Issue 35: a finding's first sentence says what is wrong, short enough that the terminal report
// (which prints only that sentence, without --verbose) keeps one finding to one line of 120 columns.
const DEMO = path.join(PROJECT, 'fixtures/demo-monorepo');
const WIDTH = 120;

const columns = (s: string) => [...s].length;
const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

describe('the demo monorepo in the default terminal report', () => {
  it(`prints one line per finding, and no line over ${WIDTH} columns`, () => {
    // runCli's output is not a terminal: no colour, no code frames.
    const r = runCli(DEMO, ['.']);
    expect(r.status).toBe(1);
    const lines = r.stdout.split('\n');
    const findings = lines.filter((l) => /^ {2}\d+:\d+ /.test(l));
    expect(findings.length).toBeGreaterThan(20);
    // Each finding is one line: the summary's count is the number of finding lines.
    expect(r.stdout).toContain(`✖ ${findings.length} problems`);
    expect(lines.filter((l) => columns(l) > WIDTH)).toEqual([]);
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
