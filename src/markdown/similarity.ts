import { lazily } from '../util/lazily.js';

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

const PUNCTUATION = lazily(() => /[\p{P}\p{S}]+/gu);
const CJK_CHAR = lazily(() => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u);

export function comparable(text: string): ComparableText {
  const key = text.normalize('NFKC').toLowerCase().replace(PUNCTUATION(), ' ').replace(/\s+/g, ' ').trim();
  const tokens: string[] = [];
  for (const word of key.split(' ')) {
    if (!word) continue;
    if (!CJK_CHAR().test(word)) {
      tokens.push(word);
      continue;
    }
    let latin = '';
    for (const ch of word) {
      if (CJK_CHAR().test(ch)) {
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

/**
 * Statements in order (a chain's, root first), indexed so that finding the first one a statement
 * repeats needs neither a pass over all of them nor a Jaccard index with each.
 */
export interface StatementIndex<E> {
  entries: E[];
  cmpOf: (entry: E) => ComparableText;
  /** Normalised text → position of its first occurrence. */
  exact: Map<string, number>;
  /** Word → positions (ascending) of the statements of 5+ words holding it. */
  postings: Map<string, number[]>;
  /** Positions of all statements of 5+ words, for thresholds no word filter can serve. */
  eligible: number[];
  /** Normalised text → the answer, computed once: package files repeat the same lines. */
  memo: Map<string, { entry: E; score: number } | null>;
}

export function statementIndex<E>(entries: E[], cmpOf: (entry: E) => ComparableText, similarity: number): StatementIndex<E> {
  const index: StatementIndex<E> = { entries, cmpOf, exact: new Map(), postings: new Map(), eligible: [], memo: new Map() };
  entries.forEach((entry, at) => {
    const cmp = cmpOf(entry);
    if (!index.exact.has(cmp.key)) index.exact.set(cmp.key, at);
    if (similarity >= 1 || cmp.tokens.length < 5) return;
    index.eligible.push(at);
    for (const token of cmp.tokenSet) (index.postings.get(token) ?? index.postings.set(token, []).get(token)!).push(at);
  });
  return index;
}

/** The score of `match` as a copy of `item` (1 for the same text), or null when it is not one. */
export function copyScore(item: ComparableText, match: ComparableText, similarity: number): number | null {
  if (match.key === item.key) return 1;
  const [a, b] = [item.tokenSet.size, match.tokenSet.size];
  // Jaccard ≥ t needs min/max set size ≥ t: skip hopeless pairs before intersecting.
  if (similarity >= 1 || Math.min(item.tokens.length, match.tokens.length) < 5 || Math.min(a, b) < similarity * Math.max(a, b)) return null;
  const score = jaccard(item.tokenSet, match.tokenSet);
  return score >= similarity ? score : null;
}

/**
 * The first entry, in order, that `item` repeats: what comparing with each entry in turn would
 * find. An exact copy is a map look-up; a near copy earlier than it shares enough words with `item`
 * to be found from a few rare ones: Jaccard(A, B) ≥ t needs |A ∩ B| ≥ t·|A|, so B holds at least one
 * of any |A| − ⌈t·|A|⌉ + 1 words of A (the rarest are taken). t is lowered by 1e-6 for the bound, so
 * rounding can only widen the candidates; each is then checked as before (`copyScore`).
 */
export function firstMatch<E>(index: StatementIndex<E>, item: ComparableText, similarity: number): { entry: E; score: number } | null {
  const memo = index.memo.get(item.key);
  if (memo !== undefined) return memo;
  let best = index.exact.get(item.key) ?? Infinity;
  let score = 1;
  const consider = (positions: readonly number[]) => {
    for (const at of positions) {
      if (at >= best) return;
      const s = copyScore(item, index.cmpOf(index.entries[at]!), similarity);
      if (s !== null) [best, score] = [at, s];
    }
  };
  if (similarity < 1 && item.tokens.length >= 5) {
    const t = similarity - 1e-6;
    const size = item.tokenSet.size;
    if (t <= 0) consider(index.eligible);
    else {
      const words = [...item.tokenSet].map((w) => index.postings.get(w) ?? []).sort((x, y) => x.length - y.length);
      for (const positions of words.slice(0, size - Math.ceil(t * size) + 1)) consider(positions);
    }
  }
  const answer = best === Infinity ? null : { entry: index.entries[best]!, score };
  index.memo.set(item.key, answer);
  return answer;
}
