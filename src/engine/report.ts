import type { Messages, ReportDescriptor, ReportLocation } from '../kit/types.js';
import type { Diagnostic, Fix, NumericSeverity, Position } from '../util/diagnostic.js';
import { sha1 } from '../sha1.js';
import type { InstructionFile } from '../markdown/instruction-file.js';
import type { AnyRule } from '../kit/types.js';

/**
 * A rule's finding as the engine holds it until output: everything but the message text, which is
 * built from `data` when the finding is read (a big repository's messages are most of its findings'
 * memory). Rules hand report() fresh data they do not change afterwards, so the text is the same.
 */
class Pending {
  constructor(
    readonly rule: AnyRule,
    readonly severity: NumericSeverity,
    readonly messageId: string,
    readonly data: Record<string, unknown>,
    readonly file: string,
    readonly line: number,
    readonly column: number,
    readonly endLine: number,
    readonly endColumn: number,
    readonly related: Diagnostic['related'],
    readonly fix: Diagnostic['fix'],
  ) {}
}

/** A finding: a diagnostic the engine made whole, or a rule's report awaiting its message. */
export type Finding = Diagnostic | Pending;

/**
 * Turns a rule's report() call into a finding with exact positions. A malformed report is the rule
 * author's bug: it throws at once (and the engine turns that into a fatal diagnostic for users). The
 * message is built once, when the finding is read (materialize): a message function that throws
 * then gives a fatal diagnostic in the finding's place.
 */
export function makeFinding(
  rule: AnyRule,
  severity: NumericSeverity,
  descriptor: ReportDescriptor<Messages>,
  fileFor: (path: string) => InstructionFile | undefined,
  defaultFile: string | undefined,
): Finding {
  const messageFn = (rule.meta.messages as Messages)[descriptor.messageId];
  if (!messageFn) throw new Error(`Rule "${rule.id}" reported unknown messageId "${descriptor.messageId}".`);
  const filePath = descriptor.file ?? defaultFile;
  if (!filePath) throw new Error(`Rule "${rule.id}" (repo scope) must pass "file" to report().`);
  const data = (descriptor.data ?? {}) as Record<string, unknown>;
  const { line, column, endLine, endColumn } = locate(rule.id, descriptor.loc, () => fileFor(filePath));
  const capped: NumericSeverity = descriptor.certain === false ? 1 : severity;
  const fix = descriptor.fix ? withBase(descriptor.fix, fileFor(filePath)) : undefined;
  return new Pending(rule, capped, descriptor.messageId, data, filePath, line, column, endLine, endColumn, descriptor.related?.length ? descriptor.related : undefined, fix);
}

const digests = new WeakMap<Uint8Array, string>();

/** A fix with the digest of the bytes it was made for (Fix.base), once per file: few findings have a fix. */
function withBase(fix: Fix, file: InstructionFile | undefined): Fix {
  if (!file) return fix;
  let base = digests.get(file.bytes);
  if (base === undefined) digests.set(file.bytes, (base = sha1(file.bytes)));
  return { ...fix, base };
}

/** The diagnostic of a finding (a new object, message built now, for a rule's report). */
export function materialize(finding: Finding): Diagnostic {
  if (!(finding instanceof Pending)) return finding;
  const f = finding;
  return diagnosticOf(f.rule, f.severity, f.messageId, f.data, f.file, f.line, f.column, f.endLine, f.endColumn, f.related, f.fix);
}

/** A rule's report made whole: its message built now; a message function that throws gives a fatal diagnostic in its place. */
function diagnosticOf(
  rule: AnyRule,
  severity: NumericSeverity,
  messageId: string,
  data: Record<string, unknown>,
  file: string,
  line: number,
  column: number,
  endLine: number,
  endColumn: number,
  related: Diagnostic['related'],
  fix: Diagnostic['fix'],
): Diagnostic {
  let message: string;
  try {
    message = ((rule.meta.messages as Messages)[messageId] as (d: Record<string, unknown>) => string)(data);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return fatalDiagnostic(file, rule.id, `Rule "${rule.id}" crashed on ${file}: its message "${messageId}" threw: ${detail}. Please report this bug; the other rules still ran.`);
  }
  const diagnostic: Diagnostic = { ruleId: rule.id, messageId, message, data, severity, file, line, column, endLine, endColumn, docs: rule.meta.docs };
  if (related) diagnostic.related = related;
  if (fix) diagnostic.fix = fix;
  return diagnostic;
}

/** A diagnostic for a failure of agents-lint or a rule (exit 2), at the top of `file`. */
export function fatalDiagnostic(file: string, ruleId: string | null, message: string): Diagnostic {
  return { ruleId, messageId: 'fatal', message, data: {}, severity: 2, fatal: true, file, line: 1, column: 1, endLine: 1, endColumn: 1 };
}

/** What a rule's findings share: its rule, severity and message. */
interface FindingKind {
  rule: AnyRule;
  severity: NumericSeverity;
  messageId: string;
}

/** A file's findings, in columns: per finding a kind, four position numbers, and its data. */
interface FileFindings {
  file: string;
  /**
   * Five numbers per finding: its kind (an index into the store's kinds, or -1 for a finding that
   * is a whole diagnostic, kept in `payloads`), then line, column, endLine and endColumn.
   */
  numbers: Int32Array;
  /** The rule's data, or the diagnostic. */
  payloads: unknown[];
  /** Related locations and fixes by index in the file, made when a finding of the file has one. */
  related: Array<Diagnostic['related']> | undefined;
  fixes: Array<Diagnostic['fix']> | undefined;
}

/**
 * Findings grouped by file, in the order they were added, read one file at a time. A big
 * repository holds hundreds of thousands of findings until output: kept in columns, a finding
 * costs its data and about 48 bytes, not a 112-byte object (and the young-generation collector
 * copies less of it).
 */
export class FindingStore {
  readonly #byFile = new Map<string, FileFindings>();
  readonly #kinds: FindingKind[] = [];
  readonly #kindIndex = new Map<AnyRule, Array<{ severity: NumericSeverity; messageId: string; index: number }>>();

  add(finding: Finding): void {
    let list = this.#byFile.get(finding.file);
    // Room for two findings to start with (40 bytes): V8 keeps a typed array that small inside its
    // heap, where a larger one gets a backing store of its own, allocated and freed outside it
    // (microseconds each, for each of the hundreds of files that a run reports once).
    if (!list) this.#byFile.set(finding.file, (list = { file: finding.file, numbers: new Int32Array(5 * 2), payloads: [], related: undefined, fixes: undefined }));
    const i = list.payloads.length;
    if (list.numbers.length < 5 * (i + 1)) {
      const grown = new Int32Array(2 * list.numbers.length);
      grown.set(list.numbers);
      list.numbers = grown;
    }
    const at = 5 * i;
    // A position that is no 32-bit integer (a rule's own { start, end }) is kept as it was given.
    if (!(finding instanceof Pending) || !isInt32(finding.line) || !isInt32(finding.column) || !isInt32(finding.endLine) || !isInt32(finding.endColumn)) {
      list.numbers[at] = -1;
      list.payloads.push(finding);
      return;
    }
    if (finding.related !== undefined) (list.related ??= [])[i] = finding.related;
    if (finding.fix !== undefined) (list.fixes ??= [])[i] = finding.fix;
    list.numbers[at] = this.#kindOf(finding.rule, finding.severity, finding.messageId);
    list.numbers[at + 1] = finding.line;
    list.numbers[at + 2] = finding.column;
    list.numbers[at + 3] = finding.endLine;
    list.numbers[at + 4] = finding.endColumn;
    list.payloads.push(finding.data);
  }

  #kindOf(rule: AnyRule, severity: NumericSeverity, messageId: string): number {
    let known = this.#kindIndex.get(rule);
    if (!known) this.#kindIndex.set(rule, (known = []));
    for (const k of known) if (k.severity === severity && k.messageId === messageId) return k.index;
    const index = this.#kinds.push({ rule, severity, messageId }) - 1;
    known.push({ severity, messageId, index });
    return index;
  }

  /** Drops every finding of the rule (a rule found unable to run after it ran on some files). */
  retract(ruleId: string): void {
    for (const [file, list] of this.#byFile) {
      const kept = this.#findings(list).filter((f) => (f instanceof Pending ? f.rule.id : f.ruleId) !== ruleId);
      if (kept.length === list.payloads.length) continue;
      this.#byFile.delete(file);
      for (const f of kept) this.add(f);
    }
  }

  files(): IterableIterator<string> {
    return this.#byFile.keys();
  }

  /** The file's findings as diagnostics (fresh objects for rules' reports), in the order added. */
  diagnostics(file: string): Diagnostic[] {
    const list = this.#byFile.get(file);
    if (!list) return [];
    const out: Diagnostic[] = [];
    const { numbers, payloads, related, fixes } = list;
    for (let i = 0; i < payloads.length; i++) {
      const at = 5 * i;
      const k = numbers[at] as number;
      if (k < 0) {
        out.push(materialize(payloads[i] as Finding));
        continue;
      }
      const { rule, severity, messageId } = this.#kinds[k] as FindingKind;
      out.push(diagnosticOf(rule, severity, messageId, payloads[i] as Record<string, unknown>, file, numbers[at + 1] as number, numbers[at + 2] as number, numbers[at + 3] as number, numbers[at + 4] as number, related?.[i], fixes?.[i]));
    }
    return out;
  }

  #findings(list: FileFindings): Finding[] {
    const out: Finding[] = [];
    const { file, numbers, payloads, related, fixes } = list;
    for (let i = 0; i < payloads.length; i++) {
      const at = 5 * i;
      const k = numbers[at] as number;
      if (k < 0) {
        out.push(payloads[i] as Finding);
        continue;
      }
      const { rule, severity, messageId } = this.#kinds[k] as FindingKind;
      out.push(new Pending(rule, severity, messageId, payloads[i] as Record<string, unknown>, file, numbers[at + 1] as number, numbers[at + 2] as number, numbers[at + 3] as number, numbers[at + 4] as number, related?.[i], fixes?.[i]));
    }
    return out;
  }
}

function isInt32(n: number): boolean {
  return n === (n | 0);
}

/** `fileOf` is asked only for a location given as offsets or a node (the file may not have been read). */
function locate(ruleId: string, loc: ReportLocation | undefined, fileOf: () => InstructionFile | undefined): { line: number; column: number; endLine: number; endColumn: number } {
  if (!loc) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  if ('start' in loc) {
    const end = loc.end ?? loc.start;
    return { line: loc.start.line, column: loc.start.column, endLine: end.line, endColumn: end.column };
  }
  const file = fileOf();
  if (!file) throw new Error(`Rule "${ruleId}" reported an offset in a file that is not an instruction file; pass { start, end } positions.`);
  let start: Position;
  let end: Position;
  if ('offset' in loc) {
    checkRange(ruleId, loc.offset, loc.endOffset, file.text.length);
    start = file.locator.position(loc.offset);
    end = file.locator.position(loc.endOffset ?? loc.offset);
  } else if ('byteOffset' in loc) {
    checkRange(ruleId, loc.byteOffset, loc.endByteOffset, file.bytes.length);
    start = file.locator.bytePosition(loc.byteOffset);
    end = file.locator.bytePosition(loc.endByteOffset ?? loc.byteOffset);
  } else {
    const s = loc.node.position?.start.offset ?? 0;
    const e = loc.node.position?.end.offset ?? s;
    start = file.locator.position(s);
    end = file.locator.position(e);
  }
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

function checkRange(ruleId: string, start: number, end: number | undefined, length: number): void {
  if (!(start >= 0 && start <= length && (end === undefined || (end >= start && end <= length)))) {
    throw new Error(`Rule "${ruleId}" reported range [${start}, ${end ?? start}) outside the file (length ${length}).`);
  }
}

/** Path, then position, then rule id: the same order on every run (determinism). */
export function compareDiagnostics(a: Diagnostic, b: Diagnostic): number {
  if (a.file !== b.file) return a.file < b.file ? -1 : 1;
  return (
    a.line - b.line ||
    a.column - b.column ||
    a.endLine - b.endLine ||
    a.endColumn - b.endColumn ||
    (a.ruleId ?? '').localeCompare(b.ruleId ?? '') ||
    (a.message < b.message ? -1 : a.message > b.message ? 1 : 0)
  );
}

/** A finding as plain data, to cross threads (a lint worker's findings): its rule named by id. */
export type WireFinding =
  | { kind: 'report'; ruleId: string; severity: NumericSeverity; messageId: string; data: Record<string, unknown>; file: string; line: number; column: number; endLine: number; endColumn: number; related: Diagnostic['related']; fix: Diagnostic['fix'] }
  | { kind: 'diagnostic'; diagnostic: Diagnostic };

export function toWire(finding: Finding): WireFinding {
  if (!(finding instanceof Pending)) return { kind: 'diagnostic', diagnostic: finding };
  const { rule, severity, messageId, data, file, line, column, endLine, endColumn, related, fix } = finding;
  return { kind: 'report', ruleId: rule.id, severity, messageId, data, file, line, column, endLine, endColumn, related, fix };
}

/** The finding a worker sent; its rule is this thread's rule of that id (the run's rules are the same). */
export function fromWire(wire: WireFinding, ruleFor: (id: string) => AnyRule | undefined): Finding {
  if (wire.kind === 'diagnostic') return wire.diagnostic;
  const rule = ruleFor(wire.ruleId);
  if (!rule) throw new Error(`a lint worker reported for rule "${wire.ruleId}", which this run does not have`);
  return new Pending(rule, wire.severity, wire.messageId, wire.data, wire.file, wire.line, wire.column, wire.endLine, wire.endColumn, wire.related, wire.fix);
}
