import { plural } from '../util/text.js';
import { isSorted } from '../util/bisect.js';

/** A repo-relative working directory as people read it: '.' for the repository root. */
export function displayCwd(cwd: string): string {
  return cwd === '' ? '.' : cwd;
}

/**
 * "2 working directories (apps/docs, apps/docs/src)": the count, then the first few by name, so a
 * message stays one line on a 2,000-package repository.
 */
export function describeCwds(cwds: readonly string[], max = 3): string {
  // Only the first few by name are shown: a list already in order (most are) is not copied and sorted.
  const first = isSorted(cwds) ? cwds.slice(0, max) : [...cwds].sort().slice(0, max);
  const shown = first.map(displayCwd).join(', ');
  const more = cwds.length > max ? `, and ${cwds.length - max} more` : '';
  return `${plural(cwds.length, 'working directory', 'working directories')} (${shown}${more})`;
}

/** Whether the list is in Array.prototype.sort's default order (UTF-16 code units). */
