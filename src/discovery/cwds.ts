import { plural } from '../kit/text.js';

/** A repo-relative working directory as people read it: '.' for the repository root. */
export function displayCwd(cwd: string): string {
  return cwd === '' ? '.' : cwd;
}

/**
 * "2 working directories (apps/docs, apps/docs/src)": the count, then the first few by name, so a
 * message stays one line on a 2,000-package repository.
 */
export function describeCwds(cwds: readonly string[], max = 3): string {
  const names = [...cwds].sort().map(displayCwd);
  const shown = names.slice(0, max).join(', ');
  const more = names.length > max ? `, and ${names.length - max} more` : '';
  return `${plural(names.length, 'working directory', 'working directories')} (${shown}${more})`;
}
