import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { buildSync } from 'esbuild';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { lint, prepare } from '../../src/engine/lint.js';
import { hostsView } from '../../src/discovery/host-view.js';
import { profileOf } from '../../src/discovery/hosts/index.js';
import { ProbeCache } from '../../src/discovery/simulate.js';
import type { Simulation } from '../../src/discovery/types.js';
import { MemoryFileSystem, NodeFileSystem, type FileSystem, type MemoryEntry } from '../../src/repo/vfs.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// Discovery shares work between working directories (a host's simulation per chain of directories,
// Codex's text per list of files) and answers probes from directory listings. These tests check that
// neither changes an answer: a run computes for each cwd what a run for that cwd alone computes, and a
// file system without listings gives the same diagnostics.

const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60);

/** The same file system without `absence`: every probe is a metadata call. */
function withoutListings(fs: FileSystem): FileSystem {
  const plain: FileSystem = { probe: (p) => fs.probe(p), read: (p, max) => fs.read(p, max), list: (p) => fs.list(p) };
  if (fs.realpath) plain.realpath = (p) => fs.realpath?.(p) ?? null;
  return plain;
}

const DIRS = ['', 'a', 'a/b', 'a/b/c', 'pkgs/x', 'pkgs/y', 'pkgs/x/src'];
const NAMES = ['AGENTS.override.md', 'AGENTS.md', 'CLAUDE.md', 'CLAUDE.local.md', 'agents.md', 'Claude.md', '.claude/CLAUDE.md', '.claude/AGENTS.md', '.claude/rules/r.md', '.git', 'GEMINI.md', 'docs/x.md', '.cursorrules'];
const TEXTS = [
  '# Rules\n\nUse pnpm.\n',
  '# Rules\n\nUse pnpm.\n',
  '@AGENTS.md\n',
  '# Claude\n\n@AGENTS.md\n@../AGENTS.md\n',
  'See @docs/x.md and @../../CLAUDE.md and @missing.md\n',
  '@pkgs/x/AGENTS.md\n@a/b/AGENTS.md\n',
  '   \n\t',
  '',
  '<!-- hidden -->\n# Shown\n',
  `${'- a long rule that fills the budget and the fingerprint\n'.repeat(30)}`,
];
const entry: fc.Arbitrary<MemoryEntry> = fc.oneof(
  { weight: 10, arbitrary: fc.constantFrom(...TEXTS) },
  { weight: 2, arbitrary: fc.constantFrom<MemoryEntry>({ symlink: 'AGENTS.md' }, { symlink: '../AGENTS.md' }, { symlink: 'missing.md' }, { dir: true }) },
  { weight: 1, arbitrary: fc.constantFrom<MemoryEntry>({ special: true }, { error: 'EACCES' }, { error: 'ELOOP' }) },
);
const tree = fc.dictionary(
  fc.tuple(fc.constantFrom(...DIRS), fc.constantFrom(...NAMES)).map(([d, n]) => (d ? `/repo/${d}/${n}` : `/repo/${n}`)),
  entry,
  { maxKeys: 16 },
);

function repository(files: Record<string, MemoryEntry>): MemoryFileSystem {
  return new MemoryFileSystem({
    '/repo/.agents-lint.json': '{ "root": true }',
    '/repo/package.json': '{ "workspaces": ["a", "a/b", "pkgs/*"] }',
    '/repo/a/package.json': '{}',
    '/repo/a/b/package.json': '{}',
    '/repo/pkgs/x/package.json': '{}',
    '/repo/pkgs/y/package.json': '{}',
    '/repo/a/b/c/.keep': '',
    '/repo/pkgs/x/src/.keep': '',
    ...files,
  });
}

/** A simulation as its JSON shows it (the block rendered, the class's getters as fields). */
const plain = (sim: Simulation): Simulation => JSON.parse(JSON.stringify(sim)) as Simulation;

const options = (fs: FileSystem) => ({ paths: ['/repo'], cwd: '/repo', codexHome: EMPTY_CODEX_HOME, hosts: ['all'], fs });

describe('shared discovery work', () => {
  it('a run simulates each cwd (every host) as a run for that cwd alone does', () => {
    fc.assert(
      fc.property(tree, (files) => {
        const fs = repository(files);
        const shared = prepare(options(fs));
        const view = hostsView(shared.discovery, shared.repo);
        const cwds = shared.discovery.cwds();
        // Every cwd first (so chains are shared), then each compared with a fresh run of its own.
        const together = cwds.map((cwd) => ({ codex: shared.discovery.simulation(cwd), hosts: view.hosts.map((h) => view.simulation(h, cwd)) }));
        cwds.forEach((cwd, i) => {
          const alone = prepare(options(withoutListings(fs)));
          const aloneView = hostsView(alone.discovery, alone.repo);
          expect(together[i]?.codex).toEqual(alone.discovery.simulation(cwd));
          expect(together[i]?.hosts).toEqual(aloneView.hosts.map((h) => aloneView.simulation(h, cwd)));
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('a shared simulation is the cwd\'s own simulation but for the cwd it names', () => {
    fc.assert(
      fc.property(tree, (files) => {
        const ctx = prepare(options(repository(files)));
        const view = hostsView(ctx.discovery, ctx.repo);
        for (const sel of view.hosts) {
          const profile = profileOf(sel.id);
          if (!profile?.simulateShared) continue;
          for (const cwd of ctx.discovery.cwds()) {
            const abs = ctx.discovery.absOf(cwd);
            const { cwd: _shared, ...shared } = profile.simulateShared(view.env, abs, profile.settings(view.env, abs, sel.variant));
            const { cwd: _own, ...own } = view.simulation(sel, cwd);
            expect(shared).toEqual(own);
          }
        }
      }),
      { numRuns: RUNS },
    );
  });

  it('a cwd\'s shared Codex simulation is its own but for the cwd it names, and searched() answers the cwd\'s directory', () => {
    let sharedSeen = 0;
    fc.assert(
      fc.property(tree, (files) => {
        const fs = repository(files);
        const ctx = prepare(options(fs));
        const sims = ctx.discovery.simulations();
        for (const { cwd, sim } of sims) {
          const own = prepare(options(withoutListings(fs))).discovery.simulation(cwd);
          const { cwd: sharedCwd, searched: sharedSearched, ...shared } = plain(sim);
          const { cwd: ownCwd, searched: ownSearched, block: _block, ...rest } = plain(own);
          const { block: _sharedBlock, ...sharedRest } = shared;
          expect(sharedRest).toEqual(rest);
          if (sharedCwd === ownCwd) {
            expect(sharedSearched).toEqual(ownSearched);
            continue;
          }
          sharedSeen++;
          // A quiet sibling's: the same parent, and the same chain above it.
          expect(path.dirname(sharedCwd)).toBe(path.dirname(ownCwd));
          expect(sharedSearched.slice(0, -1)).toEqual(ownSearched.slice(0, -1));
          expect(ctx.discovery.searched(cwd)).toEqual(ownSearched.at(-1));
        }
      }),
      { numRuns: RUNS },
    );
    expect(sharedSeen).toBeGreaterThan(0);
  });

  it('quiet cwds share a simulation only with siblings that are quiet too', () => {
    const fs = repository({ '/repo/AGENTS.md': '# Root\n', '/repo/pkgs/z/AGENTS.md': '# Z\n', '/repo/pkgs/g/package.json': '{}', '/repo/pkgs/g/.git': { dir: true } });
    const ctx = prepare(options(fs));
    const packages = ['pkgs/x', 'pkgs/y', 'pkgs/z', 'pkgs/g'];
    // Workspaces name pkgs/*: the four are cwds, the root's AGENTS.md is every chain's first file.
    expect(ctx.discovery.cwds()).toEqual(expect.arrayContaining(packages));
    const shared = (cwd: string) => ctx.discovery.sharedSimulation(cwd);
    // The first quiet cwd asked for under a parent is simulated; its quiet siblings get its simulation.
    const first = shared('pkgs/x');
    expect(first.cwd).toBe('/repo/pkgs/x');
    expect(shared('pkgs/y')).toBe(first);
    // pkgs/z holds an AGENTS.md and pkgs/g a root marker: each is simulated for itself.
    expect(shared('pkgs/z')).not.toBe(shared('pkgs/x'));
    expect(shared('pkgs/z').files.map((f) => f.path)).toEqual(['/repo/AGENTS.md', '/repo/pkgs/z/AGENTS.md']);
    expect(shared('pkgs/g').cwd).toBe('/repo/pkgs/g');
    expect(shared('pkgs/g').root.dir).toBe('/repo/pkgs/g');
    // The cwd's own simulation stays its own (explain shows it).
    expect(ctx.discovery.simulation('pkgs/y').cwd).toBe('/repo/pkgs/y');
  });

  it('listings give the same diagnostics as a probe per name', async () => {
    await fc.assert(
      fc.asyncProperty(tree, async (files) => {
        const fs = repository(files);
        const fast = await lint(options(fs));
        const slow = await lint(options(withoutListings(fs)));
        expect(fast.diagnostics).toEqual(slow.diagnostics);
      }),
      { numRuns: RUNS },
    );
  });
});

describe('simulations with files hidden (no-host-divergence: shadowed)', () => {
  // A divergence is "shadowed" when the host would load the file with the ones it reads instead
  // hidden: those paths probe as missing and are not listed (a symlink to one still resolves). The
  // hiding cache shares the run's memos for every path and directory no hidden file bears on; the
  // answer must be what a fresh run, sharing nothing, gives over a file system that hides them.
  const hiding = (fs: FileSystem, hidden: ReadonlySet<string>): FileSystem => ({
    probe: (p) => (hidden.has(p) ? { kind: 'missing', symlink: false } : fs.probe(p)),
    read: (p, max) => fs.read(p, max),
    list: (p) => fs.list(p).filter((e) => !hidden.has(`${p}/${e.name}`)),
  });
  it('a divergence is shadowed exactly when a fresh run with the files read instead hidden loads the file', () => {
    let shadowedSeen = 0;
    fc.assert(
      fc.property(tree, (files) => {
        const fs = repository(files);
        const ctx = prepare(options(fs));
        const view = hostsView(ctx.discovery, ctx.repo);
        // Every host simulated from every cwd first, so the run's memos hold what the hiding cache may share.
        for (const cwd of ctx.discovery.cwds()) for (const h of view.hosts) view.simulation(h, cwd);
        for (const d of view.divergences()) {
          const cwd = d.cwds[0];
          const sel = view.hosts.find((h) => h.label === d.host);
          if (d.instead.length === 0 || cwd === undefined || !sel || sel.id === 'codex') continue;
          const fresh = prepare(options(hiding(fs, new Set(d.instead.map((r) => ctx.repo.abs(r))))));
          const freshView = hostsView(fresh.discovery, fresh.repo);
          const loads = freshView.simulation(sel, cwd).files.some((f) => !f.skipped && !f.listedOnly && fresh.repo.rel(f.path) === d.file);
          expect(d.shadowed, `${d.host} ${d.file} from ${cwd} without ${d.instead.join(', ')}`).toBe(loads);
          if (loads) shadowedSeen++;
        }
      }),
      { numRuns: RUNS * 2 },
    );
    expect(shadowedSeen).toBeGreaterThan(0);
  });
});

describe('Claude Code chains derived from shorter ones', () => {
  it('AGENTS.md files below a CLAUDE.md are counted in the note and load nothing', () => {
    const fs = repository({
      '/repo/CLAUDE.md': '# Claude\n\n@AGENTS.md\n',
      '/repo/AGENTS.md': '# Root\n',
      '/repo/pkgs/x/AGENTS.md': '# X\n',
      '/repo/pkgs/x/src/AGENTS.md': '# X src\n',
    });
    const ctx = prepare({ ...options(fs), hosts: ['claude-code'] });
    const view = hostsView(ctx.discovery, ctx.repo);
    const sel = view.hosts[0]!;
    const note = (n: number) => `AGENTS.md not read (${n} on the path): a CLAUDE-family file is on the path, so the agents-md fallback stays off.`;
    const at = (cwd: string) => view.simulation(sel, cwd);
    for (const [cwd, count] of [['pkgs/x/src', 3], ['pkgs/x', 2], ['', 1], ['pkgs/y', 1]] as const) {
      const sim = at(cwd);
      expect(sim.cwd).toBe(cwd ? `/repo/${cwd}` : '/repo');
      expect(sim.notes).toEqual([note(count)]);
      // The root's @AGENTS.md lies outside every cwd below the root: it waits for approval there.
      expect(sim.files.map((f) => f.path)).toEqual(cwd === '' ? ['/repo/CLAUDE.md', '/repo/AGENTS.md'] : ['/repo/CLAUDE.md']);
      expect(sim.imports.map((i) => i.kind)).toEqual(cwd === '' ? [] : ['approval']);
    }
  });
});

describe('Claude Code chains continued from shorter ones', () => {
  it('without a CLAUDE.md, each AGENTS.md on the path loads after those above it, duplicates skipped', () => {
    const fs = repository({
      '/repo/AGENTS.md': '# Root\n\nSee @docs/x.md\n',
      '/repo/docs/x.md': 'x',
      '/repo/pkgs/x/AGENTS.md': '# X\n\n@../../docs/x.md\n@missing.md\n',
      '/repo/pkgs/x/src/AGENTS.md': '# Root\n\nSee @docs/x.md\n',
    });
    const ctx = prepare({ ...options(fs), hosts: ['claude-code'] });
    const view = hostsView(ctx.discovery, ctx.repo);
    const sel = view.hosts[0]!;
    const loaded = (cwd: string) => view.simulation(sel, cwd).files.map((f) => `${f.path.slice('/repo/'.length)}${f.skipped ? `:${f.skipped}` : ''}`);
    expect(loaded('pkgs/x/src')).toEqual(['AGENTS.md', 'pkgs/x/AGENTS.md', 'pkgs/x/src/AGENTS.md:duplicate']);
    expect(loaded('pkgs/x')).toEqual(['AGENTS.md', 'pkgs/x/AGENTS.md']);
    expect(loaded('')).toEqual(['AGENTS.md', 'docs/x.md']);
    expect(view.simulation(sel, 'pkgs/x/src').imports.map((i) => `${i.target}:${i.kind}`)).toEqual(['docs/x.md:approval', '../../docs/x.md:approval', 'missing.md:missing']);
    expect(view.simulation(sel, 'pkgs/x/src').notes).toEqual([]);
  });
});

describe('NodeFileSystem.absence', () => {
  const temp: string[] = [];
  afterAll(() => temp.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it('a name it proves missing is missing for probe(), whatever the directory holds', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'al-absence-'));
    temp.push(root);
    const dirs = {
      plain: ['package.json', 'README.md'],
      links: ['AGENTS.md->README.md', 'CLAUDE.md->missing.md', 'loop->loop', 'README.md'],
      dirNamedLikeAFile: ['AGENTS.md/', '.claude/', '.git/'],
      caseVariants: ['agents.md', 'Claude.md', 'AGENTS.OVERRIDE.MD'],
      unicode: ['é.md', 'ＡＧＥＮＴＳ.md'],
      fifo: ['AGENTS.override.md|'],
    };
    for (const [dir, entries] of Object.entries(dirs)) {
      const abs = path.join(root, dir);
      mkdirSync(abs);
      for (const e of entries) {
        if (e.endsWith('/')) mkdirSync(path.join(abs, e.slice(0, -1)));
        else if (e.endsWith('|')) spawnSync('mkfifo', [path.join(abs, e.slice(0, -1))]);
        else if (e.includes('->')) {
          const [name, target] = e.split('->') as [string, string];
          symlinkSync(target, path.join(abs, name));
        } else writeFileSync(path.join(abs, e), 'x');
      }
    }
    symlinkSync('plain', path.join(root, 'linkedDir'));
    const names = ['AGENTS.md', 'AGENTS.override.md', 'CLAUDE.md', 'CLAUDE.local.md', '.claude', '.git', 'agents.md', 'README.md', 'loop', 'x'.repeat(300), 'a\0b', '.', '..', ''];
    const fs = new NodeFileSystem();
    for (const dir of [...Object.keys(dirs), 'linkedDir', 'no-such-dir']) {
      const abs = path.join(root, dir);
      const cache = new ProbeCache(fs);
      cache.expectProbes(abs);
      for (const name of names) expect(cache.probe(`${abs}/${name}`), `${dir}/${name}`).toEqual(fs.probe(`${abs}/${name}`));
    }
  });
});

describe('NodeFileSystem.absence without read or search permission', () => {
  // A listing proves a name missing only where a lookup of that name would find nothing: in a
  // directory without search permission every lookup fails (EACCES), and one without read permission
  // cannot be listed. Root may read and search any directory, so under root the check runs in a child
  // process as an unprivileged user (setpriv), where these modes take effect.
  const temp: string[] = [];
  // The directories get their permissions back first: without them an unprivileged user could not remove them.
  const restricted: string[] = [];
  afterAll(() => {
    restricted.forEach((d) => chmodSync(d, 0o755));
    temp.forEach((d) => rmSync(d, { recursive: true, force: true }));
  });
  const MODES = { readOnly: 0o444, searchOnly: 0o111, readSearch: 0o555, writeSearch: 0o333, none: 0o000 };
  const NAMES = ['f', 'AGENTS.md', 'CLAUDE.md', '.git'];

  /** Probes of each directory's names through a proof, next to the plain probes, as "dir/name: probe" lines. */
  const script = (root: string) => `
    const { NodeFileSystem } = await import(${JSON.stringify('VFS')});
    const { ProbeCache } = await import(${JSON.stringify('SIMULATE')});
    const fs = new NodeFileSystem();
    const lines = [];
    for (const dir of ${JSON.stringify(Object.keys(MODES))}) {
      const abs = ${JSON.stringify(root)} + '/' + dir;
      const cache = new ProbeCache(fs);
      cache.expectProbes(abs);
      for (const name of ${JSON.stringify(NAMES)}) lines.push(dir + '/' + name + ' ' + JSON.stringify(cache.probe(abs + '/' + name)) + ' ' + JSON.stringify(fs.probe(abs + '/' + name)));
    }
    console.log(lines.join('\\n'));`;

  it('answers every probe as the file system does', () => {
    const root = mkdtempSync(path.join(tmpdir(), 'al-absence-modes-'));
    temp.push(root);
    chmodSync(root, 0o755);
    for (const [dir, mode] of Object.entries(MODES)) {
      mkdirSync(path.join(root, dir));
      writeFileSync(path.join(root, dir, 'f'), 'x');
      chmodSync(path.join(root, dir), mode);
      restricted.push(path.join(root, dir));
    }
    const asRoot = process.getuid?.() === 0;
    const setpriv = ['/usr/bin/setpriv', '/bin/setpriv'].find((p) => existsSync(p));
    let output: string;
    if (asRoot && setpriv) {
      // The two modules, bundled for a plain node process (the child cannot load TypeScript).
      const bundle = (entry: string) => {
        const file = path.join(root, `${path.basename(entry, '.ts')}.mjs`);
        const built = buildSync({ entryPoints: [entry], bundle: true, platform: 'node', format: 'esm', write: false, logLevel: 'silent' });
        writeFileSync(file, built.outputFiles[0]!.text);
        return file;
      };
      const code = script(root).replace('VFS', bundle('src/repo/vfs.ts')).replace('SIMULATE', bundle('src/discovery/simulate.ts'));
      const child = spawnSync(setpriv, ['--reuid=65534', '--regid=65534', '--clear-groups', process.execPath, '--input-type=module', '-e', code], { encoding: 'utf8' });
      expect(child.stderr).toBe('');
      output = child.stdout;
    } else {
      const fs = new NodeFileSystem();
      const lines: string[] = [];
      for (const dir of Object.keys(MODES)) {
        const abs = path.join(root, dir);
        const cache = new ProbeCache(fs);
        cache.expectProbes(abs);
        for (const name of NAMES) lines.push(`${dir}/${name} ${JSON.stringify(cache.probe(`${abs}/${name}`))} ${JSON.stringify(fs.probe(`${abs}/${name}`))}`);
      }
      output = `${lines.join('\n')}\n`;
    }
    const lines = output.trim().split('\n');
    expect(lines).toHaveLength(Object.keys(MODES).length * NAMES.length);
    for (const line of lines) {
      const [what, viaProof, plain] = line.split(' ') as [string, string, string];
      expect(viaProof, what).toBe(plain);
    }
    // Where the modes take effect, the directory without search permission answers EACCES for a missing name.
    if (!asRoot || setpriv) expect(lines.find((l) => l.startsWith('readOnly/AGENTS.md'))).toContain('EACCES');
  });
});
