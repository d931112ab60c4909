import { decodeLossy } from '../util/text.js';
import { Locator } from '../markdown/locate.js';
import { scanHeadings } from '../markdown/scan-headings.js';
import type { LoadedFile } from './types.js';

export interface CutDetails {
  byteOffset: number;
  line: number;
  column: number;
  splitsCharacter: boolean;
  /** Bytes of the file the agent never sees. */
  bytesLost: number;
  /** Headings at or after the cut: the sections lost in whole or in part. */
  sectionsLost: string[];
}

/**
 * Locates a budget cut in the file's full bytes: the line and column of the first character the
 * agent does not see in full (for a split character, that character itself).
 */
export function describeCut(file: LoadedFile, fullBytes: Uint8Array): CutDetails | null {
  const byteOffset = file.dropped === 'budget' ? 0 : file.cut?.byteOffset;
  if (byteOffset === undefined) return null;
  const text = decodeLossy(fullBytes);
  const locator = new Locator(text, fullBytes);
  const textOffset = locator.textOffsetOfByte(byteOffset);
  const position = locator.position(textOffset);
  // The section the cut falls in is lost in part; every later one in whole.
  const headings = scanHeadings(text);
  let firstLost = headings.findIndex((h) => h.offset >= textOffset);
  if (firstLost === -1) firstLost = headings.length;
  const containing = firstLost > 0 && textOffset > 0 ? firstLost - 1 : firstLost;
  return {
    byteOffset,
    line: position.line,
    column: position.column,
    splitsCharacter: file.cut?.splitsCharacter ?? false,
    bytesLost: fullBytes.length - byteOffset,
    sectionsLost: headings.slice(containing).map((h) => h.text),
  };
}
