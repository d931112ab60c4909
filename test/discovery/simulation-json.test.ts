import { describe, expect, it } from 'vitest';
import { simulate, ProbeCache } from '../../src/discovery/simulate.js';
import { MemoryFileSystem } from '../../src/repo/vfs.js';
import type { CodexSettings } from '../../src/discovery/types.js';

const settings: CodexSettings = { maxBytes: 4096, fallbackFilenames: [], rootMarkers: ['.git'], loadProjectDocs: true, userInstructions: null, userWarnings: [] };

describe('a Codex simulation as data', () => {
  it('serialises with its block, in the field order of Simulation', () => {
    const fs = new MemoryFileSystem({ '/r/.git': { dir: true }, '/r/AGENTS.md': '# Root\n', '/r/pkg/AGENTS.md': '# Pkg\n' });
    const sim = simulate(new ProbeCache(fs), '/r/pkg', settings);
    expect(sim.block).toContain('# Root');
    expect(sim.block).toContain('# Pkg');
    const json = JSON.parse(JSON.stringify(sim)) as Record<string, unknown>;
    expect(Object.keys(json)).toEqual(['host', 'cwd', 'root', 'settings', 'searched', 'files', 'error', 'text', 'block', 'warnings']);
    expect(json['block']).toBe(sim.block);
    expect(json['text']).toBe(sim.text);
    expect(json['files']).toEqual(JSON.parse(JSON.stringify(sim.files)));
  });
});
