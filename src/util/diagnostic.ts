// What a lint reports, as every layer reads it (engine, formatters, locators): the ground floor
// the rule contract (src/kit/types.ts) builds on.

export type Severity = 'off' | 'warn' | 'error';
/** ESLint's numeric severities, used in output. */
export type NumericSeverity = 1 | 2;

/** 1-based line and column; columns count UTF-16 code units like ESLint and editors. */
export interface Position {
  line: number;
  column: number;
}

export interface SourceRange extends Position {
  endLine: number;
  /** Exclusive. */
  endColumn: number;
}

export interface RelatedLocation extends Position {
  /** Repository-relative POSIX path. */
  file: string;
  message: string;
}

/** Replace raw bytes [start, end) of the reported file with `text` encoded as UTF-8. */
export interface Fix {
  range: [number, number];
  text: string;
  /** SHA-1 of the file's bytes the range is into, as they were linted: --fix refuses a file that changed since (engine/fix.ts). */
  base?: string;
}

export interface Diagnostic extends SourceRange {
  ruleId: string | null;
  messageId: string;
  message: string;
  data: Record<string, unknown>;
  severity: NumericSeverity;
  /** Repository-relative POSIX path. */
  file: string;
  fatal?: boolean;
  fix?: Fix;
  related?: RelatedLocation[];
  docs?: string;
}
