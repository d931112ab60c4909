import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-unreadable-instructions.js';
import { testRule } from '../helpers/test-rule.js';
import { lint } from '../../src/engine/lint.js';
import { MemoryFileSystem, type MemoryEntry, type Probe } from '../../src/repo/vfs.js';

const F = 'rules/no-unreadable-instructions';

testRule(rule, {
  valid: [{ fixture: `${F}/valid-symlink`, name: 'a symlink to a regular file is followed' }],
  invalid: [
    {
      // git stores the self-referencing link, so this case is a committed fixture.
      fixture: `${F}/invalid-symlink-loop`,
      name: 'a symlink loop drops every project doc for the cwds at and below it',
      errors: [
        {
          file: 'packages/api/AGENTS.md',
          line: 1,
          column: 1,
          endLine: 1,
          endColumn: 1,
          messageId: 'symlinkLoop',
          data: {
            file: 'packages/api/AGENTS.md',
            cwds: '2 working directories (packages/api, packages/api/src)',
            cwdCount: 2,
            lost: 'AGENTS.md, packages/api/src/AGENTS.md',
            lostCount: 2,
          },
        },
      ],
    },
  ],
});

/** Permission errors cannot be committed (and root reads everything): these run on an in-memory tree. */
async function lintMemory(entries: Record<string, MemoryEntry>, fs = new MemoryFileSystem(entries)) {
  const result = await lint({ fs, paths: ['/repo'], root: '/repo', codexHome: '/codex-home', rules: [rule] });
  return result.diagnostics.map((d) => ({ file: d.file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn, messageId: d.messageId, data: d.data, fatal: d.fatal }));
}

const at = { line: 1, column: 1, endLine: 1, endColumn: 1, fatal: undefined };

describe('no-unreadable-instructions on in-memory trees', () => {
  it('an override whose metadata fails with EACCES: the AGENTS.md beside it and the root file are lost', async () => {
    const diagnostics = await lintMemory({
      '/repo/AGENTS.md': '# Root\n',
      '/repo/packages/api/AGENTS.override.md': { error: 'EACCES' },
      '/repo/packages/api/AGENTS.md': '# API\n',
      '/repo/packages/web/AGENTS.md': '# Web\n',
    });
    expect(diagnostics).toEqual([
      {
        file: 'packages/api/AGENTS.override.md',
        ...at,
        messageId: 'unreadable',
        data: {
          file: 'packages/api/AGENTS.override.md',
          code: 'EACCES',
          reason: 'permission denied',
          cwds: '1 working directory (packages/api)',
          cwdCount: 1,
          lost: 'AGENTS.md, packages/api/AGENTS.md',
          lostCount: 2,
        },
      },
    ]);
  });

  it('a root AGENTS.md that is found but cannot be read (EACCES) breaks every cwd, with no engine crash', async () => {
    const diagnostics = await lintMemory({
      '/repo/AGENTS.md': { error: 'EACCES', content: '# Root\n' },
      '/repo/a/AGENTS.md': '# A\n',
    });
    expect(diagnostics).toEqual([
      {
        file: 'AGENTS.md',
        ...at,
        messageId: 'unreadable',
        data: { file: 'AGENTS.md', code: 'EACCES', reason: 'permission denied', cwds: '2 working directories (., a)', cwdCount: 2, lost: 'a/AGENTS.md', lostCount: 1 },
      },
    ]);
  });

  it('a file over 512 MiB (Codex local read limit) fails the read', async () => {
    const entries = { '/repo/AGENTS.md': '# Root\n', '/repo/big/AGENTS.md': '# Big\n' };
    class HugeFile extends MemoryFileSystem {
      override probe(p: string): Probe {
        const probe = super.probe(p);
        return p === '/repo/big/AGENTS.md' ? { ...probe, size: 600 * 1024 * 1024 } : probe;
      }
    }
    const diagnostics = await lintMemory(entries, new HugeFile(entries));
    expect(diagnostics).toEqual([
      {
        file: 'big/AGENTS.md',
        ...at,
        messageId: 'unreadable',
        data: { file: 'big/AGENTS.md', code: 'EFBIG', reason: "it is larger than 512 MiB, Codex's read limit", cwds: '1 working directory (big)', cwdCount: 1, lost: 'AGENTS.md', lostCount: 1 },
      },
    ]);
  });

  it('a readable tree reports nothing', async () => {
    expect(await lintMemory({ '/repo/AGENTS.md': '# Root\n', '/repo/a/AGENTS.md': { symlink: '../AGENTS.md' } })).toEqual([]);
  });
});
