import * as path from 'node:path';
import { prepare, type LintOptions } from '../engine/lint.js';
import { hostsView } from './host-view.js';
import { profileOf } from './hosts/index.js';
import type { HostSimulation } from './hosts/types.js';

/** One host's column in `explain --hosts`: what it loads for the directory, in order. */
export interface HostExplainJson {
  host: string;
  name: string;
  verifiedOn: string;
  /** Whether the host loads more once the agent reads a file below the cwd. */
  lazy: boolean;
  files: { path: string; kind: string; bytes: number; chars: number; skipped: string | null; cut: { offset: number; limit: number } | null; via: string | null }[];
  imports: { file: string; target: string; kind: string }[];
  sizes: { file: string | null; size: number; limit: number; unit: string; effect: string; who: string }[];
  notes: string[];
  text: string | null;
}

/**
 * The hosts part of `explain`: null when only Codex is selected (the Codex JSON stays exactly as
 * it was), else one entry per selected host, Codex first.
 */
export function explainHosts(options: LintOptions, dir: string | undefined, ctx: ReturnType<typeof prepare> = prepare(options)): HostExplainJson[] | null {
  const view = hostsView(ctx.discovery, ctx.repo);
  if (view.hosts.every((h) => h.id === 'codex')) return null;
  const cwd = path.resolve(options.cwd ?? process.cwd(), dir ?? '.');
  const cwdRel = ctx.repo.rel(cwd);
  const rel = (p: string) => {
    const r = ctx.repo.rel(p);
    return r.startsWith('..') ? p : r;
  };
  return view.hosts.map((sel) => {
    const sim: HostSimulation = view.simulation(sel, cwdRel);
    const profile = profileOf(sel.id);
    return {
      host: sel.label,
      name: profile?.name ?? 'Codex',
      verifiedOn: profile?.verifiedOn ?? 'codex-cli (see test/conformance)',
      lazy: profile?.lazy ?? false,
      files: sim.files.map((f) => ({ path: rel(f.path), kind: f.kind, bytes: f.bytes, chars: f.text.length, skipped: f.skipped ?? null, cut: f.cut ? { offset: f.cut.offset, limit: f.cut.limit } : null, via: f.via ? rel(f.via) : null })),
      imports: sim.imports.map((p) => ({ file: rel(p.file), target: p.target, kind: p.kind })),
      sizes: sim.sizes.map((s) => ({ file: s.file === null ? null : rel(s.file), size: s.size, limit: s.limit, unit: s.unit, effect: s.effect, who: s.who })),
      notes: sim.notes,
      text: sim.text,
    };
  });
}

/** Side by side: one column per host, one row per file any host loads (✓ loaded, · not, ✂ cut, ✗ skipped). */
export function formatHostsText(hosts: readonly HostExplainJson[], dirLabel: string): string {
  const order: string[] = [];
  for (const h of hosts) for (const f of h.files) if (!order.includes(f.path)) order.push(f.path);
  const width = Math.max(4, ...order.map((p) => p.length));
  const cols = hosts.map((h) => Math.max(h.host.length, 3));
  const lines = [`What each host loads for ${dirLabel} at session start:`, '', `${'file'.padEnd(width)}  ${hosts.map((h, i) => h.host.padEnd(cols[i] ?? 3)).join('  ')}`];
  for (const p of order) {
    const cells = hosts.map((h, i) => {
      const idx = h.files.findIndex((f) => f.path === p);
      const f = h.files[idx];
      const mark = !f ? '·' : f.skipped ? `✗ ${f.skipped}` : f.cut ? `✂${idx + 1}` : `${idx + 1}`;
      return mark.padEnd(cols[i] ?? 3);
    });
    lines.push(`${p.padEnd(width)}  ${cells.join('  ')}`);
  }
  lines.push('', 'Numbers give each host\'s load order; · not loaded; ✂ cut; ✗ skipped.');
  for (const h of hosts) {
    const extra = [...h.notes, ...h.imports.map((i) => `import @${i.target} in ${i.file}: ${i.kind}`), ...h.sizes.map((s) => `${s.who}: ${s.file ?? 'total'} ${s.size} ${s.unit} > ${s.limit} (${s.effect})`)];
    if (h.lazy) extra.push('loads more files below this directory when the agent reads there');
    if (extra.length) lines.push('', `${h.host} (${h.name}, verified on ${h.verifiedOn}):`, ...extra.map((e) => `  - ${e}`));
  }
  return `${lines.join('\n')}\n`;
}
