import * as path from 'node:path';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RepoIndex } from '../../../src/repo/repo-index.js';
import { NodeFileSystem, type FileSystem } from '../../../src/repo/vfs.js';
import { ProbeCache } from '../../../src/discovery/simulate.js';
import { parseHosts } from '../../../src/discovery/host-view.js';
import { profileOf, simulateHost, type HostEnv, type HostSimulation, type Moment } from '../../../src/discovery/hosts/index.js';
import { FIXTURES } from '../../helpers/paths.js';

/** One expectation of fixtures/hosts/<host>/<scenario>/expected.json, with the source it rests on. */
interface Case {
  name: string;
  source: string;
  host: string;
  cwd: string;
  moment?: { afterReadingIn: string };
  /** "<repo-relative path> <kind>[ skipped:<why>][ cut:<offset>]", in load order. */
  files: string[];
  /** Exact model-visible text, `<ROOT>` for the fixture's absolute path. */
  text?: string | null;
  textIncludes?: string[];
  imports?: { file: string; line: number; column: number; kind: string; target: string }[];
  sizes?: { file: string; effect: string; limit: number; size?: number }[];
}

export function simulateFixture(root: string, hostSpec: string, cwdRel: string, moment: Moment = 'session-start', fs: FileSystem = new NodeFileSystem()): { sim: HostSimulation; env: HostEnv } {
  const sel = parseHosts([hostSpec])[0];
  if (!sel) throw new Error(`bad host ${hostSpec}`);
  const profile = profileOf(sel.id);
  if (!profile) throw new Error(`no profile ${sel.id}`);
  const repo = new RepoIndex({ root, fs, useGit: false });
  const env: HostEnv = { cache: new ProbeCache(fs), root, files: repo.files };
  const cwd = cwdRel ? path.join(root, cwdRel) : root;
  return { sim: simulateHost(profile, env, cwd, profile.settings(env, cwd, sel.variant), { moment }), env };
}

export function describeFile(root: string, f: HostSimulation['files'][number]): string {
  const rel = path.relative(root, f.path).split(path.sep).join('/');
  return [`${rel} ${f.kind}`, f.skipped ? ` skipped:${f.skipped}` : '', f.cut ? ` cut:${f.cut.offset}` : ''].join('');
}

function position(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
}

/** Runs every scenario of a host: load list, text, imports and size findings as expected.json states. */
export function runScenarios(host: string): void {
  const base = path.join(FIXTURES, 'hosts', host);
  for (const scenario of readdirSync(base).sort()) {
    const root = path.join(base, scenario);
    const { cases } = JSON.parse(readFileSync(path.join(root, 'expected.json'), 'utf8')) as { cases: Case[] };
    describe(`${host}/${scenario}`, () => {
      for (const c of cases) {
        it(`${c.name} [${c.source}]`, () => {
          const moment: Moment = c.moment ? { afterReadingIn: path.join(root, c.moment.afterReadingIn) } : 'session-start';
          const { sim } = simulateFixture(root, c.host, c.cwd, moment);
          expect(sim.files.map((f) => describeFile(root, f))).toEqual(c.files);
          const text = sim.text === null ? null : sim.text.split(root).join('<ROOT>');
          if (c.text !== undefined) expect(text).toBe(c.text);
          for (const part of c.textIncludes ?? []) expect(text ?? '').toContain(part);
          if (c.imports) {
            const got = sim.imports.map((p) => {
              const pos = position(readFileSync(p.file, 'utf8'), p.offset);
              return { file: path.relative(root, p.file), ...pos, kind: p.kind, target: p.target };
            });
            expect(got.sort((a, b) => a.file.localeCompare(b.file))).toEqual(c.imports);
          }
          if (c.sizes) {
            const got = sim.sizes.map((s) => ({ file: s.file === null ? null : path.relative(root, s.file), effect: s.effect, limit: s.limit, ...(c.sizes?.some((e) => e.size !== undefined) ? { size: s.size } : {}) }));
            expect(got).toEqual(c.sizes);
          }
        });
      }
    });
  }
}
