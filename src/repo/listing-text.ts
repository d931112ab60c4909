// A listing as one string, each path followed by NUL (git's `-z` form), for native searches where a
// loop over tens of thousands of paths would run in V8's interpreter. Git's paths hold no NUL.

/** `files` in that form. */
export function listingText(files: readonly string[]): string {
  return files.length === 0 ? '' : `${files.join('\0')}\0`;
}

/**
 * The whole paths of `text` that `re` (global) matches, in order, for a pattern whose every match
 * ends with its path's NUL: each path is cut from the NUL before it to that one.
 */
export function pathsMatching(text: string, re: RegExp): string[] {
  const found: string[] = [];
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const end = re.lastIndex - 1;
    found.push(text.slice(text.lastIndexOf('\0', end - 1) + 1, end));
  }
  return found;
}
