import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRule } from '../../src/kit/define-rule.js';
import type { Diagnostic } from '../../src/kit/types.js';
import { FindingStore, makeFinding, materialize, type Finding } from '../../src/engine/report.js';

function rule(id: string) {
  return defineRule({
    id,
    meta: {
      description: `rule ${id}`,
      severity: 'warn',
      scope: 'repo',
      tags: [],
      fixable: true,
      messages: { one: (d: { n: number }) => `${id} one ${d.n}`, two: (d: { n: number }) => `${id} two ${d.n}` },
      options: z.strictObject({}),
    },
    check() {},
  });
}

const a = rule('rule-a');
const b = rule('rule-b');
const fix = { range: [0, 3] as [number, number], text: 'new' };
const related = [{ file: 'package.json', line: 2, column: 3, message: 'here' }];

function report(r: typeof a, messageId: 'one' | 'two', n: number, file: string, start: { line: number; column: number }, extra: { fix?: typeof fix; related?: typeof related } = {}): Finding {
  return makeFinding(r, r === a ? 1 : 2, { messageId, data: { n } as never, file, loc: { start, end: { line: start.line, column: start.column + 2 } }, ...extra }, () => undefined, undefined);
}

const whole: Diagnostic = { ruleId: 'rule-b', messageId: 'fatal', message: 'a whole diagnostic', data: {}, severity: 2, fatal: true, file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 1 };

describe('FindingStore', () => {
  const findings = [
    report(a, 'one', 1, 'AGENTS.md', { line: 3, column: 5 }, { related }),
    report(b, 'two', 2, 'AGENTS.md', { line: 1, column: 1 }, { fix }),
    whole,
    report(a, 'two', 3, 'pkg/AGENTS.md', { line: 7, column: 2 }),
    // A rule's own positions that are no 32-bit integers are kept as given.
    report(b, 'one', 4, 'AGENTS.md', { line: 2.5, column: 2 ** 40 }),
    report(a, 'one', 5, 'AGENTS.md', { line: 9, column: 1 }, { related, fix }),
  ];

  function filled(): FindingStore {
    const store = new FindingStore();
    for (const f of findings) store.add(f);
    return store;
  }

  it('gives back every finding of a file, in the order added, as materialize builds it', () => {
    const store = filled();
    expect([...store.files()]).toEqual(['AGENTS.md', 'pkg/AGENTS.md']);
    const root = findings.filter((f) => f.file === 'AGENTS.md').map(materialize);
    expect(store.diagnostics('AGENTS.md')).toEqual(root);
    expect(store.diagnostics('pkg/AGENTS.md')).toEqual([materialize(findings[3] as Finding)]);
    expect(store.diagnostics('other.md')).toEqual([]);
    const got = store.diagnostics('AGENTS.md');
    expect(got.map((d) => d.message)).toEqual(['rule-a one 1', 'rule-b two 2', 'a whole diagnostic', 'rule-b one 4', 'rule-a one 5']);
    expect(got[0]?.related).toEqual(related);
    expect(got[0]?.fix).toBeUndefined();
    expect(got[1]?.fix).toEqual(fix);
    expect(got[1]?.related).toBeUndefined();
    expect(got[3]).toMatchObject({ line: 2.5, column: 2 ** 40 });
    expect(got[4]).toMatchObject({ related, fix, severity: 1 });
  });

  it('can be read more than once, with fresh diagnostics each time', () => {
    const store = filled();
    const first = store.diagnostics('AGENTS.md');
    const second = store.diagnostics('AGENTS.md');
    expect(second).toEqual(first);
    expect(second[0]).not.toBe(first[0]);
  });

  it('grows past its first capacity without losing a finding', () => {
    const store = new FindingStore();
    for (let i = 1; i <= 100; i++) store.add(report(i % 2 ? a : b, i % 3 ? 'one' : 'two', i, 'AGENTS.md', { line: i, column: i + 1 }));
    const got = store.diagnostics('AGENTS.md');
    expect(got).toHaveLength(100);
    expect(got.map((d) => [d.ruleId, d.messageId, d.line, d.column, d.endColumn])).toEqual(
      Array.from({ length: 100 }, (_, j) => [(j + 1) % 2 ? 'rule-a' : 'rule-b', (j + 1) % 3 ? 'one' : 'two', j + 1, j + 2, j + 4]),
    );
  });

  it('retracts one rule and keeps the others in order', () => {
    const store = filled();
    store.retract('rule-a');
    expect([...store.files()]).toEqual(['AGENTS.md']);
    expect(store.diagnostics('AGENTS.md').map((d) => d.message)).toEqual(['rule-b two 2', 'a whole diagnostic', 'rule-b one 4']);
    expect(store.diagnostics('AGENTS.md')[0]?.fix).toEqual(fix);
  });
});
