import type { Diagnostic } from '../util/diagnostic.js';
import { lastAtMost } from '../util/bisect.js';

/**
 * Inline suppressions, ESLint's model in HTML comments:
 *   <!-- agents-lint-disable-next-line rule-a, rule-b -- why -->
 *   <!-- agents-lint-disable rule-a -- why --> ... <!-- agents-lint-enable rule-a -->
 * Codex sends an instruction file's raw text to the model (HTML comments included), so every
 * directive costs budget bytes; the config `ignores` is the byte-free alternative.
 */
export interface Directive {
  kind: 'disable' | 'enable' | 'disable-next-line';
  /** Rule ids named; empty means every rule. */
  rules: string[];
  reason: string;
  file: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

const DIRECTIVE = /<!--\s*agents-lint-(disable-next-line|disable|enable)(?=[\s-])([\s\S]*?)-->/g;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Directives in a file's text, skipping fenced code blocks (an example there is not a directive). */
export function parseDirectives(file: string, text: string): Directive[] {
  // Nearly every file has none: the line index and the fence scan below cost more than the search.
  // V8 finds the short 'lint-' about ten times faster than 'agents-lint-' itself (its search for
  // patterns of seven characters and more is slower on prose; measured on 500 instruction files,
  // 0.12 against 1.3 ms), so the long one is looked for only where the short one occurs.
  if (!text.includes('lint-') || !text.includes('agents-lint-')) return [];
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') lineStarts.push(i + 1);
  const lineOf = (offset: number) => {
    const line = lastAtMost(lineStarts, offset);
    return { line: line + 1, column: offset - (lineStarts[line] ?? 0) + 1 };
  };
  const fenced = fencedLines(text);
  const out: Directive[] = [];
  for (const m of text.matchAll(DIRECTIVE)) {
    const start = lineOf(m.index);
    if (fenced.has(start.line)) continue;
    const end = lineOf(m.index + m[0].length);
    const body = m[2] ?? '';
    const sep = body.search(/(^|\s)--(\s|$)/);
    const list = sep === -1 ? body : body.slice(0, sep);
    const reason = sep === -1 ? '' : body.slice(sep).replace(/^\s*--/, '').trim();
    out.push({
      kind: m[1] as Directive['kind'],
      rules: list.split(/[\s,]+/).filter(Boolean),
      reason,
      file,
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column,
    });
  }
  return out;
}

function fencedLines(text: string): Set<number> {
  const set = new Set<number>();
  let open: string | null = null;
  text.split('\n').forEach((line, i) => {
    const m = FENCE.exec(line);
    if (open) {
      set.add(i + 1);
      if (m && m[1]?.[0] === open[0] && (m[1]?.length ?? 0) >= open.length && line.trim() === m[1]) open = null;
    } else if (m?.[1]) {
      open = m[1];
      set.add(i + 1);
    }
  });
  return set;
}

export interface SuppressOptions {
  /** Whether a directive without `-- reason` is itself reported (default true). */
  requireReason?: boolean;
  /** Rule ids that exist, so a misspelt id in a directive is reported instead of silently ignored. */
  knownRules?: ReadonlySet<string>;
}

interface Scope {
  directive: Directive;
  rule: string | null;
  used: boolean;
  covers(d: Diagnostic): boolean;
}

const before = (a: { line: number; column: number }, b: { line: number; column: number }) => a.line < b.line || (a.line === b.line && a.column < b.column);

/**
 * Drops diagnostics covered by directives and adds the directives' own problems: a missing reason,
 * an unknown rule id, a disable that suppressed nothing. Fatal diagnostics and directive problems
 * are never suppressed.
 */
export function applySuppressions(diagnostics: readonly Diagnostic[], directivesByFile: ReadonlyMap<string, readonly Directive[]>, options: SuppressOptions = {}): Diagnostic[] {
  const scopes = new Map<string, Scope[]>();
  const problems: Diagnostic[] = [];
  for (const [file, directives] of directivesByFile) {
    const list: Scope[] = [];
    const open = new Map<string | null, Directive>();
    const close = (key: string | null, at: Directive | null) => {
      const d = open.get(key);
      if (!d) return false;
      open.delete(key);
      const end = at ? { line: at.line, column: at.column } : { line: Infinity, column: Infinity };
      list.push({ directive: d, rule: key, used: false, covers: (x) => !before(x, d) && before(x, end) });
      return true;
    };
    for (const d of directives) {
      if (d.kind !== 'enable' && options.requireReason !== false && !d.reason) {
        problems.push(problem(d, 'missingReason', 2, `The agents-lint-${d.kind} comment at ${file}:${d.line} gives no reason; add one after " -- " (for example <!-- agents-lint-${d.kind} ${d.rules.join(', ') || 'rule-id'} -- why this is fine -->).`, {}));
      }
      for (const rule of d.rules) {
        if (options.knownRules && !options.knownRules.has(rule)) {
          problems.push(problem(d, 'unknownRule', 2, `The agents-lint-${d.kind} comment at ${file}:${d.line} names "${rule}", which is not a rule; correct the rule id or remove it.`, { rule }));
        }
      }
      const keys = d.rules.length ? d.rules : [null];
      if (d.kind === 'disable-next-line') {
        const target = d.endLine + 1;
        for (const key of keys) list.push({ directive: d, rule: key, used: false, covers: (x) => x.line === target });
      } else if (d.kind === 'disable') {
        for (const key of keys) if (!open.has(key)) open.set(key, d);
      } else {
        // An enable without rules closes every open range, like ESLint's.
        const targets = d.rules.length ? d.rules : [...open.keys()];
        for (const key of targets) close(key, d);
      }
    }
    for (const key of [...open.keys()]) close(key, null);
    scopes.set(file, list);
  }

  const kept: Diagnostic[] = [];
  for (const d of diagnostics) {
    // A directive is agents-lint's own markup: findings about the comment itself (an HTML comment
    // the model reads) would make every suppression report itself.
    const own = directivesByFile.get(d.file)?.some((x) => !d.fatal && !before(d, x) && !before({ line: x.endLine, column: x.endColumn }, { line: d.endLine, column: d.endColumn }));
    if (own) continue;
    const candidates = d.fatal || d.ruleId === null ? [] : (scopes.get(d.file) ?? []).filter((s) => (s.rule === null || s.rule === d.ruleId) && s.covers(d));
    for (const s of candidates) s.used = true;
    if (candidates.length === 0) kept.push(d);
  }
  for (const list of scopes.values()) {
    for (const s of list) {
      if (s.used || (s.rule !== null && options.knownRules && !options.knownRules.has(s.rule))) continue;
      const what = s.rule ? `"${s.rule}"` : 'every rule';
      problems.push(
        problem(s.directive, 'unusedDisable', 1, `The agents-lint-${s.directive.kind} comment at ${s.directive.file}:${s.directive.line} disables ${what} but nothing was reported there; remove it (it costs the agent budget bytes).`, { rule: s.rule }),
      );
    }
  }
  return [...kept, ...problems];
}

function problem(d: Directive, messageId: string, severity: 1 | 2, message: string, data: Record<string, unknown>): Diagnostic {
  return { ruleId: null, messageId, message, data, severity, file: d.file, line: d.line, column: d.column, endLine: d.endLine, endColumn: d.endColumn };
}
