import { describe, expect, it, vi } from 'vitest';
import { InstructionFile } from '../../src/markdown/instruction-file.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import * as fs from 'node:fs';
import * as path from 'node:path';
import ignore from 'ignore';
import { classifyPath } from '../../src/markdown/references/path-shape.js';
import { negationCues } from '../../src/markdown/references/negation-cues.js';
import { pathReferences } from '../../src/markdown/references/path-references.js';
import { isIgnoredPath } from '../../src/markdown/references/repo-facts.js';
import { directoryEntries, findByTail, resolvePathReference } from '../../src/markdown/references/path-resolution.js';
import { linkReferences, resolveLink } from '../../src/markdown/references/links.js';
import { anchorMatches, anchorsOf, closestAnchor, githubSlug, Slugger } from '../../src/markdown/references/anchors.js';
import { closest, editDistance } from '../../src/util/text.js';
import { RepoIndex } from '../../src/repo/repo-index.js';
import { MemoryFileSystem, NodeFileSystem } from '../../src/repo/vfs.js';
import { FIXTURES } from '../helpers/paths.js';

function instruction(text: string, path = 'AGENTS.md'): InstructionFile {
  return new InstructionFile({ path, absPath: `/repo/${path}`, kind: 'codex', bytes: new TextEncoder().encode(text), parse: parseMarkdown });
}

const repo = new RepoIndex({
  root: '/repo',
  useGit: false,
  fs: new MemoryFileSystem({
    '/repo/.gitignore': 'dist/\n.next/\ncoverage/\n*.local.json\n',
    '/repo/package.json': JSON.stringify({ name: 'acme', dependencies: { 'react-dom': '18', 'bignumber.js': '9' } }),
    '/repo/AGENTS.md': '# Agents\n',
    '/repo/README.md': '# Acme\n\n## Install\n\n## Install\n',
    '/repo/docs/guides/setup.md': '# Setup\n',
    '/repo/docs/guides/README.md': '# Guides\n',
    '/repo/docs/guides/readme.txt': 'Guides\n',
    '/repo/src/utils/formatter.ts': '',
    '/repo/config/app.yml': '',
    '/repo/packages/db/package.json': '{"name":"@acme/db"}',
    '/repo/packages/db/src/index.ts': '',
    '/repo/packages/db/prisma/schema.prisma': '',
    '/repo/packages/db/AGENTS.md': '# db\n',
    // A symlinked directory is one listed entry with nothing listed below it.
    '/repo/shared': { symlink: '/elsewhere' },
    '/elsewhere/conventions.md': '# Conventions\n',
  }),
});

describe('classifyPath', () => {
  const paths: [string, { value: string; shape: string; dir: boolean }][] = [
    ['src/index.ts', { value: 'src/index.ts', shape: 'nested', dir: false }],
    ['./scripts/setup.sh', { value: './scripts/setup.sh', shape: 'explicit', dir: false }],
    ['../sibling/x.md', { value: '../sibling/x.md', shape: 'explicit', dir: false }],
    ['/docs/adr/', { value: '/docs/adr/', shape: 'absolute', dir: true }],
    ['README.md', { value: 'README.md', shape: 'bare', dir: false }],
    ['.nvmrc', { value: '.nvmrc', shape: 'bare', dir: false }],
    ['.env.example', { value: '.env.example', shape: 'bare', dir: false }],
    ['Makefile', { value: 'Makefile', shape: 'bare', dir: false }],
    ['Dockerfile.dev', { value: 'Dockerfile.dev', shape: 'bare', dir: false }],
    ['src/native/addon.c', { value: 'src/native/addon.c', shape: 'nested', dir: false }],
    ['vitest.config.ts', { value: 'vitest.config.ts', shape: 'bare', dir: false }],
    ['generated/', { value: 'generated/', shape: 'bare', dir: true }],
    [' src/ ', { value: 'src/', shape: 'bare', dir: true }],
    ['src/a.ts:42', { value: 'src/a.ts', shape: 'nested', dir: false }],
    ['src/a.ts:42:7', { value: 'src/a.ts', shape: 'nested', dir: false }],
    ['src/a.ts#L10-L20', { value: 'src/a.ts', shape: 'nested', dir: false }],
    ['.github/workflows/ci.yml', { value: '.github/workflows/ci.yml', shape: 'nested', dir: false }],
  ];
  it.each(paths)('%j is a path', (input, expected) => {
    expect(classifyPath(input)).toMatchObject(expected);
  });

  const notPaths: [string, string][] = [
    ['pnpm test', 'whitespace'],
    ['https://example.com/a.md', 'url'],
    ['node:fs/promises', 'url'],
    ['workspace:*', 'url'],
    ['dev@acme.io', 'email'],
    ['@acme/ui', 'scoped-package'],
    ['~/.codex/config.toml', 'home'],
    ['**/*.test.ts', 'glob'],
    ['{apps,packages}/*', 'glob'],
    ['packages/[name]/', 'glob'],
    ['packages/<name>/', 'placeholder'],
    ['$PKG_DIR/src', 'placeholder'],
    ['${HOME}/x', 'placeholder'],
    ['src/...', 'placeholder'],
    ['migrations/NNNN_description.sql', 'placeholder'],
    ['docs/adr/XXXX-title.md', 'placeholder'],
    ['changelog/YYYY-MM.md', 'placeholder'],
    ['path/to/file.ts', 'placeholder'],
    ['/users/:id', 'placeholder'],
    ['src/foo.ts', 'placeholder'],
    ['src/components/MyComponent.tsx', 'placeholder'],
    ['packages/your-package/', 'placeholder'],
    ['foo.bar()', 'identifier'],
    ['process.env.X', 'identifier'],
    ['console.log', 'identifier'],
    ['crate::db::pool', 'identifier'],
    ['--watch', 'identifier'],
    ['NODE_ENV=test', 'identifier'],
    ['src\\index.ts', 'identifier'],
    ['Node.js', 'identifier'],
    ['docs.rs', 'identifier'],
    ['v1.2.3', 'identifier'],
    ['1.0.md', 'identifier'],
    ['stdio.h', 'identifier'],
    ['a.b.c', 'identifier'],
    ['localhost:3000', 'identifier'],
    ['.ts', 'extension'],
    ['.d.ts', 'extension'],
    ['.test.tsx', 'extension'],
    ['/', 'not-path-like'],
    ['..', 'not-path-like'],
  ];
  it.each(notPaths)('%j is not a path (%s)', (input, reason) => {
    expect(classifyPath(input)).toEqual({ reason });
  });
});

describe('pathReferences', () => {
  const cases: { name: string; md: string; refs: { value: string; qualified: boolean; at: string }[] }[] = [
    { name: 'a plain mention', md: 'Edit `src/index.ts`.\n', refs: [{ value: 'src/index.ts', qualified: false, at: 'src/index.ts`' }] },
    { name: 'a prohibition is still a claim', md: '- Never edit `generated/` by hand.\n', refs: [{ value: 'generated/', qualified: false, at: 'generated/`' }] },
    { name: '"if present" qualifies', md: '- Remove `tmp/` if present.\n', refs: [{ value: 'tmp/', qualified: true, at: 'tmp/`' }] },
    { name: '"may not exist" qualifies', md: '`generated/` may not exist yet.\n', refs: [{ value: 'generated/', qualified: true, at: 'generated/`' }] },
    { name: '"e.g." does not end the sentence', md: 'Tests sit beside code, e.g. `src/a.test.ts`.\n', refs: [{ value: 'src/a.test.ts', qualified: true, at: 'src/a.test.ts`' }] },
    {
      name: 'a qualifier in another sentence does not count',
      md: 'Create a branch first. Then edit `src/index.ts`.\n',
      refs: [{ value: 'src/index.ts', qualified: false, at: 'src/index.ts`' }],
    },
    {
      name: 'words inside code spans are not qualifiers',
      md: 'Never touch `src/generated/` or `create.ts`.\n',
      refs: [
        { value: 'src/generated/', qualified: false, at: 'src/generated/`' },
        { value: 'create.ts', qualified: false, at: 'create.ts`' },
      ],
    },
    { name: 'double backticks', md: 'See `` docs/a.md `` now.\n', refs: [{ value: 'docs/a.md', qualified: false, at: 'docs/a.md ``' }] },
    { name: 'a code span as link text belongs to the link', md: 'See [`docs/a.md`](docs/a.md).\n', refs: [] },
    { name: 'fenced code is not scanned', md: '```sh\ncat src/index.ts\n```\n', refs: [] },
    { name: 'inside a table and a heading', md: '## In `src/`\n\n| a |\n| - |\n| `lib/x.ts` |\n', refs: [
      { value: 'src/', qualified: false, at: 'src/`' },
      { value: 'lib/x.ts', qualified: false, at: 'lib/x.ts`' },
    ] },
  ];
  it.each(cases)('$name', ({ md, refs }) => {
    const file = instruction(md);
    const found = pathReferences(file);
    expect(found.map((r) => ({ value: r.value, qualified: r.qualified, at: md.slice(r.start, r.end + md.slice(r.end).search(/`/) + 1).replace(/`+$/, '`').replace(/ `$/, ' ``') }))).toEqual(refs);
    for (const r of found) expect(md.slice(r.start, r.end)).toBe(r.value);
  });
});

describe('resolvePathReference', () => {
  const cases: { file: string; value: string; expected: Record<string, unknown> }[] = [
    { file: 'AGENTS.md', value: 'docs/guides/setup.md', expected: { status: 'exists', path: 'docs/guides/setup.md' } },
    { file: 'AGENTS.md', value: 'docs/setup.md', expected: { status: 'missing', tried: ['docs/setup.md'], suggestion: 'docs/guides/setup.md' } },
    // NodeNext import specifiers: `.js` names the `.ts` source.
    { file: 'AGENTS.md', value: 'src/utils/formatter.js', expected: { status: 'exists', path: 'src/utils/formatter.ts' } },
    { file: 'AGENTS.md', value: 'src/utils/format.ts', expected: { status: 'missing', tried: ['src/utils/format.ts'], suggestion: 'src/utils/formatter.ts' } },
    { file: 'AGENTS.md', value: '/config/app.yaml', expected: { status: 'missing', tried: ['config/app.yaml'], suggestion: '/config/app.yml' } },
    { file: 'AGENTS.md', value: '/api/health', expected: { status: 'not-path' } },
    { file: 'AGENTS.md', value: 'react-dom/client', expected: { status: 'not-path' } },
    { file: 'AGENTS.md', value: 'origin/main', expected: { status: 'not-path' } },
    { file: 'AGENTS.md', value: 'github.com/acme/x/main.go', expected: { status: 'not-path' } },
    { file: 'AGENTS.md', value: 'bignumber.js', expected: { status: 'not-path' } },
    { file: 'AGENTS.md', value: 'dist/', expected: { status: 'ignored', path: 'dist' } },
    { file: 'AGENTS.md', value: 'packages/db/dist/index.js', expected: { status: 'ignored', path: 'packages/db/dist/index.js' } },
    { file: 'AGENTS.md', value: 'settings.local.json', expected: { status: 'ignored', path: 'settings.local.json' } },
    { file: 'AGENTS.md', value: 'node_modules/.prisma/client/', expected: { status: 'ignored', path: 'node_modules/.prisma/client' } },
    { file: 'AGENTS.md', value: '.env', expected: { status: 'ignored', path: '.env' } },
    { file: 'AGENTS.md', value: 'schema.prisma', expected: { status: 'exists', path: 'packages/db/prisma/schema.prisma' } },
    // `src/` exists at the root, so this names the root's src/; the same name elsewhere is the suggestion.
    { file: 'AGENTS.md', value: 'src/index.ts', expected: { status: 'missing', tried: ['src/index.ts'], suggestion: 'packages/db/src/index.ts' } },
    // No `prisma/` at the root: a path that exists under some package is a pattern ("each package's ...").
    { file: 'AGENTS.md', value: 'prisma/schema.prisma', expected: { status: 'exists', path: 'packages/db/prisma/schema.prisma' } },
    { file: 'AGENTS.md', value: 'shared/conventions.md', expected: { status: 'exists', path: 'shared/conventions.md' } },
    { file: 'AGENTS.md', value: 'shared/', expected: { status: 'exists', path: 'shared' } },
    { file: 'AGENTS.md', value: '../elsewhere/x.md', expected: { status: 'outside', path: '../elsewhere/x.md' } },
    { file: 'packages/db/AGENTS.md', value: 'prisma/schema.prisma', expected: { status: 'exists', path: 'packages/db/prisma/schema.prisma' } },
    { file: 'packages/db/AGENTS.md', value: './src/', expected: { status: 'exists', path: 'packages/db/src' } },
    { file: 'packages/db/AGENTS.md', value: 'config/app.yml', expected: { status: 'exists', path: 'config/app.yml' } },
    {
      file: 'packages/db/AGENTS.md',
      value: 'src/client.ts',
      expected: { status: 'missing', tried: ['packages/db/src/client.ts', 'src/client.ts'], suggestion: null },
    },
    { file: 'packages/db/AGENTS.md', value: 'prisma/schema.ts', expected: { status: 'missing', tried: ['packages/db/prisma/schema.ts', 'prisma/schema.ts'], suggestion: 'prisma/schema.prisma' } },
    { file: 'packages/db/AGENTS.md', value: '../../README.md', expected: { status: 'exists', path: 'README.md' } },
  ];
  it.each(cases)('$value from $file', ({ file, value, expected }) => {
    const c = classifyPath(value);
    if ('reason' in c) throw new Error(`${value} is not a path: ${c.reason}`);
    expect(resolvePathReference(repo, file, c)).toEqual(expected);
  });

  // The first 2000 questions of whether a directory holds a name are lookups of the joined path;
  // later ones ask an index of every name. Both must answer alike.
  it('answers alike before and after it indexes every name', () => {
    const fresh = () => new RepoIndex({ root: '/repo', useGit: false, fs: repo.fs });
    const warmed = fresh();
    for (let i = 0; i < 2100; i++) resolvePathReference(warmed, 'AGENTS.md', { value: `docs/guides/n${i}.md`, shape: 'nested', dir: false });
    const values = [...cases.map((c) => c.value), ...repo.files, ...[...repo.dirs].filter((d) => d !== '').map((d) => `${d}/`), 'docs/guides', 'docs/guide', 'shared/x/y.md'];
    const first = fresh();
    for (const file of ['AGENTS.md', 'packages/db/AGENTS.md', 'docs/guides/setup.md']) {
      for (const value of values) {
        const c = classifyPath(value);
        if ('reason' in c) continue;
        expect(resolvePathReference(warmed, file, c), `${value} from ${file}`).toEqual(resolvePathReference(first, file, c));
      }
    }
  });
});

describe('GitHub slugs', () => {
  const slugs: [string, string][] = [
    ['Getting Started', 'getting-started'],
    ["What's new? (v2.0)", 'whats-new-v20'],
    ['`pnpm dev` & friends', 'pnpm-dev--friends'],
    ['🚀 Deploying', '-deploying'],
    ['Ünïcödé Straße', 'ünïcödé-straße'],
    ['snake_case and--hyphens', 'snake_case-and--hyphens'],
    ['C++ / C#', 'c--c'],
    ['日本語 見出し', '日本語-見出し'],
  ];
  it.each(slugs)('%j → %j', (heading, slug) => expect(githubSlug(heading)).toBe(slug));

  it('numbers duplicates in document order, like github-slugger', () => {
    const s = new Slugger();
    expect(['Install', 'Install', 'Install-1', 'Install'].map((h) => s.slug(h))).toEqual(['install', 'install-1', 'install-1-1', 'install-2']);
  });

  it('collects heading and HTML anchors, with heading text as rendered', () => {
    const anchors = anchorsOf(parseMarkdown('# A <em>b</em>\n\nSetext\n===\n\n<a id="x"></a>\n\n## ![logo](l.png) Logo\n'));
    expect(anchors.map((a) => a.id)).toEqual(['a-b', 'setext', 'x', 'logo-logo']);
  });

  const matches: [string, boolean][] = [
    ['a-b', true],
    ['A-B', true],
    ['user-content-x', true],
    ['top', true],
    ['L10', true],
    ['L1-L20', true],
    ['nope', false],
  ];
  it.each(matches)('anchor %j matches: %s', (anchor, ok) => {
    expect(anchorMatches(anchorsOf(parseMarkdown('# A b\n\n<a name="x"></a>\n')), anchor)).toBe(ok);
  });

  const nearest: [string, string | null][] = [
    ['instal', 'install'],
    ['run-tests', 'running-tests'],
    ['deployment', 'deploy'],
    ['unrelated-thing', null],
  ];
  it.each(nearest)('closest anchor to %j is %j', (anchor, expected) => {
    expect(closestAnchor(anchorsOf(parseMarkdown('## Install\n## Running tests\n## Deploy\n')), anchor)).toBe(expected);
  });
});

describe('linkReferences', () => {
  const cases: { name: string; md: string; links: { kind: string; path: string; anchor: string | null; pathText: string; anchorText: string }[] }[] = [
    { name: 'inline link with anchor', md: 'See [x](docs/a.md#b-c).\n', links: [{ kind: 'link', path: 'docs/a.md', anchor: 'b-c', pathText: 'docs/a.md', anchorText: 'b-c' }] },
    { name: 'same-file anchor', md: '[x](#setup)\n', links: [{ kind: 'link', path: '', anchor: 'setup', pathText: '', anchorText: 'setup' }] },
    { name: 'image and title', md: '![alt](img/a.png "Title")\n', links: [{ kind: 'image', path: 'img/a.png', anchor: null, pathText: 'img/a.png', anchorText: '' }] },
    { name: 'angle brackets and spaces', md: '[n](<docs/my notes.md>)\n', links: [{ kind: 'link', path: 'docs/my notes.md', anchor: null, pathText: 'docs/my notes.md', anchorText: '' }] },
    { name: 'percent-encoding and query', md: '[n](docs/my%20notes.md?plain=1#L3)\n', links: [{ kind: 'link', path: 'docs/my notes.md', anchor: 'L3', pathText: 'docs/my%20notes.md', anchorText: 'L3' }] },
    { name: 'balanced parentheses', md: '[n](docs/a_(b).md)\n', links: [{ kind: 'link', path: 'docs/a_(b).md', anchor: null, pathText: 'docs/a_(b).md', anchorText: '' }] },
    { name: 'link text with nested brackets and code', md: '[`a](b` [c]](x.md)\n', links: [{ kind: 'link', path: 'x.md', anchor: null, pathText: 'x.md', anchorText: '' }] },
    { name: 'definition', md: '[r]: ./a.md#x "T"\n\n[y][r]\n', links: [{ kind: 'definition', path: './a.md', anchor: 'x', pathText: './a.md', anchorText: 'x' }] },
    { name: 'inside a blockquote list', md: '> - [n](a.md)\n', links: [{ kind: 'link', path: 'a.md', anchor: null, pathText: 'a.md', anchorText: '' }] },
    { name: 'directory with an anchor', md: '[ui](packages/ui/#usage)\n', links: [{ kind: 'link', path: 'packages/ui/', anchor: 'usage', pathText: 'packages/ui/', anchorText: 'usage' }] },
    { name: 'inline HTML link', md: 'See <a href="docs/a.md#b-c">the guide</a>.\n', links: [{ kind: 'link', path: 'docs/a.md', anchor: 'b-c', pathText: 'docs/a.md', anchorText: 'b-c' }] },
    {
      name: 'block HTML: single quotes, bare values, other attributes, images',
      md: '<p align="center">\n  <a class="x" href=\'docs/a.md\'><img alt="logo" src="img/logo.png"></a>\n  <a href=docs/b.md#top>b</a>\n</p>\n',
      links: [
        { kind: 'link', path: 'docs/a.md', anchor: null, pathText: 'docs/a.md', anchorText: '' },
        { kind: 'image', path: 'img/logo.png', anchor: null, pathText: 'img/logo.png', anchorText: '' },
        { kind: 'link', path: 'docs/b.md', anchor: 'top', pathText: 'docs/b.md', anchorText: 'top' },
      ],
    },
    { name: 'HTML in a blockquote keeps exact offsets', md: '> <a href="docs/my%20notes.md#x">n</a>\n', links: [{ kind: 'link', path: 'docs/my notes.md', anchor: 'x', pathText: 'docs/my%20notes.md', anchorText: 'x' }] },
    { name: 'HTML character references are decoded', md: '<a href="docs/a&amp;b.md#q&#38;a">x</a>\n', links: [{ kind: 'link', path: 'docs/a&b.md', anchor: 'q&a', pathText: 'docs/a&amp;b.md', anchorText: 'q&#38;a' }] },
    {
      name: 'HTML comments, anchors without href, URLs and <img href> are skipped',
      md: '<!-- <a href="old.md">old</a> -->\n\n<a name="x"></a> <a href="https://x.dev/a.md">u</a> <img href="a.png">\n',
      links: [],
    },
    { name: 'URLs, mailto, autolinks and templates are skipped', md: '[a](https://x.dev/a.md) [m](mailto:a@b.c) <https://x.dev> www.x.dev [p](//cdn/x) [t](${BASE}/a.md)\n', links: [] },
  ];
  it.each(cases)('$name', ({ md, links }) => {
    const found = linkReferences(instruction(md));
    expect(found.map((l) => ({ kind: l.kind, path: l.path, anchor: l.anchor, pathText: md.slice(l.pathStart, l.pathEnd), anchorText: md.slice(l.anchorStart, l.anchorEnd) }))).toEqual(links);
  });

  const resolutions: { file: string; path: string; expected: Record<string, unknown> }[] = [
    { file: 'AGENTS.md', path: 'README.md', expected: { status: 'exists', path: 'README.md', markdown: true, directory: false, page: 'README.md' } },
    { file: 'AGENTS.md', path: '', expected: { status: 'exists', path: 'AGENTS.md', markdown: true, directory: false, page: 'AGENTS.md' } },
    // A directory's fragments are the headings of the README GitHub renders below it (none here).
    { file: 'AGENTS.md', path: 'packages/db/', expected: { status: 'exists', path: 'packages/db', markdown: false, directory: true, page: null } },
    { file: 'AGENTS.md', path: 'docs/guides', expected: { status: 'exists', path: 'docs/guides', markdown: false, directory: true, page: 'docs/guides/README.md' } },
    { file: 'AGENTS.md', path: './', expected: { status: 'exists', path: '', markdown: false, directory: true, page: 'README.md' } },
    { file: 'packages/db/AGENTS.md', path: '/docs/guides/setup.md', expected: { status: 'exists', path: 'docs/guides/setup.md', markdown: true, directory: false, page: 'docs/guides/setup.md' } },
    { file: 'packages/db/AGENTS.md', path: '../../README.md', expected: { status: 'exists', path: 'README.md', markdown: true, directory: false, page: 'README.md' } },
    { file: 'packages/db/AGENTS.md', path: '../../../x.md', expected: { status: 'outside' } },
    { file: 'AGENTS.md', path: 'shared/conventions.md', expected: { status: 'exists', path: 'shared/conventions.md', markdown: false, directory: false, page: null } },
    { file: 'AGENTS.md', path: 'coverage/index.html', expected: { status: 'ignored', path: 'coverage/index.html' } },
    { file: 'AGENTS.md', path: 'docs/setup.md', expected: { status: 'missing', path: 'docs/setup.md', suggestion: 'docs/guides/setup.md' } },
    // Links are relative to the file only: GitHub never resolves them from the root.
    // A same-name file in another package is not suggested: moved files stay inside their package.
    { file: 'packages/db/AGENTS.md', path: 'config/app.yml', expected: { status: 'missing', path: 'packages/db/config/app.yml', suggestion: null } },
  ];
  it.each(resolutions)('resolves $path from $file', ({ file, path, expected }) => {
    expect(resolveLink(repo, file, { path })).toEqual(expected);
  });
});

describe('negated mentions', () => {
  /**
   * [sentence, path, how it reads]: `negated` says the path does not or should not exist, `claim`
   * says it exists (a missing one is reported), `qualified` makes existence optional.
   */
  const table: [string, string, 'negated' | 'claim' | 'qualified'][] = [
    // English: "there is no", "no X is committed", "not checked in", "never commit", "fails on", ...
    ['There is no `package.json`: everything runs through `deno task`.', 'package.json', 'negated'],
    ["There's no `tsconfig.build.json` any more.", 'tsconfig.build.json', 'negated'],
    ['There are no root `yarn.lock` files.', 'yarn.lock', 'negated'],
    ['No `package-lock.json` is committed.', 'package-lock.json', 'negated'],
    ['`package-lock.json` is not checked in.', 'package-lock.json', 'negated'],
    ['`.env.production` must never be committed.', '.env.production', 'negated'],
    ['Never commit `package-lock.json`.', 'package-lock.json', 'negated'],
    ['Avoid committing `coverage-final.json`.', 'coverage-final.json', 'negated'],
    ["Don't add a `yarn.lock`.", 'yarn.lock', 'negated'],
    ['Never commit `.env.staging`, `secrets.json` or `keys/`.', 'secrets.json', 'negated'],
    ['Never commit `.env.staging`, `secrets.json` or `keys/`.', 'keys/', 'negated'],
    ['CI fails on a `package-lock.json`.', 'package-lock.json', 'negated'],
    ['Do not run `npm install` or `yarn`; CI fails on a `package-lock.json`.', 'package-lock.json', 'negated'],
    ['The build fails if a `package-lock.json` exists.', 'package-lock.json', 'negated'],
    ['If `package-lock.json` exists, something ran npm.', 'package-lock.json', 'negated'],
    ['CI rejects any `yarn.lock`.', 'yarn.lock', 'negated'],
    ['Build without a `tsconfig.build.json`.', 'tsconfig.build.json', 'negated'],
    ['Use `pnpm-lock.yaml`, not `package-lock.json`.', 'package-lock.json', 'negated'],
    ['Keep `pnpm-lock.yaml` instead of `package-lock.json`.', 'package-lock.json', 'negated'],
    ['Keep `pnpm-lock.yaml` rather than `package-lock.json`.', 'package-lock.json', 'negated'],
    ['`src/schema.gen.ts` is generated by `pnpm codegen`.', 'src/schema.gen.ts', 'qualified'],
    ['`out/` is gitignored.', 'out/', 'negated'],
    ['`out/` and `tmp/` are ignored.', 'out/', 'negated'],
    ['`src/legacy.ts` no longer exists.', 'src/legacy.ts', 'negated'],
    ['`src/legacy.ts` does not exist any more.', 'src/legacy.ts', 'qualified'],
    ['`src/legacy.ts` used to hold the router.', 'src/legacy.ts', 'negated'],
    ['`src/old/` was replaced by `src/new/`.', 'src/old/', 'negated'],
    ['`src/old.ts` is deprecated.', 'src/old.ts', 'negated'],
    ['`src/old.ts` (removed in v2) held the router.', 'src/old.ts', 'qualified'],
    ['Do not create `yarn.lock`.', 'yarn.lock', 'qualified'],
    ['Delete `package-lock.json` if npm wrote one.', 'package-lock.json', 'qualified'],
    // German, French, Spanish, Portuguese, Japanese, Chinese, Korean (the vague-rules languages).
    ['Es gibt keine `package.json`.', 'package.json', 'negated'],
    ['`package-lock.json` wird nicht eingecheckt.', 'package-lock.json', 'negated'],
    ['`package-lock.json` niemals committen.', 'package-lock.json', 'negated'],
    ['`src/gen.ts` wird automatisch generiert.', 'src/gen.ts', 'negated'],
    ["Il n'y a pas de `package.json`.", 'package.json', 'negated'],
    ['Ne commitez jamais `package-lock.json`.', 'package-lock.json', 'negated'],
    ["`src/legacy.ts` n'existe plus.", 'src/legacy.ts', 'negated'],
    ['No hay `package.json`.', 'package.json', 'negated'],
    ['Nunca subas `package-lock.json`.', 'package-lock.json', 'negated'],
    ['`src/legacy.ts` ya no existe.', 'src/legacy.ts', 'negated'],
    ['Não há `package.json`.', 'package.json', 'negated'],
    ['Nunca faça commit de `package-lock.json`.', 'package-lock.json', 'negated'],
    ['`package.json` はありません。', 'package.json', 'negated'],
    ['`package-lock.json` をコミットしないでください。', 'package-lock.json', 'negated'],
    ['没有 `package.json`。', 'package.json', 'negated'],
    ['不要提交 `package-lock.json`。', 'package-lock.json', 'negated'],
    ['`package.json` 파일은 없습니다.', 'package.json', 'negated'],
    ['`package-lock.json`을 커밋하지 마세요.', 'package-lock.json', 'negated'],
    // Earlier sentences of the same paragraph (two sentence ends before the path) do not hide the cue.
    ['Deno 2 + Fresh 1.7. Routes in `routes/`. There is no `package.json`: use `deno task`.', 'package.json', 'negated'],
    // Claims: the same words elsewhere in the sentence, or a prohibition that guards an existing path.
    ['Edit `src/x.ts`.', 'src/x.ts', 'claim'],
    ['Never edit `src/x.ts` by hand.', 'src/x.ts', 'claim'],
    ['Do not modify `src/x.ts`.', 'src/x.ts', 'claim'],
    ["Don't commit changes to `src/x.ts` without review.", 'src/x.ts', 'claim'],
    ['No changes to `src/x.ts` without review.', 'src/x.ts', 'claim'],
    ['There is no test for `src/x.ts` yet.', 'src/x.ts', 'claim'],
    ['`src/x.ts` is not exported.', 'src/x.ts', 'claim'],
    ['`src/x.ts` is not the entry point.', 'src/x.ts', 'claim'],
    ['Tests are not in `src/x.ts`.', 'src/x.ts', 'claim'],
    ['`src/x.ts` is used to configure the app.', 'src/x.ts', 'claim'],
    ['`src/x.ts` fails on Windows.', 'src/x.ts', 'claim'],
    ['`src/x.ts` is ignored by ESLint.', 'src/x.ts', 'claim'],
    ['`src/old/` was replaced by `src/x.ts`.', 'src/x.ts', 'claim'],
    ['Use `src/x.ts` instead of `src/old.ts`.', 'src/x.ts', 'claim'],
    ['Instead of `src/old.ts`, edit `src/x.ts`.', 'src/x.ts', 'claim'],
    ['There is no package.json. Edit `src/x.ts`.', 'src/x.ts', 'claim'],
    ['Read this. Create a branch first. Then edit `src/x.ts`.', 'src/x.ts', 'claim'],
    ['Never commit secrets; edit `src/x.ts`.', 'src/x.ts', 'claim'],
    ['Es gibt keinen Test für `src/x.ts`.', 'src/x.ts', 'claim'],
    ['`src/x.ts` nicht von Hand bearbeiten.', 'src/x.ts', 'claim'],
    ["N'éditez pas `src/x.ts`.", 'src/x.ts', 'claim'],
    ['No edites `src/x.ts` a mano.', 'src/x.ts', 'claim'],
    ['不要编辑 `src/x.ts`。', 'src/x.ts', 'claim'],
    ['`src/x.ts` を編集してください。', 'src/x.ts', 'claim'],
  ];
  it.each(table)('%j: `%s` reads as %s', (md, value, expected) => {
    const ref = pathReferences(instruction(`${md}\n`)).find((r) => r.value === value);
    expect(ref, `no path reference ${value}`).toBeDefined();
    const got = ref?.negated ? 'negated' : ref?.qualified ? 'qualified' : 'claim';
    // A negated sentence may also carry a qualifier; what matters is that it is not a claim.
    expect(expected === 'claim' ? got : got === 'claim' ? 'claim' : expected).toBe(expected);
  });
});

describe('local script runs are commands, not paths', () => {
  const cases: [string, string[]][] = [
    // Run: the command rules check it (and its executable bit), so it is no path reference.
    ['Run `./scripts/dev.sh` first.', []],
    ['Start the stack with `bin/dev`.', []],
    ['Run `scripts/seed.ts` to load demo data.', []],
    // Mentioned: a path, checked for existence only.
    ['Edit `./scripts/dev.sh` to change the port.', ['./scripts/dev.sh']],
    ['See `scripts/lint.sh` for the flags.', ['scripts/lint.sh']],
    ['The entry point is `./src/index.ts`.', ['./src/index.ts']],
    ['`./scripts/old.sh` was removed.', ['./scripts/old.sh']],
  ];
  it.each(cases)('%j', (md, values) => {
    expect(pathReferences(instruction(`${md}\n`)).map((r) => r.value)).toEqual(values);
  });
});

/**
 * What a pattern's required parts can spell: every choice of every alternation and class, `?` taken
 * zero or one times, `*` and `{0,n}` zero times, `+` once, `\s` as a tab, lookarounds and anchors
 * dropped. Each string a pattern matches holds one of them, so a hint every matching spelling holds
 * is held by every text the pattern matches. Throws on syntax it does not expect.
 */
function spellings(source: string): string[] {
  let at = 0;
  const fail = (what: string) => new Error(`unexpected ${what} at ${at} in ${source.slice(at, at + 20)}`);
  const escape = (): string[] => {
    const e = source[at + 1] ?? '';
    at += 2;
    if (e === 's') return ['\t'];
    if (e === 'S') return ['x'];
    if (e === 'b') return [''];
    if (e === 'p' || e === 'P') {
      at = source.indexOf('}', at) + 1;
      return ['a'];
    }
    if (/[\w]/.test(e)) throw fail(`escape \\${e}`);
    return [e];
  };
  const charClass = (): string[] => {
    at++;
    const members = new Set<string>();
    while (source[at] !== ']') {
      if (source[at] === '\\') for (const m of escape()) members.add(m);
      else if (source[at + 1] === '-' && source[at + 2] !== ']') throw fail('range');
      else members.add(source[at++] ?? '');
    }
    at++;
    return [...members];
  };
  const atom = (): string[] => {
    const c = source[at] ?? '';
    if (c === '(') {
      at++;
      let look = false;
      if (source.startsWith('?:', at)) at += 2;
      else if (source.startsWith('?<!', at) || source.startsWith('?<=', at)) [at, look] = [at + 3, true];
      else if (source.startsWith('?!', at) || source.startsWith('?=', at)) [at, look] = [at + 2, true];
      else if (source[at] === '?') throw fail('group');
      const inner = alternation();
      at++;
      return look ? [''] : inner;
    }
    if (c === '[') return charClass();
    if (c === '\\') return escape();
    if (c === '^' || c === '$') {
      at++;
      return [''];
    }
    if (c === '.' || c === '{' || c === '}') throw fail(c);
    at++;
    return [c];
  };
  const sequence = (): string[] => {
    let spelt = [''];
    while (at < source.length && source[at] !== '|' && source[at] !== ')') {
      let options = atom();
      const q = source[at];
      if (q === '?') options = ['', ...options];
      else if (q === '*') options = [''];
      else if (q === '{') {
        const close = source.indexOf('}', at);
        if (!source.slice(at, close).startsWith('{0,')) throw fail('repeat');
        options = [''];
        at = close;
      }
      if (q === '?' || q === '*' || q === '+' || q === '{') at++;
      if (source[at] === '?') at++;
      spelt = spelt.flatMap((a) => options.map((o) => a + o));
      if (spelt.length > 200_000) throw fail('explosion');
    }
    return spelt;
  };
  const alternation = (): string[] => {
    const out = sequence();
    while (source[at] === '|') {
      at++;
      out.push(...sequence());
    }
    return out;
  };
  return alternation();
}

describe('negation cue hints', () => {
  // A hint lets negatesExistence skip (and never compile) its pattern for ASCII text holding none of
  // its words: every ASCII text the pattern matches must hold one.
  it.each(negationCues.map((c) => [c.name, c] as const))('%s: every ASCII cue holds a hint word', (_, { pattern, hint }) => {
    let checked = 0;
    for (const spelt of spellings(pattern.source)) {
      if (/[\u0080-\uffff]/.test(spelt) || !pattern.test(spelt)) continue;
      checked++;
      expect(hint.test(spelt), `${JSON.stringify(spelt)} matches but holds no hint word`).toBe(true);
    }
    expect(checked).toBeGreaterThan(10);
  });

  it('a hint alone never negates: the pattern decides', () => {
    const ref = pathReferences(instruction('Add tests beside `src/x.ts` and keep no state.\n')).find((r) => r.value === 'src/x.ts');
    expect(ref?.negated).toBe(false);
  });
});

describe('gitignore: deciding a path by its last segment', () => {
  const files: Record<string, string> = {
    // Only single-segment patterns: decided by the last segment below directories not ignored.
    '/g/.gitignore': 'node_modules/\ndist\n*.log\n!keep.log\n.env*\ncache/\nBuild?/\n# comment\n\n',
    '/g/packages/a/.gitignore': 'out/\n*.gen.ts\n!important.gen.ts\n',
    // Anchored and nested patterns: decided on the whole path.
    '/g/packages/b/.gitignore': '/root-only\ndocs/*.html\n**/tmp\nsub/dir/\n',
    '/g/packages/a/src/index.ts': '',
    '/g/packages/b/docs/index.md': '',
  };
  const repo = new RepoIndex({ root: '/g', fs: new MemoryFileSystem(files), useGit: false });
  // The rule before the shortcut: every prefix of the path asked of every .gitignore above it.
  const matchers = Object.entries(files)
    .filter(([p]) => p.endsWith('/.gitignore'))
    .map(([p, text]) => ({ base: path.posix.dirname(p).slice('/g'.length + 1), ig: ignore().add(text) }));
  const ignoredOne = (rel: string, dir: boolean) =>
    matchers.some(({ base, ig }) => {
      if (base && !rel.startsWith(`${base}/`)) return false;
      const local = base ? rel.slice(base.length + 1) : rel;
      try {
        return local !== '' && ig.ignores(dir ? `${local}/` : local);
      } catch {
        return false;
      }
    });
  const expected = (rel: string, dir: boolean) => {
    const parts = rel.split('/');
    if (parts.includes('node_modules') || parts.includes('.git')) return true;
    return parts.some((_, i) => {
      const prefix = parts.slice(0, i + 1).join('/');
      const last = i === parts.length - 1;
      return ignoredOne(prefix, !last || dir) || (last && !dir && ignoredOne(prefix, true));
    });
  };
  const segments = ['packages', 'a', 'b', 'src', 'dist', 'Dist', 'out', 'cache', 'Build1', 'build', 'keep.log', 'x.log', 'important.gen.ts', 'x.gen.ts', 'root-only', 'docs', 'y.html', 'tmp', 'sub', 'dir', '.env.local', 'index.ts', 'node_modules'];
  // A fixed pseudo-random walk over the segments: the same paths on every run.
  let seed = 7;
  const next = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2147483648), seed % n);
  const paths = Array.from({ length: 3000 }, () => Array.from({ length: 1 + next(5) }, () => segments[next(segments.length)]).join('/'));
  paths.push('packages/a//out', 'packages/./a/x.gen.ts', 'packages/a/', '/dist', '');

  it('agrees with asking every directory of the path, for files and directories', () => {
    const wrong = paths.flatMap((rel) => [false, true].filter((dir) => isIgnoredPath(repo, rel, dir) !== expected(rel, dir)).map((dir) => `${rel}${dir ? '/' : ''}`));
    expect(wrong).toEqual([]);
  });
});

describe('repository indexes', () => {
  const fixtureRepos = [
    ...fs.readdirSync(path.join(FIXTURES, 'real')).map((d) => path.join(FIXTURES, 'real', d)),
    ...['no-missing-path', 'no-broken-link', 'no-unknown-binary'].flatMap((rule) => fs.readdirSync(path.join(FIXTURES, 'rules', rule)).map((d) => path.join(FIXTURES, 'rules', rule, d))),
  ];
  it.each(fixtureRepos.map((dir) => [path.relative(FIXTURES, dir), dir]))('%s: the lookup by last segment finds what a scan of the listing finds', (_, root) => {
    const fixture = new RepoIndex({ root, fs: new NodeFileSystem(), useGit: false });
    const dirs = [...fixture.dirs];
    const scan = (tail: string, dir: boolean) => {
      const inDirs = dirs.find((d) => d.endsWith(`/${tail}`));
      return dir ? inDirs : (fixture.files.find((p) => p.endsWith(`/${tail}`)) ?? inDirs);
    };
    const tails = new Set(['src/nowhere.ts', 'x/y', 'README.md', 'src']);
    for (const p of [...fixture.files, ...dirs]) for (let i = p.indexOf('/'); i >= 0; i = p.indexOf('/', i + 1)) tails.add(p.slice(i + 1));
    for (const tail of tails) for (const dir of [false, true]) expect(findByTail(fixture, tail, dir), `${tail}${dir ? '/' : ''}`).toBe(scan(tail, dir));
  });

  // Walks and `git ls-files` list in order; a listing that is not is indexed in one pass instead.
  const unsorted = () => {
    const r = new RepoIndex({ root: '/u', useGit: false, fs: new MemoryFileSystem({ '/u/b/x.ts': '', '/u/a/y.ts': '', '/u/a/b/z.ts': '', '/u/a/c.ts': '', '/u/a/b/w/v.ts': '' }) });
    const reversed = [...r.files].reverse();
    Object.defineProperty(r, 'files', { value: reversed });
    Object.defineProperty(r, 'listing', { value: { ...r.listing, files: reversed, ascending: false } });
    return r;
  };
  const entriesCases: [string, RepoIndex][] = [
    ...fixtureRepos.slice(0, 6).map((root) => [path.relative(FIXTURES, root), new RepoIndex({ root, fs: new NodeFileSystem(), useGit: false })] as [string, RepoIndex]),
    ['a listing out of order', unsorted()],
  ];
  it.each(entriesCases)('%s: directory entries are its files, then its directories, in listing order', (_, r) => {
    const dirs = [...r.dirs];
    const parentOf = (p: string) => (path.posix.dirname(p) === '.' ? '' : path.posix.dirname(p));
    for (const d of dirs) {
      expect(directoryEntries(r, d), d).toEqual([...r.files.filter((p) => parentOf(p) === d), ...dirs.filter((x) => x !== '' && parentOf(x) === d)]);
    }
  });

  it('closest() (whose distances stop once they cannot win) gives the exhaustive search’s answer, ties and bounds included', () => {
    const names = ['mod0.ts', 'mod1.ts', 'mod10.ts', 'mod1.test.ts', 'pkg-0001', 'pkg-0010', 'README.md', 'readme.md', 'Makefile', 'package.json', 'packages', 'src', 'scripts', 'a', ''];
    // The first candidate at the smallest distance under the length-scaled bound.
    const exhaustive = (wanted: string) => {
      let best: string | undefined;
      let bound = Math.max(2, Math.floor(wanted.length / 3)) + 1;
      for (const n of names) {
        const d = editDistance(wanted.toLowerCase(), n.toLowerCase());
        if (d < bound) [best, bound] = [n, d];
      }
      return best;
    };
    for (const wanted of ['mod12.ts', 'mod1.ts', 'mod.ts', 'pkg-0002', 'READ.md', 'makefile', 'pakage.json', 'sr', 'x', '', 'scripts/']) {
      expect(closest(wanted, names), wanted).toBe(exhaustive(wanted));
    }
  });
});

describe('package names', () => {
  // Fresh each time: which manifests a question reads is part of the answer. A bulk scan (scanJson)
  // reads them: no-invalid-manifest reports none of them, the broken one included.
  const depsRepo = () =>
    new RepoIndex({
      root: '/d',
      useGit: false,
      fs: new MemoryFileSystem({
        '/d/package.json': JSON.stringify({ name: 'root', dependencies: { 'react-dom': '18', JSONStream: '1', _private: '1', '.hidden': '1' } }),
        '/d/packages/broken/package.json': '{ "name": "broken", }',
        '/d/packages/web/package.json': JSON.stringify({ name: 'web', devDependencies: { 'decimal.js': '10' } }),
        '/d/vendor/react-dom/index.js': '',
        '/d/AGENTS.md': '# d\n',
      }),
    });
  const all = ['package.json', 'packages/broken/package.json', 'packages/web/package.json'];
  const cases: { value: string; status: string; read: string[] }[] = [
    // Found in the root manifest, read first: the broken one is never read (nor reported).
    { value: 'react-dom/server.js', status: 'not-path', read: ['package.json'] },
    // An uppercase name is invalid for new packages only: it is still a dependency.
    { value: 'JSONStream/index.js', status: 'not-path', read: ['package.json'] },
    // Past the root, in listing order.
    { value: 'decimal.js', status: 'not-path', read: all },
    // npm rejects a leading `_` or `.` even for old packages: a path to check, and nothing is read.
    { value: '_private/index.ts', status: 'missing', read: [] },
    { value: '.hidden/x.ts', status: 'missing', read: [] },
    // A package name that also exists as a path ("each package's `react-dom/index.js`") resolves.
    { value: 'react-dom/index.js', status: 'exists', read: [] },
    // Declared nowhere: every manifest is read to be sure.
    { value: 'left-pad/index.js', status: 'missing', read: all },
  ];
  it.each(cases)('$value is $status, reading $read', ({ value, status, read }) => {
    const r = depsRepo();
    const json = vi.spyOn(r, 'scanJson');
    const c = classifyPath(value);
    if ('reason' in c) throw new Error(`${value} is not a path: ${c.reason}`);
    expect(resolvePathReference(r, 'AGENTS.md', c).status).toBe(status);
    expect(json.mock.calls.map(([m]) => m)).toEqual(read);
    expect(r.manifestProblems()).toEqual([]);
  });
});
