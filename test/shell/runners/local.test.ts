import { describe, expect, it } from 'vitest';
import { RepoIndex } from '../../../src/repo/repo-index.js';
import { MemoryFileSystem, NodeFileSystem } from '../../../src/repo/vfs.js';
import { resolve } from './helpers.js';
import { FIXTURES } from '../../helpers/paths.js';
import * as path from 'node:path';

// Modes as git records them: 100755 for executables, 100644 for everything else.
const repo = new RepoIndex({
  root: '/repo',
  useGit: false,
  fs: new MemoryFileSystem({
    '/repo/scripts/dev.sh': { content: '#!/bin/sh\n', mode: 0o755 },
    '/repo/scripts/seed.sh': { content: '#!/bin/sh\n', mode: 0o644 },
    '/repo/bin/owner-only': { content: '#!/bin/sh\n', mode: 0o744 },
    '/repo/bin/unknown-mode': '#!/bin/sh\n',
  }),
});

describe('local scripts: executable bit', () => {
  const rows: [string, string, string[]][] = [
    ['./scripts/dev.sh --watch', '', []],
    ['./scripts/seed.sh', '', ['binary not-executable ./scripts/seed.sh @./scripts/seed.sh']],
    ['./seed.sh', 'scripts', ['binary not-executable ./seed.sh @./seed.sh']],
    // Any x bit is enough for the owner who checked it out.
    ['bin/owner-only', '', []],
    // Run through an interpreter, the bit does not matter.
    ['bash scripts/seed.sh', '', []],
    ['sh ./scripts/seed.sh', '', []],
    // No mode known (an in-memory entry without one, Windows): never reported.
    ['bin/unknown-mode', '', []],
    ['./scripts/missing.sh', '', ['binary missing-local-script ./scripts/missing.sh @./scripts/missing.sh [./scripts/dev.sh,./scripts/seed.sh]']],
  ];
  for (const [line, cwd, expected] of rows) it(`${line}${cwd ? ` (in ${cwd})` : ''}`, () => expect(resolve(repo, line, cwd)).toEqual(expected));
});

describe.runIf(process.platform !== 'win32')('NodeFileSystem reports the permission bits of regular files', () => {
  const fs = new NodeFileSystem();
  const dir = path.join(FIXTURES, 'rules/no-unknown-binary');
  it('755 and 644 fixtures', () => {
    expect(fs.probe(path.join(dir, 'valid-executable-bit/bin/dev')).mode).toBe(0o755);
    expect(fs.probe(path.join(dir, 'invalid-executable-bit/bin/dev')).mode).toBe(0o644);
    expect(fs.probe(path.join(dir, 'invalid-executable-bit/bin')).mode).toBeUndefined();
  });
});
