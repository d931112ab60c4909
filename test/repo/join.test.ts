import { describe, expect, it } from 'vitest';
import * as path from 'node:path';
import { joinPath } from '../../src/repo/join.js';

describe('joinPath', () => {
  // The fast path (concatenation) must return what path.join returns, and everything else must take path.join.
  const dirs = ['/', '/repo', '/repo/pkg', '/repo/', '/repo//pkg', '/repo/./pkg', '/repo/../x', 'relative/dir', ''];
  const names = ['AGENTS.md', '.claude/CLAUDE.md', '.git', '', '.', '..', '../up', 'a//b', 'a/', '/abs', 'a\\b', 'x/./y'];
  for (const dir of dirs) {
    for (const name of names) {
      it(`${JSON.stringify(dir)} + ${JSON.stringify(name)}`, () => {
        expect(joinPath(dir, name)).toBe(path.join(dir, name));
      });
    }
  }
});
