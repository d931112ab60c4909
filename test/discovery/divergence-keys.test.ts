import { describe, expect, it } from 'vitest';
import { prepare } from '../../src/engine/lint.js';
import { contentKey, hostsView } from '../../src/discovery/host-view.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// no-host-divergence compares files by content key, telling keys apart by their first 16 characters,
// then by their first and last 64, then whole. Here a CLAUDE.md beside AGENTS.md agrees with it up to
// each of those steps: only equal keys make the two one file (Codex reads AGENTS.md, Claude Code
// CLAUDE.md, so different content is a divergence each way).

const rules = Array.from({ length: 12 }, (_, i) => `- rule number ${i}: keep the build green and the exports sorted`);

function divergingFiles(agents: string, claude: string): string[] {
  const fs = new MemoryFileSystem({ '/repo/.agents-lint.json': '{ "root": true }', '/repo/AGENTS.md': agents, '/repo/CLAUDE.md': claude });
  const ctx = prepare({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, hosts: ['codex', 'claude-code'], fs });
  return hostsView(ctx.discovery, ctx.repo)
    .divergences()
    .map((d) => `${d.file}:${d.host}`);
}

describe('no-host-divergence content keys', () => {
  const agents = `# Rules\n\n${rules.join('\n')}\n`;
  const variants: [string, string, { ends: boolean; diverges: boolean }][] = [
    ['the same words, spaced and imported differently', `@AGENTS.md\n#   Rules\n${rules.join('\n\n')}\n@docs/x.md\n`, { ends: true, diverges: false }],
    ['the same first 16 characters only', `# Rules\n\n- rule number 0: something else entirely\n`, { ends: false, diverges: true }],
    ['the same first and last 64 characters, another middle', `# Rules\n\n${rules.map((r, i) => (i === 6 ? `${r}, and more` : r)).join('\n')}\n`, { ends: true, diverges: true }],
  ];
  for (const [name, claude, { ends, diverges }] of variants) {
    it(`${name}: ${diverges ? 'two files' : 'one file'}`, () => {
      // The premise of each case, checked on the keys themselves.
      const [a, c] = [contentKey(agents), contentKey(claude)];
      expect(a.slice(0, 16)).toBe(c.slice(0, 16));
      expect(a.slice(0, 64) === c.slice(0, 64) && a.slice(-64) === c.slice(-64)).toBe(ends);
      expect(a === c).toBe(!diverges);
      expect(divergingFiles(agents, claude)).toEqual(diverges ? ['AGENTS.md:claude-code', 'CLAUDE.md:codex'] : []);
    });
  }
});
