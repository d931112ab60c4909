import { defineRule, z, quote, comparable, describeCwds, loadedChains, statementIndex, firstMatch, type ComparableText, type InstructionFile, type StatementIndex } from '../src/kit/index.js';

/** `next`: the key of the statement after it in its section; `label`: it only names what follows. */
type Item = { start: number; end: number; cmp: ComparableText; label: boolean; next: string | undefined; section: string | null; parent: string | undefined };
type Loaded = { file: InstructionFile; limit: number; statements: Item[] };
type Entry = { file: InstructionFile; match: Item };
type Prefix = { next: Map<InstructionFile, Map<number, Prefix>>; chain: Loaded[]; index?: StatementIndex<Entry> };
type Found = { file: InstructionFile; item: Item; other: InstructionFile; match: Item; score: number; cwds: string[] };
type Data = { statement: string; other: string; line: number; cwds: string };
// Codex joins every file of the chain into one message under one byte budget
// (codex-rs/core/src/project_doc.rs, docs/codex-discovery.md §3): a repeated statement is sent twice.
const WHY = 'Codex sends both in one instruction block, so it spends the shared byte budget twice and the copies drift apart';
const URL = /\bhttps?:\/\/\S+/gi;

/**
 * A statement that only names what follows: one ending in a colon (`Before a release:`), or a few
 * words beside a URL (`Check: Naming Guidelines - https://…`). Repeated over different content (a
 * sub-list, the next paragraph), it is a heading, not an instruction given twice.
 */
function isLabel(text: string): boolean {
  const trimmed = text.trim();
  if (trimmed.endsWith(':')) return true;
  const bare = trimmed.replace(URL, '');
  const words = trimmed.replace(URL, ' ').split(/[\s:–—-]+/).filter((w) => /\w/.test(w));
  return words.length <= 6 && bare !== trimmed && !/[.!?;]\s/.test(bare);
}

/** Statements of fewer words than this are short: a fact about the heading or list item above them. */
const SHORT = 8;

/**
 * Within one file, a copy scoped apart from its first copy repeats nothing: a sub-item under another
 * parent item (`- Build with \`pnpm build\`` under each of two entry points), or a short statement
 * under another heading (`Snapshots are colocated in \`__snapshots__/\`` under each test directory).
 * Each describes what it sits under.
 */
const scopedApart = (item: Item, copy: Item) =>
  (item.parent !== undefined && copy.parent !== undefined && item.parent !== copy.parent) || (item.section !== copy.section && item.cmp.tokens.length < SHORT);

/** A repeated label over content that differs from its first copy's repeats nothing. */
const labelsOther = (item: Item, copy: Item) => item.label && item.next !== undefined && copy.next !== undefined && item.next !== copy.next;

export default defineRule({
  id: 'no-duplicate-instructions',
  meta: {
    description: 'Disallow the same statement in two instruction files that Codex loads together',
    severity: 'warn',
    scope: 'repo',
    tags: ['content', 'budget'],
    fixable: false,
    needsTree: true,
    needsDiscovery: true,
    messages: {
      duplicate: (d: Data) =>
        `"${d.statement}" repeats ${d.other}:${d.line}. Both files are loaded together for ${d.cwds}. ${WHY}. Keep it in ${d.other} (it applies here too) and delete this copy.`,
      duplicateInFile: (d: { statement: string; line: number; count: number }) =>
        `"${d.statement}"${d.count > 1 ? ` and the ${d.count - 1} statements after it repeat` : ' repeats'} line ${d.line} of this file. The agent reads ${d.count > 1 ? 'them' : 'it'} twice and the copies drift apart. Delete this copy.`,
      nearDuplicate: (d: Data & { similarity: number }) =>
        `"${d.statement}" is ${d.similarity}% the same as ${d.other}:${d.line}. Both files are loaded together for ${d.cwds}. ${WHY}. Keep one version, in ${d.other} if it applies to the whole chain, or make the difference explicit.`,
    },
    options: () => z.strictObject({
      minWords: z.number().int().min(1).default(4).describe('Statements with fewer words are ignored ("Run the tests.").'),
      similarity: z.number().min(0).max(1).default(0.9).describe('Word-set Jaccard index at or above which two statements of at least 5 words count as nearly the same; 1 disables near matches.'),
    }),
  },
  check({ files, repo, discovery, report }, { minWords, similarity }) {
    // Package files repeat the same lines: normalise each distinct text once.
    const cmps = new Map<string, ComparableText>();
    const cmpOf = (text: string) => cmps.get(text) ?? cmps.set(text, comparable(text)).get(text)!;
    // file → its statements of minWords or more, and those before each budget limit seen.
    const items = new Map<InstructionFile, { all: Item[]; before: Map<number, Item[]> }>();
    const itemsOf = (file: InstructionFile, limit: number): Item[] => {
      let known = items.get(file);
      if (!known) {
        const list = file.statements();
        const byStart = new Map(list.map((s) => [s.start, s.text]));
        const parentOf = (at: number | undefined) => {
          const text = at === undefined ? undefined : byStart.get(at);
          return text === undefined ? undefined : cmpOf(text).key;
        };
        const all = list.map((s, k) => {
          const after = list[k + 1];
          return { start: s.start, end: s.end, cmp: cmpOf(s.text), label: isLabel(s.text), next: after && after.section === s.section ? cmpOf(after.text).key : undefined, section: s.section, parent: parentOf(s.parent) };
        });
        items.set(file, (known = { all: all.filter((i) => i.cmp.tokens.length >= minWords), before: new Map() }));
      }
      const { all, before } = known;
      // Most files reach the model whole: no copy then.
      return before.get(limit) ?? before.set(limit, all.every((i) => i.end <= limit) ? all : all.filter((i) => i.end <= limit)).get(limit)!;
    };
    // The files above a deep one are the same for every cwd below it: one index per distinct
    // sequence of (file, budget limit), a trie over the chains' prefixes.
    const root: Prefix = { next: new Map(), chain: [] };
    const prefixOf = (chain: readonly Loaded[]): Prefix => {
      let node = root;
      for (const c of chain) {
        const byLimit = node.next.get(c.file) ?? node.next.set(c.file, new Map()).get(c.file)!;
        let child = byLimit.get(c.limit);
        if (!child) byLimit.set(c.limit, (child = { next: new Map(), chain: [...node.chain, c] }));
        node = child;
      }
      return node;
    };
    // (deeper file, statement start) → the copy it repeats and every cwd whose chain holds both.
    const found = new Map<InstructionFile, Map<number, Found>>();
    const order: Found[] = [];
    for (const { cwd, chain: loaded } of loadedChains(discovery, repo, files)) {
      if (loaded.length < 2) continue;
      // Only the bytes before a budget cut reach the model.
      const chain = loaded.map(({ file, limit }) => ({ file, limit, statements: itemsOf(file, limit) }));
      for (let j = 1; j < chain.length; j++) {
        const deep = chain[j]!;
        const foundHere = found.get(deep.file) ?? found.set(deep.file, new Map()).get(deep.file)!;
        let shallow: Prefix | undefined;
        for (const item of deep.statements) {
          const known = foundHere.get(item.start);
          if (known) {
            // cwds come one at a time, each once: a repeat can only be the last one added.
            if (known.cwds[known.cwds.length - 1] !== cwd && chain.some((c) => c.file === known.other)) known.cwds.push(cwd);
            continue;
          }
          shallow ??= prefixOf(chain.slice(0, j).filter((c) => c.file !== deep.file));
          shallow.index ??= statementIndex(shallow.chain.flatMap((c) => c.statements.map((match) => ({ file: c.file, match }))), (e) => e.match.cmp, similarity);
          const hit = firstMatch(shallow.index, item.cmp, similarity);
          if (!hit || labelsOther(item, hit.entry.match)) continue;
          const f = { file: deep.file, item, other: hit.entry.file, match: hit.entry.match, score: hit.score, cwds: [cwd] };
          foundHere.set(item.start, f);
          order.push(f);
        }
      }
    }
    // Within one file: the same statement word for word (a bullet pasted twice). A pasted run of
    // statements (a whole section twice) is one finding.
    for (const file of files) {
      const statements = itemsOf(file, Number.POSITIVE_INFINITY);
      const first = new Map<string, number>();
      const runs: { from: number; to: number; copyOf: number }[] = [];
      for (let i = 0; i < statements.length; i++) {
        const key = statements[i]!.cmp.key;
        const earlier = first.get(key);
        if (earlier === undefined) {
          first.set(key, i);
          continue;
        }
        if (labelsOther(statements[i]!, statements[earlier]!)) continue;
        const last = runs[runs.length - 1];
        if (last && last.to === i - 1 && statements[last.copyOf + (i - last.from)]?.cmp.key === key) last.to = i;
        else runs.push({ from: i, to: i, copyOf: earlier });
      }
      for (const { from, to, copyOf } of runs) {
        const item = statements[from]!;
        // A pasted run is a paste wherever it sits; one statement scoped apart from its copy is not.
        if (from === to && scopedApart(item, statements[copyOf]!)) continue;
        const at = file.locator.position(statements[copyOf]!.start);
        const statement = quote(file.text.slice(item.start, item.end));
        const related = [{ file: file.path, line: at.line, column: at.column, message: 'the first copy' }];
        report({ messageId: 'duplicateInFile', data: { statement, line: at.line, count: to - from + 1 }, file: file.path, loc: { offset: item.start, endOffset: statements[to]!.end }, related });
      }
    }
    // Thousands of reports repeat a few lines and cwd lists: build each text once.
    const [statements, cwdLists] = [new Map<string, string>(), new Map<string, string>()];
    // The copy a report points at, with its related location: one per copy, however many files
    // repeat it (every package's file repeating a root line points at the same one).
    const copies = new Map<Item, { line: number; related: Array<{ file: string; line: number; column: number; message: string }> }>();
    for (const f of order) {
      let copy = copies.get(f.match);
      if (!copy) {
        const at = f.other.locator.position(f.match.start);
        copies.set(f.match, (copy = { line: at.line, related: [{ file: f.other.path, line: at.line, column: at.column, message: 'the other copy' }] }));
      }
      const source = f.file.text.slice(f.item.start, f.item.end);
      const statement = statements.get(source) ?? statements.set(source, quote(source)).get(source)!;
      // describeCwds sorts: the same set in any order reads the same.
      const cwdKey = f.cwds.length === 1 ? f.cwds[0]! : [...f.cwds].sort().join('\0');
      const cwds = cwdLists.get(cwdKey) ?? cwdLists.set(cwdKey, describeCwds(f.cwds)).get(cwdKey)!;
      const loc = { offset: f.item.start, endOffset: f.item.end };
      const data = { statement, other: f.other.path, line: copy.line, cwds };
      if (f.match.cmp.key === f.item.cmp.key) report({ messageId: 'duplicate', data, file: f.file.path, loc, related: copy.related });
      else report({ messageId: 'nearDuplicate', data: { ...data, similarity: Math.round(f.score * 100) }, file: f.file.path, loc, related: copy.related });
    }
  },
});
