import type { Definition, Html, Image, Link } from 'mdast';
import type { InstructionFile } from '../instruction-file.js';
import type { RepoIndex } from '../../repo/repo-index.js';
import { offsetsOf, visitHolding } from './visit-holding.js';
import { dirOf, existsIn, facts, joinRel } from './repo-facts.js';
import { suggestPath } from './path-resolution.js';

// Links, images and link definitions of a file (Markdown and HTML), and resolving them as GitHub does.

export interface LinkReference {
  kind: 'link' | 'image' | 'definition';
  /** The destination exactly as written in the source. */
  raw: string;
  /** Decoded path part ('' for a same-file `#anchor`). */
  path: string;
  /** Decoded fragment without `#`, or null. */
  anchor: string | null;
  /** Text offsets of the written path and fragment (without `#`). */
  pathStart: number;
  pathEnd: number;
  anchorStart: number;
  anchorEnd: number;
}

/**
 * Relative links, images and link definitions of the file, and the `href` of HTML `<a>` and `src`
 * of `<img>` tags (inline and block HTML, which GitHub renders as links and images); URLs with a
 * scheme are left out.
 */
export function linkReferences(file: InstructionFile): LinkReference[] {
  const text = file.text;
  const out: LinkReference[] = [];
  // A destination follows `](` (links, images) or `]:` (definitions), or is an attribute of an
  // `<a`/`<img` tag: only nodes holding one of those can yield one (locateDestination and
  // htmlDestinations find nothing in the others).
  const cues = [
    ...offsetsOf(text, ']', (at) => text[at + 1] === '(' || text[at + 1] === ':'),
    ...offsetsOf(text, '<', (at) => /[ai]/i.test(text[at + 1] ?? '')),
  ].sort((a, b) => a - b);
  visitHolding(file.tree(), cues, (node) => {
    if (node.type === 'link' || node.type === 'image' || node.type === 'definition') {
      const ref = locateDestination(text, node);
      if (ref) out.push(ref);
    }
    if (node.type === 'html') out.push(...htmlDestinations(text, node));
    return true;
  });
  return out;
}

/** `<a ... href="x">` and `<img ... src="x">`, with the attribute value quoted, single-quoted or bare. */
const HTML_DESTINATION = /<(a|img)\b[^>]*?\s(href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/**
 * Destinations in one HTML node, located in the source (not in the node's value, which drops
 * blockquote and list prefixes) so offsets are exact. HTML comments are skipped: GitHub hides them.
 */
function htmlDestinations(text: string, node: Html): LinkReference[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined || !/<(?:a|img)\b/i.test(node.value)) return [];
  // A block with a component tag (`<Frame>`, `<Card href="/x">`) is MDX, written for a docs site
  // (Mintlify, Docusaurus) whose routes and `/images/` are the site's, not the repository's: an
  // example of markup or a page of that site, never a link GitHub resolves in the repository.
  if (/<[A-Z][\w.]*[\s/>]/.test(node.value)) return [];
  const source = text.slice(start, end);
  const comments = [...source.matchAll(/<!--[\s\S]*?(?:-->|$)/g)].map((m) => [m.index ?? 0, (m.index ?? 0) + m[0].length] as const);
  const out: LinkReference[] = [];
  for (const m of source.matchAll(HTML_DESTINATION)) {
    const tag = (m[1] ?? '').toLowerCase();
    const attribute = (m[2] ?? '').toLowerCase();
    if ((tag === 'a') !== (attribute === 'href')) continue;
    const at = m.index ?? 0;
    if (comments.some(([from, to]) => from <= at && at < to)) continue;
    const raw = m[3] ?? m[4] ?? m[5] ?? '';
    // The value ends the match: its offset is the match end minus its length and any closing quote.
    const valueStart = at + m[0].length - raw.length - (m[5] === undefined ? 1 : 0);
    const ref = destinationOf(tag === 'img' ? 'image' : 'link', raw, start + valueStart, decodeHtmlAttribute);
    if (ref) out.push(ref);
  }
  return out;
}

/** Character references in an attribute value (`&amp;`, `&#35;`, `&#x23;`), as the browser decodes them. */
function decodeHtmlAttribute(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };
  const decoded = value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return named[ref.toLowerCase()] ?? all;
  });
  try {
    return decodeURIComponent(decoded);
  } catch {
    return decoded;
  }
}

function locateDestination(text: string, node: Link | Image | Definition): LinkReference | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const source = text.slice(start, end);
  let at: number;
  if (node.type === 'definition') {
    at = source.indexOf(']:');
    if (at < 0) return null;
    at += 2;
  } else {
    // Autolinks (`<https://x>`, bare URLs) have no `](`; they always carry a scheme.
    const last = node.type === 'link' ? node.children[node.children.length - 1] : undefined;
    const from = last?.position?.end.offset !== undefined ? last.position.end.offset - start : 0;
    at = source.indexOf('](', from);
    if (at < 0) return null;
    at += 2;
  }
  while (at < source.length && /\s/.test(source[at] ?? '')) at++;
  let rawStart = at;
  let rawEnd: number;
  if (source[at] === '<') {
    rawStart = at + 1;
    rawEnd = source.indexOf('>', rawStart);
    if (rawEnd < 0) return null;
  } else {
    let depth = 0;
    rawEnd = rawStart;
    for (; rawEnd < source.length; rawEnd++) {
      const c = source[rawEnd] ?? '';
      if (c === '\\') {
        rawEnd++;
        continue;
      }
      if (/\s/.test(c)) break;
      if (c === '(') depth++;
      if (c === ')') {
        if (depth === 0) break;
        depth--;
      }
    }
  }
  return destinationOf(node.type, source.slice(rawStart, rawEnd), start + rawStart, decodeDestination);
}

/** A written destination at text offset `base`, split into path and fragment; null for URLs and templates. */
function destinationOf(kind: LinkReference['kind'], raw: string, base: number, decode: (value: string) => string): LinkReference | null {
  if (raw === '' || /^[a-z][a-z0-9+.-]*:/i.test(raw) || raw.startsWith('//')) return null;
  if (/[{}<>]|\$\{?[A-Za-z_]/.test(raw)) return null; // templates and placeholders
  const hash = raw.indexOf('#');
  const rawPath = hash < 0 ? raw : raw.slice(0, hash);
  const query = rawPath.indexOf('?');
  const pathPart = query < 0 ? rawPath : rawPath.slice(0, query);
  return {
    kind,
    raw,
    path: decode(pathPart),
    anchor: hash < 0 ? null : decode(raw.slice(hash + 1)),
    pathStart: base,
    pathEnd: base + pathPart.length,
    anchorStart: hash < 0 ? base + raw.length : base + hash + 1,
    anchorEnd: base + raw.length,
  };
}

function decodeDestination(value: string): string {
  const unescaped = value.replace(/\\([!-/:-@[-`{-~])/g, '$1');
  try {
    return decodeURIComponent(unescaped);
  } catch {
    return unescaped;
  }
}

export type LinkResolution =
  | {
      status: 'exists';
      path: string;
      /** The target is a Markdown file GitHub renders. */
      markdown: boolean;
      /** The target is a directory (GitHub lists it and renders its README below). */
      directory: boolean;
      /**
       * The file whose headings a `#fragment` names: the target itself when it is Markdown, the README
       * GitHub renders for a directory, else null (`src/a.ts#L10` is a line, not a heading).
       */
      page: string | null;
    }
  | { status: 'ignored'; path: string }
  | { status: 'outside' }
  | { status: 'missing'; path: string; suggestion: string | null };

/**
 * Resolves a link the way GitHub renders it: relative to the file's directory, or to the repository
 * root for a leading `/` (GitHub rewrites root-relative links in repository Markdown to the tree).
 */
export function resolveLink(repo: RepoIndex, file: string, link: Pick<LinkReference, 'path'>): LinkResolution {
  const dirWanted = link.path.endsWith('/');
  const target = link.path === '' ? file : link.path.startsWith('/') ? joinRel('', link.path.slice(1)) : joinRel(dirOf(file), link.path);
  if (target === null) return { status: 'outside' };
  if (repo.has(target) && !dirWanted) {
    const markdown = isMarkdownPath(target);
    return { status: 'exists', path: target, markdown, directory: false, page: markdown ? target : null };
  }
  if (repo.isDir(target)) return { status: 'exists', path: target, markdown: false, directory: true, page: directoryReadme(repo, target) };
  // A path through a symlinked directory or a submodule: listed, but nothing known below it.
  if (existsIn(facts(repo), target)) return { status: 'exists', path: target, markdown: false, directory: false, page: null };
  if (facts(repo).ignored(target, dirWanted)) return { status: 'ignored', path: target };
  return { status: 'missing', path: target, suggestion: suggestPath(repo, target, dirWanted) };
}

export function isMarkdownPath(rel: string): boolean {
  return /\.(md|mdx|markdown)$/i.test(rel);
}

/**
 * The README GitHub renders below a directory's listing, so `dir/#section` lands on its heading:
 * a file named README (any case) with a markup extension, Markdown first. At the repository root
 * GitHub looks in `.github/`, then the root, then `docs/` ("About READMEs", docs.github.com:
 * "the .github directory, then the repository's root directory, and finally the docs directory").
 */
export function directoryReadme(repo: RepoIndex, dir: string): string | null {
  const places = dir === '' ? ['.github', '', 'docs'] : [dir];
  const f = facts(repo);
  for (const place of places) {
    const readmes = f.entriesOf(place).filter((p) => /^readme(\.[\w]+)?$/i.test(p.slice(p.lastIndexOf('/') + 1)) && repo.has(p));
    const chosen = readmes.filter(isMarkdownPath).sort()[0] ?? readmes.sort()[0];
    if (chosen !== undefined) return chosen;
  }
  return null;
}
