/**
 * Which of many patterns can match a text, from the literals each one needs (regex-literals.ts):
 * one pass over the upper-cased text finds every registered literal it holds, and a pattern whose
 * sets of literals each have a hit is a candidate. Patterns that are not candidates cannot match,
 * so their regular expressions are never run, and V8 never compiles them: at one file per run that
 * compilation was most of no-vague-rules' time.
 */

/** Hash buckets for the first two and first three characters of the literals; a hit is verified. */
const BUCKETS = 1 << 14;
const FNV = 0x01000193;

export class LiteralPrefilter {
  private readonly literals: string[] = [];
  private readonly ids = new Map<string, number>();
  /** Per literal: filter id × 32 + the bit of the set it belongs to. */
  private readonly refs: number[][] = [];
  /** Per filter: the mask with one bit per set. */
  private readonly full: number[] = [];
  private readonly head2 = new Int32Array(BUCKETS).fill(-1);
  private readonly head3 = new Int32Array(BUCKETS).fill(-1);
  private next: number[] = [];

  /** Registers a pattern's literal sets (at most 31); -1 means "no literal known, always run". */
  add(sets: readonly (readonly string[])[] | null): number {
    if (!sets || sets.length === 0 || sets.length > 31 || sets.some((s) => s.length === 0 || s.some((l) => l.length < 2))) return -1;
    const filter = this.full.length;
    this.full.push(2 ** sets.length - 1);
    sets.forEach((set, bit) => {
      for (const literal of set) this.refs[this.literal(literal)]?.push(filter * 32 + bit);
    });
    return filter;
  }

  private literal(text: string): number {
    let id = this.ids.get(text);
    if (id !== undefined) return id;
    id = this.literals.length;
    this.ids.set(text, id);
    this.literals.push(text);
    this.refs.push([]);
    const h2 = Math.imul(Math.imul(0x811c9dc5 ^ text.charCodeAt(0), FNV) ^ text.charCodeAt(1), FNV);
    const head = text.length === 2 ? this.head2 : this.head3;
    const bucket = (text.length === 2 ? h2 : Math.imul(h2 ^ text.charCodeAt(2), FNV)) >>> 18;
    this.next[id] = head[bucket] ?? -1;
    head[bucket] = id;
    return id;
  }

  /** The filters whose every literal set occurs in `upper` (the text's toUpperCase()). */
  scan(upper: string): Set<number> {
    const found = new Set<number>();
    const n = upper.length;
    for (let i = 0; i + 1 < n; i++) {
      const h2 = Math.imul(Math.imul(0x811c9dc5 ^ upper.charCodeAt(i), FNV) ^ upper.charCodeAt(i + 1), FNV);
      this.probe(this.head2[h2 >>> 18] ?? -1, upper, i, found);
      if (i + 2 < n) this.probe(this.head3[Math.imul(h2 ^ upper.charCodeAt(i + 2), FNV) >>> 18] ?? -1, upper, i, found);
    }
    const passing = new Set<number>();
    if (found.size === 0) return passing;
    const masks = new Map<number, number>();
    for (const id of found) {
      for (const ref of this.refs[id] ?? []) {
        const filter = Math.floor(ref / 32);
        const mask = (masks.get(filter) ?? 0) | (1 << (ref % 32));
        masks.set(filter, mask);
        if (mask === this.full[filter]) passing.add(filter);
      }
    }
    return passing;
  }

  private probe(first: number, upper: string, at: number, found: Set<number>): void {
    for (let id = first; id >= 0; id = this.next[id] ?? -1) {
      const literal = this.literals[id];
      if (literal !== undefined && upper.startsWith(literal, at)) found.add(id);
    }
  }
}
