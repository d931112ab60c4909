/**
 * Comparing statements written by people: case, whitespace, punctuation and Markdown emphasis do not
 * change what an instruction says, so they do not count.
 */
export interface ComparableText {
  /** Lowercased, NFKC-normalised, punctuation and symbols turned into spaces, whitespace collapsed. */
  key: string;
  /** Words of the key; each Han, kana or Hangul character is its own token (those scripts use no spaces). */
  tokens: string[];
  tokenSet: Set<string>;
}

const PUNCTUATION = /[\p{P}\p{S}]+/gu;
const CJK_CHAR = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

export function comparable(text: string): ComparableText {
  const key = text.normalize('NFKC').toLowerCase().replace(PUNCTUATION, ' ').replace(/\s+/g, ' ').trim();
  const tokens: string[] = [];
  for (const word of key.split(' ')) {
    if (!word) continue;
    if (!CJK_CHAR.test(word)) {
      tokens.push(word);
      continue;
    }
    let latin = '';
    for (const ch of word) {
      if (CJK_CHAR.test(ch)) {
        if (latin) tokens.push(latin);
        latin = '';
        tokens.push(ch);
      } else latin += ch;
    }
    if (latin) tokens.push(latin);
  }
  return { key, tokens, tokenSet: new Set(tokens) };
}

/** Jaccard index of two token sets: |A ∩ B| / |A ∪ B|, 1 for identical sets. */
export function jaccard(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 && b.size === 0) return 1;
  let shared = 0;
  // Counting from the smaller set gives the same count in fewer look-ups.
  const small = a.size <= b.size ? a : b;
  const large = small === a ? b : a;
  for (const token of small) if (large.has(token)) shared++;
  return shared / (a.size + b.size - shared);
}
