/**
 * Literals a case-insensitive regular expression needs: `requiredLiterals(source)` returns sets of
 * strings such that every match of `new RegExp(source, 'i')` (no `u` flag) contains, for each set,
 * one of its strings as a substring once both are upper-cased. A pattern it cannot fully read gives
 * null (no requirement), never a guess: the vague-phrase prefilter skips a pattern only when a
 * required literal is missing, so this analysis must be exact, not clever.
 */

/**
 * ECMA-262 Canonicalize for a non-unicode /i pattern (22.2.2.7.3): the simple upper-case form,
 * unless that is several code units or maps a non-ASCII character to ASCII ("ı" stays "ı").
 */
function canonicalize(ch: string): string {
  const upper = ch.toUpperCase();
  if (upper.length !== 1) return ch;
  if (ch.charCodeAt(0) >= 128 && upper.charCodeAt(0) < 128) return ch;
  return upper;
}

/**
 * The key a pattern character is compared by in `text.toUpperCase()`, or null when that comparison
 * would not be exact. Text character t matches pattern character c iff canonicalize(t) equals
 * canonicalize(c) = C; t upper-cases to C unless canonicalize(t) returned t itself, i.e. t is C,
 * so C must upper-case to itself ("ß" does not: it becomes "SS"). Surrogate halves never qualify.
 */
export function foldKey(ch: string): string | null {
  const code = ch.charCodeAt(0);
  if (ch.length !== 1 || (code >= 0xd800 && code <= 0xdfff)) return null;
  const c = canonicalize(ch);
  return c.toUpperCase() === c ? c : null;
}

/** What a piece of a pattern matches: all its strings when few and known, else sets it needs. */
interface Info {
  exact: readonly string[] | null;
  need: ReadonlyArray<readonly string[]>;
}

const UNKNOWN: Info = { exact: null, need: [] };
const EMPTY: Info = { exact: [''], need: [] };
/** Largest exact set kept; beyond it a run of pieces is split and each part is required alone. */
const CAP = 24;
/** Shortest literal worth requiring: one or two letters occur in nearly every statement. */
const MIN_LENGTH = 2;
/** Sets kept per pattern, most selective first. */
const MAX_SETS = 2;

class Unreadable extends Error {}

/** Characters an identity escape stands for outside and inside a class (`\.`, `\(`, ...). */
const IDENTITY = new Set('^$\\.*+?()[]{}|/-');

function uniq(list: readonly string[]): string[] {
  return [...new Set(list)];
}

/** Sets that say something: non-empty, no empty string (it is in every text). */
function necessary(info: Info): Array<readonly string[]> {
  const out = info.exact ? [info.exact, ...info.need] : [...info.need];
  return out.filter((set) => set.length > 0 && set.every((s) => s.length > 0));
}

function shortest(set: readonly string[]): number {
  return Math.min(...set.map((s) => s.length));
}

/** The few most selective sets that say something: dropping a requirement is always safe. */
function best(sets: ReadonlyArray<readonly string[]>): Array<readonly string[]> {
  return sets
    .filter((set) => set.length > 0 && set.every((s) => s.length >= MIN_LENGTH))
    .sort(bySelectivity)
    .slice(0, 4);
}

/** Sets with more strings than this are a last resort: each string is one more literal to look for. */
const FEW = 8;

/**
 * The best set first: few strings, then longer shortest strings (up to eight characters, beyond
 * which words are rare enough), then fewer strings, then longer ones.
 */
function bySelectivity(a: readonly string[], b: readonly string[]): number {
  const la = shortest(a);
  const lb = shortest(b);
  return Number(a.length > FEW) - Number(b.length > FEW) || Math.min(lb, 8) - Math.min(la, 8) || a.length - b.length || lb - la;
}

class Reader {
  private i = 0;
  constructor(private readonly src: string) {}

  read(): Info {
    const info = this.alternation();
    if (this.i !== this.src.length) throw new Unreadable();
    return info;
  }

  private peek(): string | undefined {
    return this.src[this.i];
  }

  private alternation(): Info {
    const alts = [this.sequence()];
    while (this.peek() === '|') {
      this.i++;
      alts.push(this.sequence());
    }
    if (alts.length === 1) return alts[0] ?? UNKNOWN;
    let exact: string[] | null = [];
    for (const a of alts) exact = exact && a.exact ? uniq([...exact, ...a.exact]) : null;
    if (exact && exact.length > CAP) exact = null;
    // Every alternative must bring one set; their union is then needed by the whole.
    const picks = alts.map((a) => necessary(a).sort(bySelectivity)[0]);
    const need = picks.every((p) => p !== undefined) ? [uniq(picks.flatMap((p) => p ?? []))] : [];
    return { exact, need };
  }

  /**
   * A run of exact pieces gives the strings it can match (their product); each piece and each
   * stretch of plain characters inside the run is needed too, and is often the better requirement:
   * "handling" alone, not the eighteen spellings of "(proper|good|...) error[- ]handling".
   */
  private sequence(): Info {
    // The run is `run` × `plain`: single strings are appended to `plain` and multiplied in only
    // when a piece with several strings comes, so a long literal costs no products.
    let run: string[] = [''];
    let plain = '';
    let exact = true;
    const need: Array<readonly string[]> = [];
    const flush = () => {
      if (plain) {
        need.push([plain]);
        run = run.map((a) => a + plain);
      }
      plain = '';
    };
    for (let ch = this.peek(); ch !== undefined && ch !== '|' && ch !== ')'; ch = this.peek()) {
      const item = this.quantified(this.atom());
      const strings = item.exact;
      if (strings && strings.length === 1) {
        plain += strings[0] ?? '';
        continue;
      }
      flush();
      if (!strings) {
        exact = false;
        need.push(run, ...item.need);
        run = [''];
        continue;
      }
      need.push(strings, ...item.need);
      if (run.length * strings.length > CAP) {
        exact = false;
        need.push(run);
        run = [''];
      }
      run = uniq(run.flatMap((a) => strings.map((b) => a + b)));
    }
    flush();
    need.push(run);
    return { exact: exact ? run : null, need: best(need) };
  }

  private quantified(atom: Info): Info {
    const next = this.peek();
    if (next !== '?' && next !== '*' && next !== '+' && next !== '{') return atom;
    const m = /^(?:([?*+])|\{(\d+)(,(\d*))?\})\??/.exec(this.src.slice(this.i));
    if (!m) {
      if (this.peek() === '{') throw new Unreadable();
      return atom;
    }
    this.i += m[0].length;
    const min = m[1] === '+' ? 1 : m[1] ? 0 : Number(m[2]);
    const max = m[1] === '?' ? 1 : m[1] ? Infinity : m[3] === undefined ? min : m[4] ? Number(m[4]) : Infinity;
    if (max < min) throw new Unreadable();
    if (max === 0) return EMPTY;
    if (min === 1 && max === 1) return atom;
    if (min === 0) return max === 1 && atom.exact ? { exact: uniq(['', ...atom.exact]), need: [] } : UNKNOWN;
    // At least one copy: what one copy needs, the repetition needs.
    return { exact: null, need: necessary(atom) };
  }

  private atom(): Info {
    const ch = this.src[this.i++];
    switch (ch) {
      case '(':
        return this.group();
      case '[':
        return this.charClass();
      case '\\':
        return this.escape();
      case '.':
        return UNKNOWN;
      case '^':
      case '$':
        return EMPTY;
      case undefined:
      case ')':
      case ']':
      case '{':
      case '}':
      case '*':
      case '+':
      case '?':
        throw new Unreadable();
      default: {
        const key = foldKey(ch);
        return key === null ? UNKNOWN : { exact: [key], need: [] };
      }
    }
  }

  private group(): Info {
    let assertion = false;
    if (this.peek() === '?') {
      const head = /^\?(?::|=|!|<=|<!)/.exec(this.src.slice(this.i));
      if (!head) throw new Unreadable();
      this.i += head[0].length;
      assertion = head[0] !== '?:';
    }
    const inner = this.alternation();
    if (this.src[this.i++] !== ')') throw new Unreadable();
    // A lookaround consumes nothing: the match is the same string with or without it.
    return assertion ? EMPTY : inner;
  }

  private escape(): Info {
    const ch = this.src[this.i++];
    if (ch === undefined) throw new Unreadable();
    if (ch === 'b' || ch === 'B') return EMPTY;
    if ('dDwWsS'.includes(ch)) return UNKNOWN;
    if (!IDENTITY.has(ch)) throw new Unreadable();
    const key = foldKey(ch);
    return key === null ? UNKNOWN : { exact: [key], need: [] };
  }

  /** One class member: a character, or null for a class escape such as `\w`. */
  private member(): string | null {
    const ch = this.src[this.i++];
    if (ch === undefined) throw new Unreadable();
    if (ch !== '\\') return ch;
    const next = this.src[this.i++];
    if (next === undefined) throw new Unreadable();
    if ('dDwWsS'.includes(next)) return null;
    if (!IDENTITY.has(next)) throw new Unreadable();
    return next;
  }

  private charClass(): Info {
    const negated = this.peek() === '^';
    if (negated) this.i++;
    if (this.peek() === ']') throw new Unreadable();
    const chars: string[] = [];
    let known = !negated;
    while (this.peek() !== ']') {
      const from = this.member();
      if (this.peek() === '-' && this.src[this.i + 1] !== ']') {
        this.i++;
        const to = this.member();
        if (from === null || to === null) throw new Unreadable();
        const a = from.charCodeAt(0);
        const b = to.charCodeAt(0);
        if (b < a) throw new Unreadable();
        if (b - a >= CAP) known = false;
        else for (let c = a; c <= b; c++) chars.push(String.fromCharCode(c));
        continue;
      }
      if (from === null) known = false;
      else chars.push(from);
    }
    this.i++;
    if (!known) return UNKNOWN;
    const keys = chars.map(foldKey);
    if (keys.some((k) => k === null)) return UNKNOWN;
    const exact = uniq(keys as string[]);
    return exact.length > CAP ? UNKNOWN : { exact, need: [] };
  }
}

/** Drops strings that contain another of the set: a text holding the longer one holds the shorter. */
function minimal(set: readonly string[]): string[] {
  return set.filter((s) => !set.some((t) => t !== s && s.includes(t)));
}

/**
 * Up to MAX_SETS sets of upper-case literals, one string of each set in every match (compare with
 * the text's toUpperCase()), or null when the pattern needs no literal this analysis can prove.
 */
export function requiredLiterals(source: string): string[][] | null {
  let info: Info;
  try {
    info = new Reader(source).read();
  } catch (error) {
    if (error instanceof Unreadable) return null;
    throw error;
  }
  const seen = new Set<string>();
  const sets = necessary(info)
    .filter((set) => shortest(set) >= MIN_LENGTH)
    .map(minimal)
    .filter((set) => !seen.has(set.join('\0')) && seen.add(set.join('\0')))
    .sort(bySelectivity)
    .filter((set, i) => i === 0 || set.length <= FEW)
    .slice(0, MAX_SETS);
  return sets.length > 0 ? sets : null;
}
