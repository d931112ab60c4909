import * as fs from 'node:fs';
import * as path from 'node:path';
import fc from 'fast-check';
import type { Root } from 'mdast';
import { unified, type Processor } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkFrontmatter from 'remark-frontmatter';
import { describe, expect, it } from 'vitest';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { decodeLossy } from '../../src/kit/text.js';
import { FIXTURES } from '../helpers/paths.js';

// parseMarkdown (lezer + lezer-mdast.ts) must build exactly the tree remark does: same node types,
// every field, every position (line, column, offset). remark, as the project parsed before, is the
// oracle. `npm run fuzz` raises the property test's run count (FUZZ_RUNS).
const RUNS = Number(process.env['FUZZ_RUNS'] ?? 60) * 5;

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkFrontmatter, ['yaml', 'toml']) as unknown as Processor<Root>;

interface Positioned {
  position?: { start: { line: number; column: number; offset?: number }; end: { line: number; column: number; offset?: number } };
  children?: Positioned[];
  data?: unknown;
}

/** remark's tree, `data` fields dropped, positions put on the text that keeps a leading U+FEFF. */
function oracle(text: string): Root {
  const tree = processor.parse(text) as Positioned;
  const fix = (node: Positioned) => {
    delete node.data;
    // micromark drops a byte-order mark and counts without it; parseMarkdown counts it (as the
    // old remark-based parseMarkdown shifted positions to).
    if (text.charCodeAt(0) === 0xfeff && node.position) {
      for (const point of [node.position.start, node.position.end]) {
        if (point.offset !== undefined) point.offset += 1;
        if (point.line === 1) point.column += 1;
      }
    }
    for (const child of node.children ?? []) fix(child);
  };
  fix(tree);
  return tree as Root;
}

function expectSame(text: string): void {
  expect(parseMarkdown(text)).toStrictEqual(oracle(text));
}

/** Every `.md` file under fixtures/ that is a readable regular file, decoded as production does. */
function fixtureFiles(): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith('.md')) {
        try {
          if (fs.statSync(p).isFile()) out.push(p);
        } catch {
          // a dangling or looping symlink: not a file to parse
        }
      }
    }
  };
  walk(FIXTURES);
  return out.sort();
}

describe('parseMarkdown equals remark on every fixture', () => {
  const files = fixtureFiles();
  it('finds the fixtures', () => expect(files.length).toBeGreaterThan(200));
  it.each(files.map((f) => [path.relative(FIXTURES, f), f]))('%s', (_name, file) => {
    expectSame(decodeLossy(fs.readFileSync(file)));
  });
});

/** Constructs where lezer's reading, or a naive conversion, would differ from micromark's. */
const TRICKY: string[] = [
  // containers, nesting, lazy continuation
  '> a\n> > b\n> c', '> - a\n>   b\n> - c', '- a\n  > b\n  > c\n- d', '1. a\n   1. b\n      1. c', '- a\n\n  b\n- c', '- a\n- b\n\n- c',
  '- a\n  - b\n\n  c', '-\n  a', '-\n\n  a', '- \n  a', '* a\n+ b\n- c', '1. a\n2) b', '2. a\n3. b', '10. a', '1234567890. no', '- a\n - b\n  - c\n   - d\n    - e',
  '> a\nlazy', '> a\n>\n> b\n>\n\nx', '- a\nb', 'a\n- b', 'a\n1. b', 'a\n2. b', '- a\n2) ', '- a\n  - ', '1. a\n   2. b', '&\n>*', 'a\n- *',
  '> - a\n>\n> b', '> - a\n>\n>\n> b', '> 1. a\n>\n> - b', '>>\n>', '>* >\n>*', '>>>\n>*', '> > + \n> * ', '> word\n-     word\n      word\n', '-\n-     ;\n       ', '  1. \n    word\n    | \n', '> - >\n>     * ', '>- -\n>   >', '[^1]: note \n    * word\n    > word\n', '+ \n  <!--\n\tword\n', '[^1]: note \n![^1]', '> <!--\n', '1. > ```js \n    > word\n', '[^1]: note \n    * word\n', '- [\n\t<http://x.y>\n', '> - [ ] \n> *\n', '> 1. \n> -\t\n', '</span>\u00a0\n', '> <div>\n>\n> x', '<a_b>\nx', '<!doctype html>\nx', '> <!X\n> foo\n> >', '<div/x>', '<div/>\nx', 'p\n<a href=x>', '</x y>\n', '<a b="c"d>\n', '- [x] \n    | -\n', 'word|word\n|-|-|\n> 2) \n', '-\t\n    word\n    ---|\n', 'a\n:-', 'a\n|-', '* \n    > - ~~~\n  1. ', '- `\n  1. \n\t`code`\n', '>     word\n  >    word\n', 'word\n    <!--\n\t<!-- c -->\n', 'word\nword\n- | \n', '* > + ```\n  - [x] \n', '- > a\n  - b', '- - a\n  > b', '[^1]: note\n    - a\n    - b', '[^1]: note\n    - a\n\n    - b', '[^1]: note \n    > word\n    - \n\n', '[^1]: note \n    - [ ] \n    - ', '[^1]: note \n    * word\n        - [x] \n        > word\n', '1. \n    word\n\n\tword', '[ref]: /url\n-|\n', '[ref]: /url\n\t:-\n', '[ref]: /url|word\n| --- | :-: |', '> a\n    b', '>\n    a\n    b', '>\n    a\n*', '    a\n- ', '    a\n\n- ',
  // a block left open in a quote in an item, closed by the next item of a list around (fast-check seeds 1262798332, -2029439751, 104533473, 1009528243; two items starting on one line)
  '- \n  * \n    > <!--\n  * \n', '* \n    * >~~~\n    * \n', '* - \n    > ~~~\n  - [x] ', '- - \n    > <!--\n  - \n', '> * - [ ] \n>     ```js \n> * \n', '1. [^1]: note \n        ~~~\n    -\t\n', '- \n  * \n    > ```\n  * \n', '> * \n>   > <!--\n> * \n', '> - \n>   * \n>     > <!--\n>   * \n', '- \n  * \n    > <!--\n    * \n',
  '>\t *', '-\ta\n\n\tb', '>\tfoo\n>\t\tbar', '\t\tfoo', '>http://c\n    >', '-     ',
  // task list items
  '- [ ] task\n- [x] done\n- [X] Done\n- [ ]\n- [ ]  \n- [y] no', '- [x]\n  next line', '1. [ ] ordered',
  // code
  '```js meta data\nconst a = 1;\n```', '```js  x  y  ', '~~~\na\n~~~~', '```\nunclosed\n\n', '   ```\n   a\n  b\n    c\n   ```', '- ```\n  a\n\n  b\n  ```\n- x',
  '    code\n    more\n\n    after\n\n\nx', '    a\n      \n    b', '    a\n    ', '    a\n        ', '> ```\n> a\n>\n> b\n> ```', '```a\\*b &amp; c\n```', '- a\n\n      code\n', '1.  a\n\n        code',
  '* ```\n  a\n*', '- ```\n  a\n\n- b', '> ```\n> a\nb', '- ```\n\nx', '```\n\tx\n```',
  // headings, setext, thematic breaks
  'a\n===', 'a\nb\n---', 'a\n   ---', '> a\nb\n---', '  a\n  ===  ', 'Foo\n= =', '***', ' - - -', '_____ ', '# a #', '## b ##   ', '#no', '####### seven', '# a \\#', '#\ta\t#', '# ', '#',
  // definitions and references
  '[a]: /u\n\n[a] [A] [a][] [b][a] [a][b] [ a ]', '[a]: <b> "t"\n[a]', '[a]:\n/u\n"t"\n\n[a]', '[a]: /u "t" x\n\n[a]', "[a]: /u\n'title\nline'\n\n[a]", '[Foo Bar]: /u\n\n[foo  bar]',
  '[a\\*]: /u\n\n[a\\*] [a*]', '[a]: /u\nfoo\n===', '[a]: /u\n===', '[a]: /u\n---', '[a]: /u\n- \nx\n---', '[a]: /u\n    f', '[a]: /u\n<x>\nb', '>>[f]:\\\n]', '[x][nope] [nope]',
  // inline: entities, escapes, breaks, code spans, emphasis, strikethrough
  '&amp; &copy; &#35; &#x22; &#0; &nbsp &ThisIsNotDefined; &#99999999;', '\\*not em\\* \\\\ \\a \\`', 'a\\\nb', 'a  \nb', 'a \t \nb', 'a    \n   b',
  '`a`', '``a ` b``', '` a `', '`  `', '`\na\n`', '`unclosed', '\\`a`', '``a`', 'a `b\nc` d', '- `a\n  *b*', '> `a  \n> b', '2) `  \n   b', '> [a](b\n> *b*',
  '*a* _b_ **c** __d__ ***e*** ___f___', '*a **b** c*', '**a*', '*a**', 'a*b*c a_b_c', '*(a)*', '*foo**bar**baz*', 'foo***bar***baz', '*a*~~b~~', '~~a~~ ~b~ ~~~c~~~', '~a *b~ c*', '*a ~b* c~',
  // links, images, autolinks
  '[a](b "t")', '[a](<b c>)', '[a](b (t))', '[a]( )', '[a](<>)', '[a](b\n"t")', '[a](b"t")', '[a](\\(b\\))', '[a](b(c)d)', '[a [b](c) d](e)', '![a [b](c)](d)', '[![a](b)](c)', '1[^]()',
  '<http://a.b> <mailto:x@y.z> <x@y.z> <a:b> <http://a b>', 'www.example.com', 'http://example.com/path?x=1.', 'https://a.b/c_(d)', 'x@y.com', 'foo.bar@baz.qux.', ',www.a.com', 'a.www.b.com', '[www.a.com]', 'www.', 'mailto:a@b.com', 'xmpp:a@b.com/c', 'www.a_b.com',
  // tables
  '| a | b |\n| - | - |\n| 1 | 2 |', '| a |\n|:-:|\n| `x\\|y` |', 'a | b\n--|--\nc | d', '|a|b|\n|-|-|\n|1|2|3|', 'p\n| a |\n| - |', '> | a |\n> | - |\n> | b |', 'a||\n-|-\n-', 'a||\n-|-\n\t`', '* .\n-||.\n>|-|-',
  // HTML
  '<div>\nhi\n</div>', '<!--\nmulti\n-->\nx', '<?php x ?>', '<![CDATA[x]]>', '<script>\nx\n</script>\ny', 'a <b>c</b> d <!-- c --> <a href="x">y</a>', '<a\nb>', 'a <x y = "z" w>', '  <div>', '- <!--\n-', '> a\n<x>',
  // line endings, tabs, byte-order mark, NUL
  'a\r\nb\r\n\r\nc', 'a\rb\r\rc', '# h\r\n\r\n- a\r\n- b\r\n', '```\r\na\r\n```\r\n', '> a\r\n> b', 'a  \r\nb', '\uFEFF# x\n', '\uFEFF', '\uFEFF    x', 'a\u0000b',
  // front matter (and one that never closes: remark then opens no containers)
  '---\ntitle: x\n---\n# h', '+++\na = 1\n+++\n', '\uFEFF---\na: 1\n---\n', '---\n---\n', '----\na\n----', '---\n- a\n- b', '+++\n> q',
  // footnotes
  'Write tests first.[^1]\n\n[^1]: Always.', '[^1]: a\n    b\n\n    c\nd', '>]\n[^1]:', '>[^2]:\n>',
  // the same line at other places: a line's phrasing is reused by its text, its points moved
  'a `b` *c* &amp; <x> www.d.e\n- a `b` *c* &amp; <x> www.d.e\n> a `b` *c* &amp; <x> www.d.e\n\n  - a `b` *c* &amp; <x> www.d.e\n# a `b` *c* &amp; <x> www.d.e',
  '\uFEFFa `b` _c_\r\n\r\n> a `b` _c_\r\n1. a `b` _c_', '- x\n- a **b**\n- a **b**\n  - a **b**',
  // empty and degenerate
  '', ' ', '\n\n', '   \n', 'a\n\n\n', '\\', '&', '<', '*', '_', '~', '[', ']', '!', '![', '`',
];

describe('parseMarkdown equals remark on tricky input', () => {
  it.each(TRICKY.map((t) => [JSON.stringify(t), t]))('%s', (_name, text) => expectSame(text));
});

/**
 * Known differences: micromark quirks not reproduced. Each must still differ (so fixing one fails
 * here: move it to TRICKY).
 */
const KNOWN_DIFFERENCES: [string, string][] = [
  // A complete HTML tag (CommonMark kind 7) alone on a lazy line after a paragraph in a container:
  // micromark puts the HTML inside the container when a line ending follows (outside at the end).
  ['- a\n<x>\n', 'lazy kind-7 HTML placement'],
  // A footnote definition with nothing after `:` and its text on the next line, in a list item:
  // micromark counts the first line ending as a blank line and makes the item spread.
  ['- [^2]:\n      b', 'footnote definition line ending counted as blank'],
  // A footnote definition inside a footnote definition, then a lazy line opening an empty list
  // item: micromark keeps the line in the paragraph.
  ['[^1]: a\n    [^1]: b\n    * ', 'empty list item on a lazy line in nested footnote definitions'],
  // A table whose head row is a lazy line in a block quote (its delimiter row in the quote):
  // micromark keeps the table in the quote; here the quote ends before the head row.
  ['>word\nword|word\n> | --- | :-: |\n', 'table head row on a lazy line'],
  // A one-column table (delimiter row `-|`, `|-`) under a lazy line: micromark tries the table
  // first on the line before.
  ['2) word\nword\n    -|\n', 'one-column table under a lazy line'],
];

describe('known differences from remark', () => {
  it.each(KNOWN_DIFFERENCES.map(([t, why]) => [why, t]))('%s', (_why, text) => {
    expect(parseMarkdown(text)).not.toStrictEqual(oracle(text));
  });
});

// ---------------------------------------------------------------------------------------------
// Property: random Markdown-ish documents from block and inline pieces
// ---------------------------------------------------------------------------------------------

const INLINE = [
  'word', 'foo', ' ', '  ', '\t', '*', '_', '**', '__', '***', '~', '~~', '`', '``', '`code`', '` x `', '[', ']', '(', ')', '[a](u)', '[a](<u v> "t")', '[a](u (t))',
  '[ref]', '[ref][]', '[x][ref]', '[x][nope]', '![i](u)', '![ref]', '<http://x.y>', '<a@b.c>', '<', '>', 'www.x.com', 'http://a.b/c', 'https://a.b/(c)', 'a@b.co',
  'mailto:a@b.co', '&amp;', '&#35;', '&bogus;', '\\*', '\\', '\\[', '<span>', '</span>', '<!-- c -->', '[^1]', '[^2]', '!', '"', "'", ':', '.', ',', '|', '\\|', '#',
  '-', '+', '1.', 'é', '😀', '\u00a0',
];
const STARTERS = [
  '', '', '', '# ', '## ', '###### ', '- ', '* ', '+ ', '1. ', '2) ', '> ', '>', '    ', '  ', '   ', '```', '~~~', '```js ', '---', '***', '===', '<div>', '</div>',
  '<!--', '-->', '<pre>', '| ', '|-|-|', '| --- | :-: |', '[ref]: /url', '[ref]: <u> "title"', '[^1]: note ', '\t', '- [ ] ', '- [x] ', '-\t',
];
const PREFIXES = ['> ', '- ', '  ', '1. ', '>', '    ', '* '];

const inline = fc.array(fc.constantFrom(...INLINE), { maxLength: 6 }).map((parts) => parts.join(''));
const line = fc.tuple(fc.array(fc.constantFrom(...PREFIXES), { maxLength: 2 }), fc.constantFrom(...STARTERS), inline).map(([prefixes, starter, text]) => prefixes.join('') + starter + text);
const eol = fc.constantFrom('\n', '\n', '\n', '\n', '\n', '\n', '\n', '\n', '\r\n', '\r');
const documents = fc
  .tuple(fc.constantFrom('', '', '', '', '---\na: 1\n---\n', '+++\na = 1\n+++\n', '\uFEFF'), fc.array(fc.tuple(line, eol), { minLength: 1, maxLength: 8 }), fc.boolean())
  .map(([head, lines, trailing]) => {
    const text = head + lines.map(([l, e]) => l + e).join('');
    return trailing ? text : text.replace(/(?:\r\n|\r|\n)$/, '');
  })
  // The known differences above kept out: a lone kind-7 tag line; lines of only whitespace and
  // quote markers (empty quote lines, whitespace-only lines) but for truly empty ones; footnote
  // definitions inside footnote definitions, or with nothing on their first line; a line with a
  // pipe anywhere after a block quote or list line (a lazy table head row, seed -1898341870 had
  // one after the item's second line); one-column delimiter rows (`-|`, `- |`);
  // a fence opened in a block quote right after a list marker.
  .filter(
    (text) =>
      !/(?:^|[\r\n])[ \t>*+\-\d.)]*<\/?span>[ \t]*(?:\r\n|\r|\n)/.test(text) &&
      !/(?:^|[\r\n])[ \t>]+(?:$|[\r\n])/.test(text) &&
      !/\[\^1\]: note [^]*\n[ \t]+\[\^1\]/.test(text) &&
      !/\[\^[^\]\s]+\]:[ \t]*(?:$|[\r\n])/.test(text) &&
      !/(?:^|[\r\n])[ \t]*(?:[>*+-]|\d+[.)])[^]*[\r\n][^ \t>*+\-\d\r\n][^\r\n]*\|/.test(text) &&
      !/(?:^|[\r\n])[^\r\n|]*(?:-[ \t]*\||\|[ \t]*:?-+:?[ \t]*(?:\|[ \t]*)?(?:$|[\r\n]))/.test(text) &&
      !/(?:[*+-]|\d[.)])[ \t]*>[ \t]*(?:```|~~~)/.test(text),
  );

describe('property: parseMarkdown equals remark', () => {
  it('on random documents of block and inline pieces', () => {
    fc.assert(fc.property(documents, (text) => expectSame(text)), { numRuns: RUNS });
  });
});
