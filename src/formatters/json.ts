import * as path from 'node:path';
import type { Diagnostic } from '../kit/types.js';

export interface EslintMessage {
  ruleId: string | null;
  severity: 1 | 2;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  messageId: string;
  data: Record<string, unknown>;
  fatal?: true;
  related?: Diagnostic['related'];
}

export interface EslintResult {
  filePath: string;
  messages: EslintMessage[];
  suppressedMessages: EslintMessage[];
  errorCount: number;
  fatalErrorCount: number;
  warningCount: number;
  fixableErrorCount: number;
  fixableWarningCount: number;
  usedDeprecatedRules: [];
}

/**
 * ESLint's JSON result shape (one entry per file with diagnostics, sorted by path then position),
 * so existing consumers of ESLint JSON read it unchanged. `fix` is left out: ESLint's ranges are
 * character offsets and ours are bytes.
 */
export function toEslintResults(diagnostics: readonly Diagnostic[], root: string): EslintResult[] {
  const byFile = new Map<string, Diagnostic[]>();
  for (const d of diagnostics) {
    const list = byFile.get(d.file);
    if (list) list.push(d);
    else byFile.set(d.file, [d]);
  }
  return [...byFile.entries()].map(([file, list]) => {
    const messages = list.map((d): EslintMessage => {
      const m: EslintMessage = {
        ruleId: d.ruleId,
        severity: d.severity,
        message: d.message,
        line: d.line,
        column: d.column,
        endLine: d.endLine,
        endColumn: d.endColumn,
        messageId: d.messageId,
        data: d.data,
      };
      if (d.fatal) m.fatal = true;
      if (d.related) m.related = d.related;
      return m;
    });
    return {
      filePath: path.join(root, file),
      messages,
      suppressedMessages: [],
      errorCount: list.filter((d) => d.severity === 2).length,
      fatalErrorCount: list.filter((d) => d.fatal).length,
      warningCount: list.filter((d) => d.severity === 1).length,
      fixableErrorCount: list.filter((d) => d.severity === 2 && d.fix).length,
      fixableWarningCount: list.filter((d) => d.severity === 1 && d.fix).length,
      usedDeprecatedRules: [],
    };
  });
}

export function formatJson(diagnostics: readonly Diagnostic[], root: string): string {
  return [...jsonChunks(diagnostics, root)].join('');
}

/**
 * The same JSON text in pieces, one file's result at a time: a report of hundreds of thousands of
 * findings is written out without ever being one string in memory.
 */
export function* jsonChunks(diagnostics: readonly Diagnostic[], root: string): Generator<string> {
  const results = toEslintResults(diagnostics, root);
  yield '[';
  for (let i = 0; i < results.length; i++) yield (i === 0 ? '' : ',') + JSON.stringify(results[i]);
  yield ']\n';
}

/**
 * jsonChunks for findings read one file at a time (each list one file's, files in order, as
 * LintRun.byFile() gives them): the same text, one piece per file, built without intermediate result
 * objects. Only the file being written is held.
 */
export function* jsonFileChunks(lists: Iterable<readonly Diagnostic[]>, root: string): Generator<string> {
  let first = true;
  for (const list of lists) {
    if (list.length === 0) continue;
    yield (first ? '[' : ',') + fileResultJson(list, root);
    first = false;
  }
  yield first ? '[]\n' : ']\n';
}

// One member of an object as JSON.stringify writes it ('' for a value it leaves out, like undefined).
const member = (key: string, value: unknown, first = false): string => {
  const json = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : 'null') : (JSON.stringify(value) as string | undefined);
  return json === undefined ? '' : `${first ? '' : ','}"${key}":${json}`;
};

/** JSON.stringify(toEslintResults(list, root)[0]) for one file's diagnostics, key for key. */
function fileResultJson(list: readonly Diagnostic[], root: string): string {
  let errors = 0;
  let fatals = 0;
  let warnings = 0;
  let fixableErrors = 0;
  let fixableWarnings = 0;
  let messages = '';
  for (let i = 0; i < list.length; i++) {
    const d = list[i]!;
    if (d.severity === 2) {
      errors++;
      if (d.fix) fixableErrors++;
    } else if (d.severity === 1) {
      warnings++;
      if (d.fix) fixableWarnings++;
    }
    if (d.fatal) fatals++;
    // The first member is never left out of a message: ruleId is a string or null.
    let m = `${i === 0 ? '{' : ',{'}"ruleId":${d.ruleId === null ? 'null' : (JSON.stringify(d.ruleId) ?? 'null')}`;
    m += member('severity', d.severity) + member('message', d.message) + member('line', d.line) + member('column', d.column) + member('endLine', d.endLine) + member('endColumn', d.endColumn);
    m += member('messageId', d.messageId) + member('data', d.data);
    if (d.fatal) m += ',"fatal":true';
    if (d.related) m += member('related', d.related);
    messages += `${m}}`;
  }
  return `{"filePath":${JSON.stringify(path.join(root, list[0]!.file))},"messages":[${messages}],"suppressedMessages":[],"errorCount":${errors},"fatalErrorCount":${fatals},"warningCount":${warnings},"fixableErrorCount":${fixableErrors},"fixableWarningCount":${fixableWarnings},"usedDeprecatedRules":[]}`;
}
