import picomatch from 'picomatch';

/**
 * picomatch(globs, options) as a plain function of the input. On POSIX slashes picomatch's matcher
 * decides `picomatch.test(input, regex)`: false for '', else whether the input equals the glob or
 * its regular expression matches (picomatch 4, lib/picomatch.js); it gets there through several
 * calls and a result object per test, which cost milliseconds over thousands of workspace packages.
 * Windows (where picomatch turns backslashes into slashes first) keeps picomatch's own matcher.
 */
export function globMatcher(globs: readonly string[], options?: picomatch.PicomatchOptions): (input: string) => boolean {
  // picomatch's entry point sets `windows` from the platform only when options are given.
  const resolved = options ? { ...options, windows: options.windows ?? process.platform === 'win32' } : undefined;
  if (resolved?.windows || globs.length === 0 || globs.some((g) => g === '')) return picomatch([...globs], options);
  const res = globs.map((g) => picomatch.makeRe(g, resolved));
  return (input) => {
    if (input === '') return false;
    for (let i = 0; i < globs.length; i++) if (input === globs[i] || res[i]!.test(input)) return true;
    return false;
  };
}
