import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/engine/unified-diff.js';
import { applyToBytes } from '../../src/engine/fix.js';
import type { Fix } from '../../src/util/diagnostic.js';

const made: string[] = [];
afterAll(() => made.forEach((d) => rmSync(d, { recursive: true, force: true })));

const diff = (before: string, edits: Fix[], file = 'AGENTS.md') => unifiedDiff(file, Buffer.from(before), edits).toString('utf8');
/** The edit replacing the first occurrence of `find` in `text`, by byte range. */
const edit = (text: string, find: string, replacement: string): Fix => {
  const start = Buffer.byteLength(text.slice(0, text.indexOf(find)));
  return { range: [start, start + Buffer.byteLength(find)], text: replacement };
};

describe('unifiedDiff', () => {
  const text = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'].join('\n') + '\n';

  it('prints the changed lines with three lines of context, like diff -u', () => {
    expect(diff(text, [edit(text, 'five', 'FIVE')])).toBe(['--- a/AGENTS.md', '+++ b/AGENTS.md', '@@ -2,7 +2,7 @@', ' two', ' three', ' four', '-five', '+FIVE', ' six', ' seven', ' eight', ''].join('\n'));
  });

  it('joins changes whose context meets into one hunk, and keeps distant ones apart with the new positions', () => {
    const joined = diff(text, [edit(text, 'two', 'TWO'), edit(text, 'eight', 'EIGHT')]);
    expect(joined.match(/^@@.*$/gm)).toEqual(['@@ -1,11 +1,11 @@']);
    const apart = diff(text, [edit(text, 'one\n', 'zero\none\n'), edit(text, 'twelve\n', '')]);
    expect(apart.match(/^@@.*$/gm)).toEqual(['@@ -1,3 +1,4 @@', '@@ -9,4 +10,3 @@']);
    expect(apart).toContain('\n+zero\n one\n');
    expect(apart).toContain(' eleven\n-twelve\n');
  });

  it('marks a last line without a newline, and a removed newline joins two lines', () => {
    expect(diff('a\nb', [{ range: [2, 3], text: 'B' }])).toBe(['--- a/AGENTS.md', '+++ b/AGENTS.md', '@@ -1,2 +1,2 @@', ' a', '-b', '\\ No newline at end of file', '+B', '\\ No newline at end of file', ''].join('\n'));
    expect(diff('a\nb\nc\n', [{ range: [1, 2], text: '' }])).toContain('@@ -1,3 +1,2 @@\n-a\n-b\n+ab\n c\n');
    // The last newline replaced, then text appended at the end: one line, without a newline.
    expect(diff('\n', [{ range: [0, 1], text: 'x' }, { range: [1, 1], text: 'x' }])).toBe(['--- a/AGENTS.md', '+++ b/AGENTS.md', '@@ -1,1 +1,1 @@', '-', '+xx', '\\ No newline at end of file', ''].join('\n'));
  });

  it('removes a byte order mark, keeps bytes that are not UTF-8, and is empty when nothing changes', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('# T\n'), Buffer.from([0x92, 0x0a])]);
    const out = unifiedDiff('AGENTS.md', bom, [{ range: [0, 3], text: '' }]);
    expect(out).toEqual(Buffer.concat([Buffer.from('--- a/AGENTS.md\n+++ b/AGENTS.md\n@@ -1,2 +1,2 @@\n-\xef\xbb\xbf# T\n+# T\n \x92\n', 'latin1')]));
    expect(diff(text, [{ range: [3, 3], text: '' }])).toBe('');
  });

  it('quotes a name with a space or a quote as git does', () => {
    expect(diff('x\n', [{ range: [0, 1], text: 'y' }], 'my dir/A"B.md').split('\n').slice(0, 2)).toEqual(['--- "a/my dir/A\\"B.md"', '+++ "b/my dir/A\\"B.md"']);
  });

  // Random files (lines with and without a final newline, \r\n, empty lines) and random
  // non-overlapping edits: git apply and patch turn the file into exactly what --fix writes.
  const tools = ['git', 'patch'].filter((tool) => spawnSync(tool, ['--version']).status === 0);
  it.skipIf(tools.length === 0)(`gives a patch that ${tools.join(' and ')} apply${tools.length === 1 ? 's' : ''} to exactly what --fix writes`, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'agents-lint-diff-'));
    made.push(dir);
    const file = path.join(dir, 'AGENTS.md');
    const line = fc.stringMatching(/^[a-c \r]{0,4}$/);
    const content = fc.tuple(fc.array(line, { maxLength: 14 }), fc.boolean()).map(([lines, final]) => lines.join('\n') + (final && lines.length > 0 ? '\n' : ''));
    const input = content.chain((before) => {
      const size = Buffer.byteLength(before);
      const cut = fc.integer({ min: 0, max: size });
      const fix = fc.tuple(cut, cut, fc.stringMatching(/^[xy\n]{0,3}$/)).map(([a, b, t]): Fix => ({ range: [Math.min(a, b), Math.max(a, b)], text: t }));
      return fc.tuple(fc.constant(before), fc.array(fix, { maxLength: 4 }));
    });
    fc.assert(
      fc.property(input, ([before, fixes]) => {
        // Only non-overlapping edits, sorted: what --fix accepts.
        const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
        const edits: Fix[] = [];
        for (const f of sorted) if (edits.length === 0 || f.range[0] >= edits[edits.length - 1]!.range[1]) edits.push(f);
        const expected = Buffer.from(applyToBytes(Buffer.from(before), edits));
        const patch = unifiedDiff('AGENTS.md', Buffer.from(before), edits);
        if (expected.equals(Buffer.from(before))) return patch.length === 0;
        for (const tool of tools) {
          writeFileSync(file, before);
          const args = tool === 'git' ? ['apply', '--whitespace=nowarn', '-'] : ['-p1', '-s', '--no-backup-if-mismatch'];
          const r = spawnSync(tool, args, { cwd: dir, input: patch });
          if (r.status !== 0) throw new Error(`${tool} failed: ${r.stderr.toString()}${r.stdout.toString()}\n${patch.toString()}`);
          expect(readFileSync(file)).toEqual(expected);
        }
        return true;
      }),
      { numRuns: 60 },
    );
  });
});
