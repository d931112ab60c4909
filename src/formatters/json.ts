import type { Diagnostic } from '../util/diagnostic.js';
import { joinPath } from '../repo/join.js';

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
    // One pass: the messages and the counts.
    let errorCount = 0;
    let fatalErrorCount = 0;
    let warningCount = 0;
    let fixableErrorCount = 0;
    let fixableWarningCount = 0;
    const messages = list.map((d): EslintMessage => {
      if (d.severity === 2) {
        errorCount++;
        if (d.fix) fixableErrorCount++;
      } else if (d.severity === 1) {
        warningCount++;
        if (d.fix) fixableWarningCount++;
      }
      if (d.fatal) fatalErrorCount++;
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
      // joinPath: path.join's normalising walk, once per reported file, is most of this function's cost.
      filePath: joinPath(root, file),
      messages,
      suppressedMessages: [],
      errorCount,
      fatalErrorCount,
      warningCount,
      fixableErrorCount,
      fixableWarningCount,
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
 * LintRun.byFile() gives them): the same text, one piece per file. Only the file being written is held.
 */
export function* jsonFileChunks(lists: Iterable<readonly Diagnostic[]>, root: string): Generator<string> {
  let first = true;
  for (const list of lists) {
    if (list.length === 0) continue;
    // The separator as a piece of its own: joined to the file's JSON it would make a rope, which the
    // writer (writePieces) flattens into a copy of the whole piece before encoding it.
    yield first ? '[' : ',';
    yield JSON.stringify(toEslintResults(list, root)[0]);
    first = false;
  }
  yield first ? '[]\n' : ']\n';
}
