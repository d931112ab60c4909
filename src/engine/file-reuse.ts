import type { DiscoveryView } from '../discovery/view.js';
import type { InstructionFile, Statement } from '../markdown/instruction-file.js';
import { sha1 } from '../sha1.js';
import type { WireFinding } from './report.js';

/**
 * What a file's file rules found, as `--cache` keeps it per instruction file: the findings (in the
 * form lint workers send them), why its Markdown could not be parsed, and the statements repo rules
 * read of it (no-duplicate-instructions), so a file whose outcome is reused is not parsed at all.
 */
export interface FileOutcome {
  findings: WireFinding[];
  parseProblem: string | null;
  statements?: Statement[];
}

/**
 * The per-file half of `--cache` (cache.ts holds the other): the engine asks for a file's stored
 * outcome before it runs the file's rules, and hands over each outcome it computes.
 *
 * A file rule's findings depend on three things: the file's bytes, the repository around it
 * (manifests, paths, the config: everything the run observed that is not an instruction file's
 * content, which the cache checks as a whole before it offers any outcome), and where Codex loads
 * the file (the working directories that load it and its place in each chain: commands are
 * resolved from those directories, and a byte order mark is reported differently in the middle of
 * a chain). The key is made of the first and the last; an edit to one instruction file changes
 * its own key, and the context of the files after it only where their places in a chain change.
 */
export interface FileReuse {
  /** The outcome stored for `path` under `key`, if any. */
  lookup(path: string, key: string): FileOutcome | undefined;
  /** Keeps the outcome this run computed for `path`. */
  store(path: string, key: string, outcome: FileOutcome): void;
  /**
   * Says whose file rules run from now on (the file's absolute path; null: none): what they observe
   * of the repository, but for that file itself, is then checked as a whole on the next run.
   */
  enter(absPath: string | null): void;
  /** Whether repo rules read statements, so outcomes must carry them. */
  readonly keepStatements?: boolean;
}

/** The key of `file`'s outcome: its bytes and the places Codex loads it (see FileReuse). */
export function reuseKey(file: InstructionFile, discovery: DiscoveryView): string {
  const places: string[] = [];
  for (const load of discovery.loadsOf(file.path)) {
    const sim = discovery.sharedSimulation(load.cwd);
    const loaded = sim.files.filter((f) => f.dropped === null);
    places.push(`${load.cwd}\0${load.file.dropped ?? ''}\0${loaded.indexOf(load.file)}\0${sim.settings.userInstructions === null ? 0 : 1}`);
  }
  return sha1(`${sha1(file.bytes)}\n${places.join('\n')}`);
}
