/**
 * A module-level value built on its first use and kept. For constants that cost to build and that
 * many runs never use: V8 builds a regular expression with Unicode property classes (`\p{L}`,
 * `\p{Script=Han}`) when the expression is evaluated, about half a millisecond each, and a module's
 * top level runs in every run that imports it, before the repository's listing can be read.
 */
export function lazily<T>(build: () => T): () => T {
  let built: { value: T } | undefined;
  return () => (built ??= { value: build() }).value;
}
