import * as fs from 'node:fs';
import * as path from 'node:path';
import markdown from '@eslint/markdown';
import type { Root } from 'mdast';
import { describe, expect, it } from 'vitest';
import { sameTree } from '../../src/eslint/eslint-tree.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { FIXTURES } from '../helpers/paths.js';

/** @eslint/markdown's tree of `text`, as ESLint's language makes it (its `parse`, default language options). */
function eslintTree(mode: 'gfm' | 'commonmark', text: string): Root {
  const language = markdown.languages[mode] as unknown as { parse(file: { body: string }, context: { languageOptions: object }): { ok: boolean; ast: Root } };
  const result = language.parse({ body: text }, { languageOptions: {} });
  expect(result.ok).toBe(true);
  return result.ast;
}

/** Every Markdown file of the fixtures (the rules' cases and the demo): the texts the plugin meets. */
const texts = fs
  .readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
  .filter((rel) => rel.endsWith('.md') && fs.lstatSync(path.join(FIXTURES, rel)).isFile())
  .map((rel) => fs.readFileSync(path.join(FIXTURES, rel), 'utf8'));

describe("ESLint's tree, taken instead of the engine's parse", () => {
  it("is taken only when it is the engine's own tree of the text, in either of @eslint/markdown's modes", () => {
    let taken = 0;
    for (const text of texts) {
      for (const mode of ['gfm', 'commonmark'] as const) {
        const tree = eslintTree(mode, text);
        if (!sameTree(text, tree)) continue;
        taken++;
        expect(tree, text.slice(0, 80)).toEqual(parseMarkdown(text));
      }
    }
    expect(texts.length).toBeGreaterThan(100);
    // Most fixtures' trees are taken (in GFM mode at least): the check is not a refusal of everything.
    expect(taken).toBeGreaterThan(texts.length);
  });

  it('is refused where the two parsers differ: a CommonMark tree of GFM syntax, frontmatter, a byte order mark', () => {
    const table = '# T\n\n| a | b |\n| - | - |\n| 1 | 2 |\n';
    expect(sameTree(table, eslintTree('gfm', table))).toBe(true);
    expect(sameTree(table, eslintTree('commonmark', table))).toBe(false);
    const url = 'See https://example.com and ~~this~~.\n';
    expect(sameTree(url, eslintTree('gfm', url))).toBe(true);
    expect(sameTree(url, eslintTree('commonmark', url))).toBe(false);
    const front = '---\ntitle: x\n---\n\n# Hi\n';
    expect(sameTree(front, eslintTree('gfm', front))).toBe(false);
    expect(sameTree('\uFEFF# Hi\n', eslintTree('gfm', '# Hi\n'))).toBe(false);
    // And a tree of another text (a stale one) is refused by its length.
    expect(sameTree('# Hi there\n', eslintTree('gfm', '# Hi\n'))).toBe(false);
  });
});
