import * as path from 'node:path';
import { prepare, type LintOptions } from './engine/lint.js';
import { findRoot } from './discovery/simulate.js';
import { describeCut, type CutDetails } from './discovery/cut.js';
import { FsError } from './repo/vfs.js';
import type { Simulation } from './discovery/types.js';

export interface ExplainJson {
  host: 'codex';
  root: string | null;
  rootReason: string;
  cwd: string;
  lintRoot: string;
  /** Where Codex itself stops when the lint root came from a config file or --root. */
  codexRoot?: { dir: string | null; note: string };
  trust: { level: string; source: string; key?: string };
  settings: { projectDocMaxBytes: number; fallbackFilenames: string[]; rootMarkers: string[] };
  searched: { dir: string; candidates: { name: string; result: string; code?: string; symlink: boolean }[]; chosen: string | null }[];
  files: {
    path: string;
    bytes: number;
    usedBytes: number;
    truncated: boolean;
    dropped: string | null;
    cut: { byteOffset: number; line: number; column: number; splitsCharacter: boolean; bytesLost: number; sectionsLost: string[] } | null;
  }[];
  error: { path: string; code: string } | null;
  userInstructions: string | null;
  warnings: string[];
  text: string | null;
  block: string | null;
}

export interface ExplainReport {
  json: ExplainJson;
  simulation: Simulation;
  cuts: (CutDetails | null)[];
}

/** What Codex loads for one working directory, with every step shown (the `explain` command). */
export function explain(options: LintOptions, dir: string | undefined, ctx: ReturnType<typeof prepare> = prepare(options)): ExplainReport {
  const cwd = path.resolve(options.cwd ?? process.cwd(), dir ?? '.');
  const cwdRel = ctx.repo.rel(cwd);
  const sim = ctx.discovery.simulation(cwdRel);
  const rel = (p: string) => {
    const r = ctx.repo.rel(p);
    return r.startsWith('..') ? p : r;
  };
  const cuts = sim.files.map((file) => {
    if (!file.cut && file.dropped !== 'budget') return null;
    const bytes = ctx.repo.fs.probe(file.path).kind === 'file' ? safeRead(ctx.repo.fs, file.path) : null;
    return bytes ? describeCut(file, bytes) : null;
  });
  const json: ExplainJson = {
    host: 'codex',
    root: sim.root.dir,
    rootReason: describeRoot(sim),
    cwd,
    lintRoot: ctx.root.root,
    trust: ctx.discovery.trust(cwdRel),
    settings: { projectDocMaxBytes: sim.settings.maxBytes, fallbackFilenames: sim.settings.fallbackFilenames, rootMarkers: sim.settings.rootMarkers },
    searched: sim.searched.map((s) => ({
      dir: rel(s.dir) || '.',
      candidates: s.candidates.map((c) => ({ name: c.name, result: c.kind, ...(c.code ? { code: c.code } : {}), symlink: c.symlink })),
      chosen: s.chosen ? s.chosen.name : null,
    })),
    files: sim.files.map((f, i) => {
      const cut = cuts[i] ?? null;
      return {
        path: rel(f.path),
        bytes: f.bytes,
        usedBytes: f.usedBytes,
        truncated: f.cut !== null || f.dropped === 'budget',
        dropped: f.dropped,
        cut: cut ? { byteOffset: cut.byteOffset, line: cut.line, column: cut.column, splitsCharacter: cut.splitsCharacter, bytesLost: cut.bytesLost, sectionsLost: cut.sectionsLost } : null,
      };
    }),
    error: sim.error ? { path: rel(sim.error.path), code: sim.error.code } : null,
    userInstructions: sim.settings.userInstructions?.path ?? null,
    warnings: sim.warnings,
    text: sim.text,
    block: sim.block,
  };
  if (sim.root.reason.kind === 'boundary') {
    const real = findRoot(ctx.discovery.cache, cwd, sim.settings.rootMarkers);
    json.codexRoot = {
      dir: real.dir,
      note: real.dir
        ? `Codex itself finds its project root at ${real.dir} (marker ${real.reason.kind === 'marker' ? real.reason.marker : '?'}), outside this repository; agents-lint treats ${ctx.root.root} as the root because ${ctx.root.kind === 'flag' ? '--root says so' : 'its config says "root": true'}.`
        : `Codex itself finds no root marker above ${cwd} and would load only the cwd's file; agents-lint treats ${ctx.root.root} as the root because ${ctx.root.kind === 'flag' ? '--root says so' : 'its config says "root": true'}.`,
    };
  }
  return { json, simulation: sim, cuts };
}

function safeRead(fs: { read(p: string): Uint8Array }, p: string): Uint8Array | null {
  try {
    return fs.read(p);
  } catch (error) {
    if (error instanceof FsError) return null;
    throw error;
  }
}

function describeRoot(sim: Simulation): string {
  switch (sim.root.reason.kind) {
    case 'marker':
      return `nearest ancestor of the cwd holding the marker "${sim.root.reason.marker}"`;
    case 'boundary':
      return 'the linted repository root (set by config "root": true or --root)';
    case 'no-markers':
      return 'project_root_markers is empty: only the cwd is searched';
    case 'none':
      return sim.settings.loadProjectDocs && sim.settings.maxBytes > 0
        ? 'no ancestor holds a root marker: only the cwd is searched'
        : 'project docs are disabled (project_doc_max_bytes = 0 or an untrusted project)';
  }
}
