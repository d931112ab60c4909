import picomatch from 'picomatch';
import { findNodeAtLocation, parseTree } from 'jsonc-parser';
import type { Diagnostic } from '../util/diagnostic.js';
import type { IgnoreEntry } from '../config/schema.js';

/**
 * Config `ignores`: a glob drops every finding in matching files; an object drops the named rules'
 * findings (all when `rules` is absent) until its `until` date, after which it stops applying and
 * its own expiry is reported, so temporary exceptions cannot rot silently.
 */
export interface IgnoresSource {
  /** The config file, repository-relative (may start with ../ for a --config outside the root). */
  file: string;
  /** Its text, to point at the entry itself. */
  text?: string;
  /** JSON path of the config object inside the file: [] or ['agents-lint'] for package.json. */
  at?: readonly string[];
}

/** The config `ignores` compiled once: which findings they keep, and the expired entries' own findings. */
export interface CompiledIgnores {
  keeps(d: Diagnostic): boolean;
  /** One finding per expired entry (in the config file), in the order of the entries. */
  expired: Diagnostic[];
}

export function compileIgnores(entries: readonly IgnoreEntry[], today: Date, source?: IgnoresSource): CompiledIgnores {
  if (entries.length === 0) return { keeps: () => true, expired: [] };
  const day = today.toISOString().slice(0, 10);
  const active = entries.map((entry) => {
    const spec = typeof entry === 'string' ? { files: [entry] } : { ...entry, files: Array.isArray(entry.files) ? entry.files : [entry.files] };
    return { ...spec, match: picomatch(spec.files, { dot: true }), expired: 'until' in spec && spec.until !== undefined && spec.until < day };
  });
  const keeps = (d: Diagnostic) => {
    const hidden = active.some((e) => !e.expired && e.match(d.file) && (!('rules' in e) || !e.rules || (d.ruleId !== null && e.rules.includes(d.ruleId))));
    return !hidden || Boolean(d.fatal);
  };
  const expired: Diagnostic[] = [];
  const tree = source?.text !== undefined ? parseTree(source.text) : undefined;
  active.forEach((e, i) => {
    if (e.expired && 'until' in e) {
      const range = tree && source?.text !== undefined ? entryRange(source.text, tree, [...(source.at ?? []), 'ignores', i]) : undefined;
      expired.push({
        ruleId: null,
        messageId: 'expiredIgnore',
        message: `The config "ignores" entry for ${e.files.join(', ')} expired on ${e.until}; fix the findings it hid or extend the date.`,
        data: { files: e.files, until: e.until },
        severity: 2,
        file: source?.file ?? '',
        ...(range ?? { line: 1, column: 1, endLine: 1, endColumn: 1 }),
      });
    }
  });
  return { keeps, expired };
}

function entryRange(text: string, tree: NonNullable<ReturnType<typeof parseTree>>, at: (string | number)[]): { line: number; column: number; endLine: number; endColumn: number } | undefined {
  const node = findNodeAtLocation(tree, at);
  if (!node) return undefined;
  const pos = (offset: number) => {
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    return { line, column: offset - (before.lastIndexOf('\n') + 1) + 1 };
  };
  const start = pos(node.offset);
  const end = pos(node.offset + node.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}
