import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { prepare } from '../../src/engine/lint.js';
import { hostsView } from '../../src/discovery/host-view.js';
import { MemoryFileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// A divergence is "shadowed" when the host would load the file with the files it reads instead
// gone. divergences() answers it over a cache that hides those files, testing the host's loaded list
// directly; here the straightforward computation: delete the files and simulate the host again.

const HOSTS = ['codex', 'claude-code', 'gemini-cli', 'opencode'];

/** A fixture directory as an in-memory tree under /repo (files only; symlinks as links). */
function load(dir: string): Record<string, MemoryEntry> {
  const out: Record<string, MemoryEntry> = { '/repo/.agents-lint.json': '{ "root": true }' };
  const walk = (abs: string, rel: string) => {
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const childRel = rel ? `${rel}/${e.name}` : e.name;
      if (e.isSymbolicLink()) out[`/repo/${childRel}`] = { symlink: fs.readlinkSync(path.join(abs, e.name)) };
      else if (e.isDirectory()) walk(path.join(abs, e.name), childRel);
      else if (e.isFile()) out[`/repo/${childRel}`] = fs.readFileSync(path.join(abs, e.name));
    }
  };
  walk(dir, '');
  return out;
}

function hostsOf(files: Record<string, MemoryEntry>) {
  const ctx = prepare({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, hosts: HOSTS, fs: new MemoryFileSystem(files) });
  return { view: hostsView(ctx.discovery, ctx.repo), repo: ctx.repo };
}

const root = path.resolve(__dirname, '../../fixtures/rules/no-host-divergence');
const cases = fs.readdirSync(root).filter((c) => fs.statSync(path.join(root, c)).isDirectory());

describe('shadowed divergences, against deleting what the host reads instead', () => {
  for (const name of cases) {
    it(name, () => {
      const files = load(path.join(root, name));
      const { view } = hostsOf(files);
      for (const d of view.divergences()) {
        if (d.instead.length === 0) {
          expect(d.shadowed).toBe(false);
          continue;
        }
        const without = { ...files };
        for (const rel of d.instead) delete without[`/repo/${rel}`];
        const again = hostsOf(without);
        const sel = again.view.hosts.find((h) => h.label === d.host)!;
        const loaded = again.view.simulation(sel, d.cwds[0]!).files.some((f) => !f.skipped && !f.listedOnly && again.repo.rel(f.path) === d.file);
        expect(d.shadowed, `${d.file} for ${d.host}`).toBe(loaded);
      }
    });
  }
});
