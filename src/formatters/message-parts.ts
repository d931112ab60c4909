/**
 * A finding's message in its two parts: the first sentence, which says what is wrong, and the rest,
 * which says how to fix it (every rule's messages are written so). The terminal report prints the
 * first part on the finding's line and the rest only with --verbose; JSON and SARIF keep the whole.
 */
export function splitMessage(message: string): { problem: string; fix: string } {
  let quoted: string | null = null;
  for (let i = 0; i < message.length - 2; i++) {
    const c = message[i]!;
    if (quoted !== null) {
      if (c === quoted) quoted = null;
      continue;
    }
    if (c === '`' || c === '"') {
      quoted = c;
      continue;
    }
    // A sentence ends at ". " (or "! ", "? ") before a capital letter, a backtick or a quote: not
    // inside code or a quotation, and not after an abbreviation such as "e.g.".
    if ((c === '.' || c === '!' || c === '?') && message[i + 1] === ' ' && /[A-Z`"(]/.test(message[i + 2]!) && !/\b(?:e\.g|i\.e|etc|vs|cf)$/i.test(message.slice(Math.max(0, i - 4), i))) {
      return { problem: message.slice(0, i + 1), fix: message.slice(i + 2) };
    }
  }
  return { problem: message, fix: '' };
}
