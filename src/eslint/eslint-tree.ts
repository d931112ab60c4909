import type { Nodes, Root } from 'mdast';
import { MAX_NESTING, MAX_PARSE_CHARS, nestingDepth } from '../markdown/parse.js';

/**
 * Where a CommonMark tree and a GFM one of the same text may differ: a table's delimiter row, `~`
 * (strikethrough), a footnote (`[^`), a task list item's box, an autolink literal (`www.`, a URL, an
 * e-mail address). Text without any of these parses alike in both.
 */
const GFM_SYNTAX = /~|\[\^|\[[ xX]\]|www\.|https?:\/\/|[\w.+-]@[\w-]+\.\w|^(?=[^\n]*\|)(?=[^\n]*-)[ \t>|:\-*+.)\d]*$/im;

/** A node only GFM makes (CommonMark links start with `[` or `<`; GFM's autolink literals do not). */
function gfmOnly(node: Nodes, text: string): boolean {
  switch (node.type) {
    case 'table':
    case 'delete':
    case 'footnoteDefinition':
    case 'footnoteReference':
      return true;
    case 'listItem':
      return typeof node.checked === 'boolean';
    case 'link': {
      const first = text[node.position?.start.offset ?? -1];
      return first !== undefined && first !== '[' && first !== '<';
    }
    default:
      return false;
  }
}

function hasGfmNode(node: Nodes, text: string): boolean {
  if (gfmOnly(node, text)) return true;
  return 'children' in node && node.children.some((child) => hasGfmNode(child as Nodes, text));
}

/**
 * Whether @eslint/markdown's tree of `text` is the tree the engine's parser (parse.ts) makes of it,
 * so the engine can take it instead of parsing the text again (a third of a warm lintText). Both are
 * micromark's mdast-util-from-markdown with the GFM extensions, and the plugin sends a tree only
 * when ESLint parsed without frontmatter or math (languageOptions). What remains to check:
 * - the engine parses the text whole and as it is: no byte order mark (it shifts positions), within
 *   parseMarkdown's size and nesting limits (it refuses or caps beyond them);
 * - no frontmatter fence at the start, which the engine's parser reads as frontmatter;
 * - the tree is GFM's: ESLint's language may be `markdown/commonmark` (a config can set it for
 *   these files), which a tree shows only through a node GFM alone makes; text with nothing GFM
 *   would read parses alike in both.
 */
export function sameTree(text: string, tree: Root): boolean {
  if (text.length > MAX_PARSE_CHARS || text.charCodeAt(0) === 0xfeff || text.startsWith('---') || text.startsWith('+++')) return false;
  if (nestingDepth(text) > MAX_NESTING) return false;
  if (tree.type !== 'root' || tree.position?.end.offset !== text.length) return false;
  return !GFM_SYNTAX.test(text) || hasGfmNode(tree, text);
}
