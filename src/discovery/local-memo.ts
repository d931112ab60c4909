/**
 * Memos whose values are local to a path or a directory, and how a probe cache that hides files
 * shares them with the cache it wraps (ProbeCache.localMemo).
 *
 * The cross-host report asks, for each divergence, what a host would load with some files hidden:
 * a simulation over a cache that answers "missing" for those files. Most of what the host derives on
 * the way (whether a directory holds its files, a file's text) concerns directories and files the
 * hidden ones do not touch, and the run's cache derived it already: such values are read from, and
 * written to, the run's memo, and only keys a hidden path bears on are derived anew.
 */

/** What a memo is keyed by: a path whose value is derived from that path's probes and reads alone, or a directory whose value is derived from the probes and reads of names directly inside it. */
export type Locality = 'path' | 'dir';

/** The part of a Map that memos use. */
export interface MemoTable<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): unknown;
}

/**
 * A memo table for a cache hiding `hidden` (absolute paths): keys the hidden paths bear on (a hidden
 * path itself, or for a directory memo the directory holding one) go to `own`; every other key's value
 * is the same with or without them, and goes to `shared`, the wrapped cache's table.
 */
export class SharedUnlessHidden<T> implements MemoTable<T> {
  readonly #affected: ReadonlySet<string>;
  constructor(
    readonly own: MemoTable<T>,
    readonly shared: MemoTable<T>,
    hidden: ReadonlySet<string>,
    by: Locality,
  ) {
    this.#affected = by === 'path' ? hidden : new Set([...hidden].map(parentOf));
  }

  get(key: string): T | undefined {
    return (this.#affected.has(key) ? this.own : this.shared).get(key);
  }

  set(key: string, value: T): this {
    (this.#affected.has(key) ? this.own : this.shared).set(key, value);
    return this;
  }
}

/** The directory holding an absolute path (`/` for a path right under the root). */
function parentOf(abs: string): string {
  const slash = abs.lastIndexOf('/');
  return slash <= 0 ? '/' : abs.slice(0, slash);
}
