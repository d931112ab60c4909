import type { Diagnostic } from '../util/diagnostic.js';
import { Locator } from '../markdown/locate.js';
import { decodeLossy } from '../util/text.js';
import { UTF8_BOM } from '../markdown/encoding.js';

/** A finding as the ESLint rules report it: ESLint's positions and fix range, the engine's message. */
export interface EslintMessage {
  /** The rule's id (without the plugin prefix); null for the engine's own findings (plugin rule `engine`). */
  ruleId: string | null;
  messageId: string;
  message: string;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  /** ESLint's fix: a range of ESLint's text (a range starting at -1 removes the byte order mark, as ESLint's own unicode-bom rule does). */
  fix?: { range: [number, number]; text: string };
}

function hasBom(bytes: Uint8Array): boolean {
  return UTF8_BOM.every((b, i) => bytes[i] === b);
}

/** The text ESLint makes of a file's bytes: Node's UTF-8 decoding, the byte order mark taken off (ESLint's VFile). */
function eslintTextOf(bytes: Uint8Array): string {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8');
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

/**
 * The bytes to lint for the text ESLint gives. When it is the disk's text (ESLint read the file,
 * or an editor's buffer is saved), the disk's bytes: what Codex reads, invalid UTF-8, byte order
 * mark and all. Otherwise (an unsaved buffer) the buffer's text in UTF-8, after a byte order mark
 * when the file on disk has one (ESLint does not say whether a buffer has one; editors keep the
 * file's when they save it).
 */
export function bytesToLint(disk: Uint8Array, text: string): Uint8Array {
  if (eslintTextOf(disk) === text) return disk;
  const encoded = Buffer.from(text, 'utf8');
  return hasBom(disk) ? Buffer.concat([Buffer.from(UTF8_BOM), encoded]) : encoded;
}

/**
 * A diagnostic in ESLint's terms. The engine's columns are 1-based UTF-16 units with an exclusive
 * end, like @eslint/markdown's (its language says lineStart 1, columnStart 1, and ESLint passes
 * such positions through unchanged): only a byte order mark differs, which the engine counts as
 * the first character of line 1 (Codex sends it) and ESLint has taken off the text. Fixes replace
 * byte ranges; ESLint's replace ranges of its text, mapped here through the decoded text, when the
 * engine's text is ESLint's (else the finding is reported without its fix).
 */
export function toEslintMessage(d: Diagnostic, bytes: Uint8Array, eslintText: string): EslintMessage {
  const shift = hasBom(bytes) ? 1 : 0;
  const column = (line: number, col: number) => (line === 1 ? Math.max(1, col - shift) : col);
  const message: EslintMessage = {
    ruleId: d.ruleId,
    messageId: d.messageId,
    message: d.message,
    line: d.line,
    column: column(d.line, d.column),
    endLine: d.endLine,
    endColumn: column(d.endLine, d.endColumn),
  };
  if (d.fix) {
    const text = decodeLossy(bytes);
    if (text.slice(shift) === eslintText) {
      const locator = new Locator(text, bytes);
      message.fix = { range: [locator.textOffsetOfByte(d.fix.range[0]) - shift, locator.textOffsetOfByte(d.fix.range[1]) - shift], text: d.fix.text };
    }
  }
  return message;
}
