import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.js';

describe('parseMarkdown with a byte-order mark', () => {
  it('reports offsets and columns in the text that keeps U+FEFF (micromark drops it)', () => {
    const text = '\uFEFF# Rules\n<!-- hidden note here -->\n';
    const [heading, html] = parseMarkdown(text).children;
    expect(heading?.position?.start).toEqual({ line: 1, column: 2, offset: 1 });
    expect(text.slice(heading?.position?.start.offset, heading?.position?.end.offset)).toBe('# Rules');
    expect(text.slice(html?.position?.start.offset, html?.position?.end.offset)).toBe('<!-- hidden note here -->');
    expect(html?.position?.start).toEqual({ line: 2, column: 1, offset: 9 });
  });
});
