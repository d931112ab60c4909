import type { Heading, Nodes, Root } from 'mdast';
import type { RepoIndex } from '../../repo/repo-index.js';
import { loadedMarkdownParser } from '../parser-loader.js';
import { closest } from '../../util/text.js';
import { isMarkdownPath } from './links.js';

// Heading ids and HTML anchors, as GitHub makes them, and matching a link's #fragment against them.

/**
 * GitHub's heading ids (github-slugger): lowercase; drop every character that is not a letter,
 * mark, number, connector punctuation (`_`), space or hyphen; each space becomes `-`. Hyphens are
 * not collapsed. https://github.com/Flet/github-slugger/blob/master/index.js
 */
export function githubSlug(heading: string): string {
  return heading.toLowerCase().replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '').replace(/ /g, '-');
}

/** A github-slugger instance: repeated slugs get `-1`, `-2`, ... in document order. */
export class Slugger {
  readonly #seen = new Map<string, number>();
  slug(heading: string): string {
    const base = githubSlug(heading);
    let slug = base;
    while (this.#seen.has(slug)) {
      const n = (this.#seen.get(base) ?? 0) + 1;
      this.#seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.#seen.set(slug, 0);
    return slug;
  }
}

export interface Anchor {
  id: string;
  /** The heading's text, or null for an HTML `id`/`name` anchor. */
  heading: string | null;
  /** Text offset in its file. */
  offset: number;
}

/** Heading slugs in document order, plus explicit HTML anchors (`<a name="x">`, `id="x"`). */
export function anchorsOf(tree: Root): Anchor[] {
  const slugger = new Slugger();
  const out: Anchor[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'heading') {
      const text = headingText(node);
      out.push({ id: slugger.slug(text), heading: text, offset: node.position?.start.offset ?? 0 });
    }
    if (node.type === 'html') {
      for (const m of node.value.matchAll(/\b(?:id|name)\s*=\s*["']([^"']+)["']/gi)) out.push({ id: m[1] ?? '', heading: null, offset: node.position?.start.offset ?? 0 });
    }
    if ('children' in node) for (const child of node.children) visit(child as Nodes);
  };
  visit(tree);
  return out;
}

/** The text GitHub slugs: rendered text of the heading, HTML tags dropped, image alt text kept. */
function headingText(node: Heading | Nodes): string {
  if (node.type === 'html') return '';
  if (node.type === 'image') return node.alt ?? '';
  if ('value' in node && typeof node.value === 'string') return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(headingText).join('');
  return '';
}

const anchorCache = new WeakMap<RepoIndex, Map<string, Anchor[] | null>>();

/**
 * Anchors of a Markdown file in the repository (parsed once per run), or null if unreadable or not
 * Markdown. For rules that declare needsTree: it parses with the parser the engine loaded for them.
 */
export function anchorsOfFile(repo: RepoIndex, rel: string): Anchor[] | null {
  // Remembered per file: whoever asks again uses that file's text too (--cache records it).
  repo.noteUse(rel);
  let perRepo = anchorCache.get(repo);
  if (!perRepo) anchorCache.set(repo, (perRepo = new Map()));
  if (!perRepo.has(rel)) {
    // Only Markdown gets heading ids from GitHub's Markdown pipeline (a README.rst has its own).
    const text = isMarkdownPath(rel) ? repo.text(rel) : null;
    perRepo.set(rel, text === null ? null : anchorsOf(loadedMarkdownParser()(text.replace(/^\uFEFF/, ''))));
  }
  return perRepo.get(rel) ?? null;
}

/**
 * Whether `anchor` lands somewhere in a file with these anchors. GitHub prefixes ids with
 * `user-content-` and its script accepts the unprefixed form; `#top` and line anchors (`#L10`)
 * always work; the browser decodes and matches ids case-sensitively, yet GitHub's script retries
 * lowercased, so case is ignored here.
 */
export function anchorMatches(anchors: readonly Anchor[], anchor: string): boolean {
  const wanted = anchor.replace(/^user-content-/, '').toLowerCase();
  if (wanted === '' || wanted === 'top' || /^l\d+(-l\d+)?$/.test(wanted)) return true;
  return anchors.some((a) => a.id.toLowerCase() === wanted);
}

/**
 * The anchor a broken fragment most likely meant: the closest by edit distance, else the id whose
 * words best cover the fragment's words by prefix (`#run-tests` → `running-tests`, `#deployment` →
 * `deploy`), since headings are usually reworded rather than misspelt.
 */
export function closestAnchor(anchors: readonly Anchor[], anchor: string): string | null {
  const ids = [...new Set(anchors.map((a) => a.id))];
  const near = closest(anchor, ids);
  if (near !== undefined) return near;
  const words = anchor.toLowerCase().split(/[-_]+/).filter((w) => w.length >= 3);
  let best: string | null = null;
  let bestScore = 0;
  for (const id of ids) {
    const idWords = id.split(/[-_]+/).filter(Boolean);
    const score = words.filter((w) => idWords.some((i) => i.length >= 3 && (i.startsWith(w) || w.startsWith(i)))).length;
    if (score > bestScore && score * 2 >= words.length) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
