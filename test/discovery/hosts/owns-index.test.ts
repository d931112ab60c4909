import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PROFILES } from '../../../src/discovery/hosts/index.js';
import { hasDirSegment } from '../../../src/discovery/host-view.js';

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 2000);

// Segments the profiles' patterns are made of, and others around them.
const segment = fc.constantFrom(
  'CLAUDE.md', 'CLAUDE.local.md', 'GEMINI.md', 'AGENTS.md', '.claude', '.gemini', '.github', '.vscode', '.cursor', '.windsurf', '.opencode',
  'rules', 'instructions', 'settings.json', 'settings.local.json', 'copilot-instructions.md', 'x.instructions.md', 'a.md', 'a.mdc',
  '.cursorrules', '.windsurfrules', '.goosehints', '.rules', 'opencode.json', 'opencode.jsonc', 'src', 'docs', 'claude', '.', 'x.md',
);
const relPath = fc.array(segment, { minLength: 1, maxLength: 5 }).map((s) => s.join('/'));

describe('HostProfile.ownsIndex', () => {
  for (const profile of PROFILES) {
    it(`${profile.id}: every path owns() accepts is named in the index or sits under one of its hidden directories`, () => {
      for (const dir of profile.ownsIndex.hiddenDirs) expect(dir.startsWith('.')).toBe(true);
      fc.assert(
        fc.property(relPath, (rel) => {
          if (!profile.owns(rel)) return;
          const base = rel.slice(rel.lastIndexOf('/') + 1);
          expect(profile.ownsIndex.names.includes(base) || hasDirSegment(rel, profile.ownsIndex.hiddenDirs), rel).toBe(true);
        }),
        { numRuns: RUNS },
      );
    });
  }
});

describe('HostProfile.ownsIndex on every fixture', () => {
  it('holds for each file of each fixture repository', async () => {
    const { readdirSync } = await import('node:fs');
    const path = await import('node:path');
    const { FIXTURES } = await import('../../helpers/paths.js');
    let owned = 0;
    for (const group of ['hosts', 'rules']) {
      for (const kind of readdirSync(path.join(FIXTURES, group))) {
        for (const name of readdirSync(path.join(FIXTURES, group, kind))) {
          const root = path.join(FIXTURES, group, kind, name);
          let files: string[];
          try {
            files = readdirSync(root, { recursive: true, encoding: 'utf8' }).map((f) => f.split(path.sep).join('/'));
          } catch {
            continue;
          }
          for (const rel of files) {
            for (const profile of PROFILES) {
              if (!profile.owns(rel)) continue;
              owned++;
              const base = rel.slice(rel.lastIndexOf('/') + 1);
              expect(profile.ownsIndex.names.includes(base) || hasDirSegment(rel, profile.ownsIndex.hiddenDirs), `${profile.id}: ${root}/${rel}`).toBe(true);
            }
          }
        }
      }
    }
    expect(owned).toBeGreaterThan(20);
  });
});
