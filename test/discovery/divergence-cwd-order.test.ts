import { describe, expect, it } from 'vitest';
import { prepare } from '../../src/engine/lint.js';
import { hostsView, inCwdOrder } from '../../src/discovery/host-view.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// divergences() credits cwds group by group (cwds that load the same files), then puts each
// divergence's cwds back in sorted order: those of one group are in order already, and a list from
// several groups is rebuilt from the run's sorted cwds (inCwdOrder) rather than sorted. Both must
// give what Array.prototype.sort gives.

/** A small deterministic generator (no timing, no flakiness). */
function random(seed: number): () => number {
  // mulberry32: 32-bit integer steps (Math.imul), so no precision is lost and no cycle is short.
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('inCwdOrder', () => {
  const alphabet = ['a', 'B', 'b', '-', '/', '.', '0', 'é', 'Z', '_'];
  for (let seed = 1; seed <= 40; seed++) {
    it(`matches sort() (seed ${seed})`, () => {
      const next = random(seed);
      const names = new Set<string>();
      const count = 1 + Math.floor(next() * 200);
      while (names.size < count) names.add(Array.from({ length: 1 + Math.floor(next() * 5) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(''));
      const cwds = [...names].sort();
      // Up to 40 groups: lists both shorter and longer than an eighth of the cwds.
      const groupCount = 1 + Math.floor(next() * 40);
      const groupOf = Int32Array.from(cwds, () => Math.floor(next() * groupCount));
      const credited = Array.from({ length: groupCount }, (_, g) => g).filter(() => next() < (seed % 2 ? 0.1 : 0.6));
      // As divergences() builds the list: each credited group's cwds, in order, group after group.
      const order = [...credited].sort(() => next() - 0.5);
      const list = order.flatMap((g) => cwds.filter((_, c) => groupOf[c] === g));
      const expected = [...list].sort();
      expect(inCwdOrder([...list], order, cwds, groupOf, groupCount)).toEqual(expected);
    });
  }
});

describe('divergence cwds from several groups', () => {
  // Codex loads packages' own AGENTS.md, Claude Code the root CLAUDE.md only: the root AGENTS.md
  // diverges from every cwd, credited by one group per distinct Codex chain, interleaved in order.
  const files: Record<string, string> = {
    '/repo/.agents-lint.json': '{ "root": true }',
    '/repo/AGENTS.md': '# Root rules\n\nrun the tests before pushing\n',
    '/repo/CLAUDE.md': '# Claude\n\nanswer briefly and cite files\n',
  };
  const packages = Array.from({ length: 24 }, (_, i) => `packages/p${String(i).padStart(2, '0')}`);
  files['/repo/package.json'] = JSON.stringify({ name: 'root', private: true, workspaces: ['packages/*'] });
  for (const [i, pkg] of packages.entries()) {
    files[`/repo/${pkg}/package.json`] = JSON.stringify({ name: `p${i}` });
    if (i % 3 === 0) files[`/repo/${pkg}/AGENTS.md`] = `# Package ${i}\n\nuse the ${i} scripts\n`;
  }
  it('lists each divergence\'s cwds sorted, every cwd once', () => {
    const fs = new MemoryFileSystem(files);
    const ctx = prepare({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, hosts: ['codex', 'claude-code'], fs });
    const all = hostsView(ctx.discovery, ctx.repo).divergences();
    const root = all.find((d) => d.file === 'AGENTS.md' && d.host === 'claude-code');
    expect(root?.cwds).toEqual(['', ...packages]);
    const claude = all.find((d) => d.file === 'CLAUDE.md' && d.host === 'codex');
    expect(claude?.cwds).toEqual(['', ...packages]);
    for (const d of all) expect(d.cwds).toEqual([...new Set(d.cwds)].sort());
  });
});
