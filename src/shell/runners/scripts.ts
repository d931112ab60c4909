import type { ShellWord } from '../parse.js';
import { finding, keyLocation } from './common.js';
import { hasNodeBinary, type NodePackage } from './node-packages.js';
import type { Finding, RunnerContext } from './types.js';

export interface ScriptLookup {
  tool: string;
  /** Packages the command runs in (several with workspace selectors): one having it is enough. */
  packages: NodePackage[];
  word: ShellWord;
  /** The tool falls back to running a local binary of that name (`pnpm tsc`, `yarn eslint`). */
  binaryFallback?: boolean;
  /** The tool also runs a file of that name (`bun run src/index.ts`). */
  fileFallback?: boolean;
}

/** Shared script resolution for npm, pnpm, yarn and bun. */
export function lookupScript(l: ScriptLookup, ctx: RunnerContext): Finding[] {
  const name = l.word.value;
  if (l.packages.some((p) => p.scripts.has(name))) return [];
  if (l.binaryFallback && l.packages.some((p) => hasNodeBinary(ctx.repo, p.dir, name))) return [];
  if (l.fileFallback && (name.includes('/') || /\.[cm]?[jt]sx?$/.test(name))) return [];
  const first = l.packages[0];
  if (!first) return [];
  const many = l.packages.length > 1;
  return [
    finding({
      kind: 'script',
      problem: 'not-defined',
      word: l.word,
      tool: l.tool,
      name,
      what: 'script',
      where: many ? `${l.packages.length} selected packages (${l.packages.map((p) => p.manifest).join(', ')})` : first.manifest,
      related: () => keyLocation(ctx.repo, first.manifest, first.scripts.size ? 'scripts' : 'name'),
      candidates: new Set(l.packages.flatMap((p) => [...p.scripts])),
    }),
  ];
}
