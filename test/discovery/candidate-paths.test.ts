import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import { ProbeCache, simulate } from '../../src/discovery/simulate.js';
import type { CodexSettings } from '../../src/discovery/types.js';

// probeDirectory joins a directory and its candidate names by concatenation when joinPath would
// (a normal absolute directory, clean names), checking once per directory and name list: every
// candidate's path must be what path.join gives, whatever the directory and the fallback names.

const settingsWith = (fallbacks: string[]): CodexSettings => ({ maxBytes: 32768, fallbackFilenames: fallbacks, rootMarkers: ['.git'], loadProjectDocs: true, userInstructions: null, userWarnings: [] });

describe('candidate paths', () => {
  const fs = new MemoryFileSystem({ '/r/.git/HEAD': 'ref: x', '/r/AGENTS.md': 'root', '/r/a/b/NOTES.md': 'notes', '/r/a/x': 'file' });
  const cases: [string, string[]][] = [
    ['/r/a/b', []],
    ['/r/a/b', ['NOTES.md', 'x']],
    ['/r/a/b', ['..', 'NOTES.md']],
    ['/r/a/b', ['.', 'NOTES.md']],
    ['/r/a/b', ['x\\y']],
    ['/', ['NOTES.md']],
    ['/r/a/', ['NOTES.md']],
    ['/r//a', ['NOTES.md']],
    ['/r/./a', ['NOTES.md']],
  ];
  for (const [cwd, fallbacks] of cases) {
    it(`${cwd} with fallbacks ${JSON.stringify(fallbacks)}`, () => {
      for (const listed of [false, true]) {
        const cache = new ProbeCache(fs);
        if (listed) cache.expectProbes(cwd);
        const sim = simulate(cache, cwd, settingsWith(fallbacks));
        expect(sim.searched.length).toBeGreaterThan(0);
        for (const dir of sim.searched) for (const c of dir.candidates) expect(c.path).toBe(path.join(dir.dir, c.name));
      }
    });
  }
});
