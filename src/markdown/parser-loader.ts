import type { Root } from 'mdast';

/**
 * The Markdown parser (parse.ts: remark-parse, remark-gfm, remark-frontmatter), loaded on demand.
 * Its modules (micromark and its extensions, the entity tables) take milliseconds to initialise,
 * which a run whose rules read no Markdown tree (discovery
 * rules only) would spend before it could read git's listing; so nothing imports parse.ts
 * statically but this loader's dynamic import. The engine loads it when an enabled rule declares
 * needsTree, and a rule that reads trees gets them through the file (InstructionFile.tree()) or
 * loadedMarkdownParser().
 */
let loaded: ((text: string) => Root) | undefined;

export async function loadMarkdownParser(): Promise<(text: string) => Root> {
  return (loaded ??= (await import('./parse.js')).parseMarkdown);
}

/** The parser loadMarkdownParser() loaded; throws before, as for a rule that did not declare needsTree. */
export function loadedMarkdownParser(): (text: string) => Root {
  if (!loaded) throw new Error('Markdown tree requested before the parser was loaded (by a rule that did not declare needsTree?)');
  return loaded;
}
