import picomatch from 'picomatch';
import type { Diagnostic } from '../kit/types.js';
import type { IgnoreEntry } from '../config/schema.js';

/**
 * Config `ignores`: a glob drops every finding in matching files; an object drops the named rules'
 * findings (all when `rules` is absent) until its `until` date, after which it stops applying and
 * its own expiry is reported, so temporary exceptions cannot rot silently.
 */
export function applyIgnores(diagnostics: Diagnostic[], entries: readonly IgnoreEntry[], today: Date): Diagnostic[] {
  if (entries.length === 0) return diagnostics;
  const day = today.toISOString().slice(0, 10);
  const active = entries.map((entry) => {
    const spec = typeof entry === 'string' ? { files: [entry] } : { ...entry, files: Array.isArray(entry.files) ? entry.files : [entry.files] };
    return { ...spec, match: picomatch(spec.files, { dot: true }), expired: 'until' in spec && spec.until !== undefined && spec.until < day };
  });
  const out: Diagnostic[] = [];
  for (const d of diagnostics) {
    const hidden = active.some((e) => !e.expired && e.match(d.file) && (!('rules' in e) || !e.rules || (d.ruleId !== null && e.rules.includes(d.ruleId))));
    if (!hidden || d.fatal) out.push(d);
  }
  for (const e of active) {
    if (e.expired && 'until' in e) {
      out.push({
        ruleId: null,
        messageId: 'expiredIgnore',
        message: `The config "ignores" entry for ${e.files.join(', ')} expired on ${e.until}; fix the findings it hid or extend the date.`,
        data: { files: e.files, until: e.until },
        severity: 2,
        file: '',
        line: 1,
        column: 1,
        endLine: 1,
        endColumn: 1,
      });
    }
  }
  return out;
}
