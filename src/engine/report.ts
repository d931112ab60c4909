import type { Diagnostic, Messages, NumericSeverity, Position, ReportDescriptor, ReportLocation } from '../kit/types.js';
import type { InstructionFile } from '../markdown/instruction-file.js';
import type { AnyRule } from '../kit/types.js';

/**
 * Turns a rule's report() call into a diagnostic with exact positions. A malformed report is the
 * rule author's bug: it throws at once (and the engine turns that into a fatal diagnostic for users).
 */
export function makeDiagnostic(
  rule: AnyRule,
  severity: NumericSeverity,
  descriptor: ReportDescriptor<Messages>,
  fileFor: (path: string) => InstructionFile | undefined,
  defaultFile: string | undefined,
): Diagnostic {
  const messageFn = (rule.meta.messages as Messages)[descriptor.messageId];
  if (!messageFn) throw new Error(`Rule "${rule.id}" reported unknown messageId "${descriptor.messageId}".`);
  const filePath = descriptor.file ?? defaultFile;
  if (!filePath) throw new Error(`Rule "${rule.id}" (repo scope) must pass "file" to report().`);
  const data = (descriptor.data ?? {}) as Record<string, unknown>;
  const message = (messageFn as (d: Record<string, unknown>) => string)(data);
  const range = locate(rule.id, descriptor.loc, fileFor(filePath));
  const diagnostic: Diagnostic = {
    ruleId: rule.id,
    messageId: descriptor.messageId,
    message,
    data,
    severity,
    file: filePath,
    ...range,
    docs: rule.meta.docs,
  };
  if (descriptor.related?.length) diagnostic.related = descriptor.related;
  if (descriptor.fix) diagnostic.fix = descriptor.fix;
  return diagnostic;
}

function locate(ruleId: string, loc: ReportLocation | undefined, file: InstructionFile | undefined): { line: number; column: number; endLine: number; endColumn: number } {
  if (!loc) return { line: 1, column: 1, endLine: 1, endColumn: 1 };
  if ('start' in loc) {
    const end = loc.end ?? loc.start;
    return { line: loc.start.line, column: loc.start.column, endLine: end.line, endColumn: end.column };
  }
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
