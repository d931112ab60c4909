import { describe, expect, it } from 'vitest';
import { loadedMarkdownParser, loadMarkdownParser } from '../../src/markdown/parser-loader.js';
import { parseMarkdown } from '../../src/markdown/parse.js';

describe('parser loader', () => {
  it('hands out the parser only once it is loaded, then the same one as parse.ts', async () => {
    expect(() => loadedMarkdownParser()).toThrow(/before the parser was loaded/);
    const parse = await loadMarkdownParser();
    expect(parse).toBe(parseMarkdown);
    expect(loadedMarkdownParser()).toBe(parse);
    expect(parse('# Title\n').children[0]).toMatchObject({ type: 'heading', depth: 1 });
  });
});
