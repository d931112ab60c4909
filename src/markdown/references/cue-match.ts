// Cue patterns run on sentence text: skipped by hint words on ASCII text, and remembered by text.

const NON_ASCII = /[\u0080-\uffff]/;

/** Whether a pattern may match `text`: false only when the ASCII text holds none of the pattern's hint words. */
export function mayMatch(hint: RegExp, text: string): boolean {
  return hint.test(text) || NON_ASCII.test(text);
}

/**
 * Each cue pattern's answers, by the text it was run on: a template copied into hundreds of files
 * asks about the same sentence around the same paths again and again.
 */
const cueMemo = new Map<RegExp | (() => RegExp), Map<string, boolean>>();

export function cueMatches(cue: RegExp | (() => RegExp), hint: RegExp | null, text: string): boolean {
  let memo = cueMemo.get(cue);
  if (!memo) cueMemo.set(cue, (memo = new Map()));
  let known = memo.get(text);
  if (known === undefined) {
    // Bounded: a long-lived process (an editor, the test runner) must not keep every sentence it saw.
    if (memo.size >= 50_000) memo.clear();
    memo.set(text, (known = (hint === null || mayMatch(hint, text)) && (typeof cue === 'function' ? cue() : cue).test(text)));
  }
  return known;
}
