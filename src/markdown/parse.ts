import type { Root } from 'mdast';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';

/**
 * Content rules parse at most this many characters of a file. Beyond it a file is far past every
 * agent's budget anyway, and remark's cost would grow without bound (a 100 MB file, or pathological
 * nesting). The cap is reported by the engine, never applied silently.
 */
export const MAX_PARSE_CHARS = 1 << 20;

let processor: Processor<Root> | undefined;

function getProcessor(): Processor<Root> {
  processor ??= unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']) as unknown as Processor<Root>;
  return processor;
}

export function parseMarkdown(text: string): Root {
  return getProcessor().parse(text.length > MAX_PARSE_CHARS ? text.slice(0, MAX_PARSE_CHARS) : text);
}
