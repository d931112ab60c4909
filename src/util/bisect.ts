/** Binary searches over sorted arrays (line starts, offsets, sorted paths). */

/** The index of the last element ≤ `value` in ascending `sorted`; 0 when there is none (line starts begin at 0). */
export function lastAtMost(sorted: readonly number[], value: number): number {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (sorted[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The index of the first element ≥ `value` in ascending `sorted` (its length when there is none). */
export function firstAtLeast<T extends number | string>(sorted: readonly T[], value: T): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether `list` is in ascending order (equal neighbours allowed): a sort of such a list could be skipped. */
export function isSorted(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (list[i - 1]! > list[i]!) return false;
  return true;
}

/** Whether `list` is strictly ascending (sorted, no element twice): bisection then finds a string's only place. */
export function isAscending(list: readonly string[]): boolean {
  for (let i = 1; i < list.length; i++) if (!(list[i - 1]! < list[i]!)) return false;
  return true;
}
