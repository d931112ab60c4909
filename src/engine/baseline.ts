import type { Diagnostic } from '../util/diagnostic.js';

/**
 * A baseline records the findings a repository already has so that only new ones fail. Entries are
 * keyed by file, rule, messageId and the trimmed text of the finding's line, not by line number, so
 * editing above a finding does not make it "new"; identical findings are counted, not repeated.
 */
export interface BaselineEntry {
  file: string;
  ruleId: string | null;
  messageId: string;
  /** The trimmed text of the finding's first line. */
  source: string;
  count: number;
}

export interface Baseline {
  version: 1;
  entries: BaselineEntry[];
}

/** Returns the text of a line of a repository file (1-based), or undefined when unknown. */
export type LineSource = (file: string, line: number) => string | undefined;

const keyOf = (d: Diagnostic, lines: LineSource) => JSON.stringify([d.file, d.ruleId, d.messageId, (lines(d.file, d.line) ?? '').trim()]);

export function createBaseline(diagnostics: Iterable<Diagnostic>, lines: LineSource): Baseline {
  const counts = new Map<string, BaselineEntry>();
  for (const d of diagnostics) {
    if (d.fatal) continue;
    const key = keyOf(d, lines);
    const entry = counts.get(key);
    if (entry) entry.count++;
    else counts.set(key, { file: d.file, ruleId: d.ruleId, messageId: d.messageId, source: (lines(d.file, d.line) ?? '').trim(), count: 1 });
  }
  const entries = [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
  return { version: 1, entries };
}

export function serializeBaseline(baseline: Baseline): string {
  return JSON.stringify(baseline, null, 2) + '\n';
}

/** Parses a baseline file's text; throws an Error with a plain message when it is not one. */
export function parseBaseline(text: string): Baseline {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null || (value as { version?: unknown }).version !== 1 || !Array.isArray((value as { entries?: unknown }).entries)) {
    throw new Error('not an agents-lint baseline (expected { "version": 1, "entries": [...] }); recreate it with --write-baseline');
  }
  const entries = (value as { entries: unknown[] }).entries.filter(
    (e): e is BaselineEntry =>
      typeof e === 'object' && e !== null && typeof (e as BaselineEntry).file === 'string' && typeof (e as BaselineEntry).messageId === 'string' && typeof (e as BaselineEntry).source === 'string',
  );
  return { version: 1, entries };
}

/** The diagnostics not accounted for by the baseline (each entry absorbs up to `count` findings). */
export function filterBaseline(diagnostics: readonly Diagnostic[], baseline: Baseline, lines: LineSource): Diagnostic[] {
  return diagnostics.filter(baselineFilter(baseline, lines));
}

/**
 * filterBaseline as a predicate, for diagnostics read one file at a time: it must see them all, in
 * order (each entry absorbs the first `count` findings it matches).
 */
export function baselineFilter(baseline: Baseline, lines: LineSource): (d: Diagnostic) => boolean {
  return baselineMatcher(baseline, lines).keep;
}

/** baselineFilter's predicate, and once every finding went through it: how many it hid, and the entries nothing matched. */
export interface BaselineMatcher {
  keep: (d: Diagnostic) => boolean;
  hidden(): number;
  /** Findings the baseline records that this run no longer has (fixed, or their line changed). */
  stale(): number;
}

export function baselineMatcher(baseline: Baseline, lines: LineSource): BaselineMatcher {
  const remaining = new Map<string, number>();
  for (const e of baseline.entries) {
    const key = JSON.stringify([e.file, e.ruleId ?? null, e.messageId, e.source.trim()]);
    remaining.set(key, (remaining.get(key) ?? 0) + (Number.isInteger(e.count) && e.count > 0 ? e.count : 1));
  }
  let hidden = 0;
  return {
    keep: (d) => {
      if (d.fatal) return true;
      const key = keyOf(d, lines);
      const left = remaining.get(key) ?? 0;
      if (left === 0) return true;
      remaining.set(key, left - 1);
      hidden++;
      return false;
    },
    hidden: () => hidden,
    stale: () => [...remaining.values()].reduce((n, left) => n + left, 0),
  };
}

/** A LineSource over the files on disk under `root`, each read once per run of its findings. */
export function diskLineSource(root: string, read: (abs: string) => string | undefined): LineSource {
  // Findings come file by file: the lines of the latest file are all that is kept.
  let current: string | undefined;
  let lines: string[] | undefined;
  return (file, line) => {
    if (file !== current) {
      current = file;
      lines = read(`${root}/${file}`)?.split(/\r?\n/);
    }
    return lines?.[line - 1];
  };
}
