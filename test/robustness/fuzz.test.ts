import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ProbeCache, simulate } from '../../src/discovery/simulate.js';
import { settingsFor, type ResolvedCodexConfig } from '../../src/discovery/hosts/codex.js';
import { lint } from '../../src/engine/lint.js';
import { MemoryFileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { decodeLossy, isRustWhitespaceOnly } from '../../src/util/text.js';
import { Locator } from '../../src/markdown/locate.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// `npm run fuzz` raises the run count (FUZZ_RUNS); the suite runs a short pass on every test run.
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);

const DIRS = ['', 'a', 'a/b', 'a/b/c', 'd'];
const NAMES = ['AGENTS.override.md', 'AGENTS.md', 'CLAUDE.md', 'agents.md', 'GUIDE.md'];

const content = fc.oneof(
  fc.uint8Array({ maxLength: 80 }),
  fc.string({ maxLength: 60 }).map((s) => new TextEncoder().encode(s)),
  fc.constantFrom(' \n\t', '\u0085\u3000', '\ufeff', '', '😀é€', '# H\n\n- item `npm test`\n').map((s) => new TextEncoder().encode(s)),
);

const entry: fc.Arbitrary<MemoryEntry> = fc.oneof(
  { weight: 8, arbitrary: content },
  { weight: 1, arbitrary: fc.constantFrom<MemoryEntry>({ dir: true }, { special: true }, { symlink: 'missing.md' }, { symlink: 'AGENTS.md' }, { error: 'EACCES' }) },
);

const tree = fc.dictionary(
  fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom(...NAMES)).map(([d, n]) => (d ? `/repo/${d}/${n}` : `/repo/${n}`)),
  entry,
  { maxKeys: 12 },
);

const config = (maxBytes: number, fallbacks: readonly string[]): ResolvedCodexConfig => ({
  user: { project_doc_max_bytes: maxBytes, project_doc_fallback_filenames: [...fallbacks] },
  userFile: {},
  session: { project_doc_max_bytes: maxBytes, project_doc_fallback_filenames: [...fallbacks] },
  trust: { level: 'trusted', source: 'assumed' },
  projects: new Map(),
  userInstructions: null,
  userWarnings: [],
  problems: [],
});

describe('fuzz: discovery invariants', () => {
  it('simulate never throws; used bytes fit the budget; the text is the ordered join of the used parts; one file per directory', () => {
    fc.assert(
      fc.property(tree, fc.integer({ min: 0, max: 120 }), fc.constantFrom([], ['CLAUDE.md'], ['GUIDE.md', 'CLAUDE.md']), fc.constantFrom(...DIRS), (files, maxBytes, fallbacks, cwdRel) => {
        const fs = new MemoryFileSystem({ '/repo/.git/HEAD': 'ref', [`/repo/${cwdRel}/.keep`]: '', ...files });
        const settings = settingsFor(config(maxBytes, fallbacks), []);
        const sim = simulate(new ProbeCache(fs), cwdRel ? `/repo/${cwdRel}` : '/repo', settings);
        const used = sim.files.reduce((n, f) => n + f.usedBytes, 0);
        expect(used).toBeLessThanOrEqual(maxBytes);
        if (sim.error) {
          expect(sim.text).toBeNull();
          return;
        }
        const kept = sim.files.filter((f) => f.dropped === null);
        for (const f of kept) expect(isRustWhitespaceOnly(f.text)).toBe(false);
        expect(sim.text).toBe(kept.length ? kept.map((f) => f.text).join('\n\n') : null);
        // Shadowed files never contribute: at most one file per directory, the first regular candidate.
        const dirs = sim.files.map((f) => f.path.slice(0, f.path.lastIndexOf('/')));
        expect(new Set(dirs).size).toBe(dirs.length);
        for (const searched of sim.searched) {
          const firstFile = searched.candidates.find((c) => c.kind === 'file');
          expect(searched.chosen?.path).toBe(firstFile?.path);
        }
      }),
      { numRuns: RUNS * 5 },
    );
  });

  it('byte positions map inside the text for any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.nat(), (bytes, n) => {
        const text = decodeLossy(bytes);
        const loc = new Locator(text, bytes);
        const offset = loc.textOffsetOfByte(n % (bytes.length + 1));
        expect(offset).toBeGreaterThanOrEqual(0);
        expect(offset).toBeLessThanOrEqual(text.length);
        const pos = loc.bytePosition(n % (bytes.length + 1));
        expect(pos.line).toBeLessThanOrEqual(loc.lineCount);
      }),
      { numRuns: RUNS * 10 },
    );
  });
});

describe('fuzz: whole lint over random repositories', () => {
  it('no rule crashes and every position lies inside its file', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (files) => {
        const all: Record<string, MemoryEntry> = { '/repo/.agents-lint.json': '{ "root": true }', ...files };
        const fs = new MemoryFileSystem(all);
        const result = await lint({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, fs });
        for (const d of result.diagnostics) {
          expect(d.fatal, `${d.ruleId}: ${d.message}`).toBeFalsy();
          expect(d.line).toBeGreaterThanOrEqual(1);
          expect(d.column).toBeGreaterThanOrEqual(1);
          const entry = all[`/repo/${d.file}`];
          if (typeof entry === 'string' || entry instanceof Uint8Array) {
            const bytes = typeof entry === 'string' ? new TextEncoder().encode(entry) : entry;
            const lines = new Locator(decodeLossy(bytes), bytes).lineCount;
            expect(d.endLine).toBeLessThanOrEqual(lines);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });
});
