import type { InstructionFile } from '../markdown/instruction-file.js';
import type { RepoIndex } from '../repo/repo-index.js';
import type { DiscoveryView } from './view.js';

export interface ChainFile {
  file: InstructionFile;
  /** Text offset where the part Codex sends ends (the budget cut), or the text's length. */
  limit: number;
}

/**
 * For each simulated cwd, the instruction files Codex sends together, root first, each with how
 * much of its text reaches the model; files dropped (whitespace-only, budget spent) are left out.
 */
export function loadedChains(discovery: DiscoveryView, repo: RepoIndex, files: readonly InstructionFile[]): { cwd: string; chain: ChainFile[] }[] {
  const byPath = new Map(files.map((f) => [f.path, f]));
  return discovery.simulations().map(({ cwd, sim }) => ({
    cwd,
    chain: sim.files.flatMap((loaded) => {
      const file = loaded.dropped === null ? byPath.get(repo.rel(loaded.path)) : undefined;
      if (!file) return [];
      return [{ file, limit: loaded.cut ? file.locator.textOffsetOfByte(loaded.cut.byteOffset) : file.text.length }];
    }),
  }));
}
