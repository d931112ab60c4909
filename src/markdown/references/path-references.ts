import type { InstructionFile } from '../instruction-file.js';
import { classifyPath, type PathShape } from './path-shape.js';
import { negatesExistence } from './negation-cues.js';
import { sentenceContext, type SentenceContext } from './sentence-context.js';
import { readsAsLocalRun } from './local-script-run.js';
import { offsetsOf, visitHolding } from './visit-holding.js';

// The paths a file names in inline code, with their positions and what their sentences say of them.

export interface PathReference {
  /** The path as written, without a `:line` or `#L10` suffix. */
  value: string;
  shape: PathShape;
  /** Written with a trailing slash: must be a directory. */
  dir: boolean;
  /** Text offsets of `value` in the file, end exclusive. */
  start: number;
  end: number;
  /** A nearby word makes the path's existence optional ("if present", "create", "e.g."). */
  qualified: boolean;
  /** The sentence says the path does not or must not exist ("there is no `x`", "never commit `x`"). */
  negated: boolean;
}

/** classifyPath's answers by span text: `src/index.ts` and `npm test` recur across every file of a repository. */
const classified = new Map<string, ReturnType<typeof classifyPath>>();

function classifyPathCached(raw: string): ReturnType<typeof classifyPath> {
  let known = classified.get(raw);
  if (known === undefined) {
    if (classified.size >= 50_000) classified.clear();
    classified.set(raw, (known = classifyPath(raw)));
  }
  return known;
}

/** Every inline code span that names a path, with its exact position and whether it is qualified or negated. */
export function pathReferences(file: InstructionFile): PathReference[] {
  const text = file.text;
  const out: PathReference[] = [];
  const around = sentenceContext(file);
  // A code span used as link text belongs to the link, which no-broken-link checks.
  const links = linkRanges(file);
  for (const span of file.inlineCode()) {
    const { start, end } = span;
    // A node without a position (end 0) is skipped, as the tree walk this replaces skipped it.
    if (end <= start || insideAny(links, start, end)) continue;
    // The value sits between the backtick runs; find it in the source so offsets are exact.
    let ticks = 0;
    while (start + ticks < end && text.charCodeAt(start + ticks) === 96) ticks++;
    if (ticks === 0) ticks = 1;
    const inner = text.slice(start + ticks, end - ticks);
    const found = classifyPathCached(inner.includes('\n') ? inner.replace(/\r?\n/g, ' ') : inner);
    if ('reason' in found) continue;
    const context = around(start, end);
    // `./scripts/dev.sh` is run, not named: the command rules check it (and its executable bit).
    if (readsAsLocalRun([found.value], context)) continue;
    const valueStart = start + ticks + found.offset;
    out.push(new FoundPath(found.value, found.shape, found.dir, valueStart, context));
  }
  return out;
}

/** A path reference whose negation is decided when first read: no-missing-path asks only about paths that turn out missing. */
class FoundPath implements PathReference {
  readonly end: number;
  readonly qualified: boolean;
  readonly #context: SentenceContext;
  #negated: boolean | undefined;
  constructor(
    readonly value: string,
    readonly shape: PathShape,
    readonly dir: boolean,
    readonly start: number,
    context: SentenceContext,
  ) {
    this.end = start + value.length;
    this.qualified = context.qualified;
    this.#context = context;
  }

  get negated(): boolean {
    return (this.#negated ??= negatesExistence(this.#context));
  }
}

function insideAny(ranges: readonly { start: number; end: number }[], start: number, end: number): boolean {
  for (const r of ranges) if (r.start <= start && end <= r.end) return true;
  return false;
}

/** Source ranges of the links and link references of a file, in document order. */
function linkRanges(file: InstructionFile): { start: number; end: number }[] {
  const text = file.text;
  const out: { start: number; end: number }[] = [];
  // Inline and reference links start with `[`: only the nodes holding one can be or hold a link.
  visitHolding(file.tree(), offsetsOf(text, '['), (node) => {
    if (node.type !== 'link' && node.type !== 'linkReference') return true;
    const start = node.position?.start.offset;
    const end = node.position?.end.offset;
    if (start !== undefined && end !== undefined) out.push({ start, end });
    return false;
  });
  return out;
}
