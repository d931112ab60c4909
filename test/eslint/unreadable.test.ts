import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { unreadable } from '../../src/eslint/unreadable.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-unreadable-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("the recommended config's ignores function", () => {
  it('leaves out what ESLint could not read: a symlink loop, a dangling link', () => {
    fs.symlinkSync('AGENTS.md', path.join(dir, 'AGENTS.md'));
    fs.symlinkSync('gone.md', path.join(dir, 'CLAUDE.md'));
    expect(unreadable(path.join(dir, 'AGENTS.md'))).toBe(true);
    expect(unreadable(path.join(dir, 'CLAUDE.md'))).toBe(true);
  });

  it('keeps a readable file, and a path with nothing on disk (an unsaved new buffer)', () => {
    fs.writeFileSync(path.join(dir, 'GEMINI.md'), '# Hi\n');
    expect(unreadable(path.join(dir, 'GEMINI.md'))).toBe(false);
    expect(unreadable(path.join(dir, 'new/AGENTS.md'))).toBe(false);
  });
});
