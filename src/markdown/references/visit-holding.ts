import type { Nodes } from 'mdast';
import { firstAtLeast } from '../../util/bisect.js';

// Walks only the parts of a Markdown tree that hold given source offsets.

/** Ascending offsets of `char` in `text` that `keep` accepts (given the offset). */
export function offsetsOf(text: string, char: string, keep: (at: number) => boolean = () => true): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) if (keep(at)) out.push(at);
  return out;
}

/**
 * Visits, in document order, the nodes whose source range holds one of `offsets` (ascending), and
 * nodes without a position; `enter` says whether to look inside. A file is a few hundred list items
 * and paragraphs, and the link or two a rule wants sits in one of them.
 */
export function visitHolding(root: Nodes, offsets: readonly number[], enter: (node: Nodes) => boolean): void {
  if (offsets.length === 0) return;
  const holds = (node: Nodes) => {
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start === undefined || end === undefined) return true;
    const at = firstAtLeast(offsets, start);
    return at < offsets.length && offsets[at]! < end;
  };
  const walk = (node: Nodes) => {
    if (!holds(node) || !enter(node)) return;
    if ('children' in node) for (const child of node.children) walk(child as Nodes);
  };
  walk(root);
}
