import { setFlagsFromString } from 'node:v8';

/**
 * A run that parses the Markdown of few files (a staged file), or of none (discovery rules only), is
 * short and mostly cold code: each function runs a few hundred times at most. V8's top tier, TurboFan, still
 * optimises the ones that get warm, on a background thread that competes with git and the garbage
 * collector for a small machine's cores, and the optimised code is often used for a few
 * milliseconds before the process exits. For such a run the CLI caps V8 at its mid tier
 * (`--max-opt=2`: Sparkplug, plus Maglev where V8 has it, Node 22 and later), which compiles fast.
 *
 * Measured on 2 cores (Node 20, median of 11 to 15 runs): one staged file 178 → 174 ms, discovery
 * rules only 311 → 269 ms on 2,000 packages and 1,224 → 1,057 ms on 10,000. A run that parses many
 * files needs TurboFan (the parser is hot code): the full lint took 1.42 s with it and 2.20 s
 * without, so above LIGHT_CONTENT_FILES trees nothing changes.
 *
 * Such a run also keeps the young generation at the size it has when the run starts
 * (`--semi-space-growth-factor=1`; V8 doubles it, up to 16 MB a half, each time a collection finds
 * most of it alive). What a discovery run allocates mostly stays alive (the index, the probe cache,
 * the simulations), so a larger young generation copies as much per collection, only in fewer
 * collections, and every page it grows into is a page fault, about 2 µs each here: on 2,000
 * packages the run touched 2,400 fewer pages (83 → 72 MB peak), with as much time in the
 * collector (14 to 18 ms either way, in 15 collections instead of 6). Objects then reach the old
 * generation sooner, and near its first limit V8 would start marking it incrementally, alongside the
 * run, for a full collection that a run this short ends before it needs: `--no-incremental-marking`
 * leaves that collection to the moment the old generation is full, which such a run seldom reaches
 * (70 million fewer instructions on 2,000 packages, about 5 %; a run that does reach the limit
 * collects in one pause instead of in steps).
 *
 * V8's flags belong to the whole process, so only the CLI asks for this (LintOptions.lightTiers), and
 * never with lint workers (a changed flag makes V8 refuse the code cache in threads started after).
 */
export const LIGHT_CONTENT_FILES = 16;

/** The flags of a light run (see above). */
export const LIGHT_FLAGS = '--max-opt=2 --semi-space-growth-factor=1 --no-incremental-marking';
/** V8's own defaults for the same flags (`--max-opt`: any tier), per `node --v8-options`. */
export const DEFAULT_FLAGS = '--max-opt=999 --semi-space-growth-factor=2 --incremental-marking';
/** The flag setters (V8's own, or a test's stand-in) this module has capped. */
const capped = new WeakSet<(flags: string) => void>();

/**
 * Caps V8's optimisation tier for a run that parses at most LIGHT_CONTENT_FILES files; returns whether
 * it did. A heavier run after a capped one in the same process (a lint started again from the whole
 * listing, which holds more files: see lintRun) sets V8's default back.
 */
export function capTiersForLightRun(enabled: boolean, contentFiles: number, setFlags: (flags: string) => void = setFlagsFromString): boolean {
  if (!enabled) return false;
  if (contentFiles > LIGHT_CONTENT_FILES) {
    if (capped.delete(setFlags)) setFlags(DEFAULT_FLAGS);
    return false;
  }
  setFlags(LIGHT_FLAGS);
  capped.add(setFlags);
  return true;
}
