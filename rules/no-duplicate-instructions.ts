import { defineRule, z, comparable, jaccard, describeCwds, loadedChains, type ComparableText, type InstructionFile } from '../src/kit/index.js';

type Item = { start: number; end: number; text: string; cmp: ComparableText };
type Data = { statement: string; other: string; line: number; cwds: string };
const excerpt = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}...` : s);
// Codex joins every file of the chain into one message under one byte budget
// (codex-rs/core/src/project_doc.rs, codex-discovery.md §3): a repeated statement is sent twice.
const WHY = 'Codex sends both in one instruction block, so it spends the shared byte budget twice and the copies drift apart';

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
        `"${d.statement}" repeats ${d.other}:${d.line}, loaded with this file for ${d.cwds}. ${WHY}. Keep it in ${d.other} (it applies here too) and delete this copy.`,
      nearDuplicate: (d: Data & { similarity: number }) =>
        `"${d.statement}" is ${d.similarity}% the same as ${d.other}:${d.line}, loaded with this file for ${d.cwds}. ${WHY}. Keep one version, in ${d.other} if it applies to the whole chain, or make the difference explicit.`,
    },
    options: z.strictObject({
      minWords: z.number().int().min(1).default(4).describe('Statements with fewer words are ignored ("Run the tests.").'),
      similarity: z.number().min(0).max(1).default(0.9).describe('Word-set Jaccard index at or above which two statements of at least 5 words count as nearly the same; 1 disables near matches.'),
    }),
  },
  check({ files, repo, discovery, report }, { minWords, similarity }) {
    const items = new Map<InstructionFile, Item[]>();
    const itemsOf = (file: InstructionFile, limit: number): Item[] => {
      let list = items.get(file);
      if (!list) {
        list = file.statements().map((s) => ({ start: s.start, end: s.end, text: s.text, cmp: comparable(s.text) }));
        list = list.filter((i) => i.cmp.tokens.length >= minWords);
        items.set(file, list);
      }
      // Most files reach the model whole: no copy then.
      return list.every((i) => i.end <= limit) ? list : list.filter((i) => i.end <= limit);
    };
    // (deeper statement) → the copy it repeats and every cwd whose chain holds both.
    const found = new Map<string, { file: InstructionFile; item: Item; other: InstructionFile; match: Item; score: number; cwds: Set<string> }>();
    for (const { cwd, chain: loaded } of loadedChains(discovery, repo, files)) {
      // Only the bytes before a budget cut reach the model.
      const chain = loaded.map(({ file, limit }) => ({ file, statements: itemsOf(file, limit) }));
      for (let j = 1; j < chain.length; j++) {
        const deep = chain[j]!;
        for (const item of deep.statements) {
          const key = `${deep.file.path}\0${item.start}`;
          const known = found.get(key);
          if (known) {
            if (chain.some((c) => c.file === known.other)) known.cwds.add(cwd);
            continue;
          }
          for (let i = 0; i < j && !found.has(key); i++) {
            const shallow = chain[i]!;
            if (shallow.file === deep.file) continue;
            for (const match of shallow.statements) {
              const exact = match.cmp.key === item.cmp.key;
              const [a, b] = [item.cmp.tokenSet.size, match.cmp.tokenSet.size];
              // Jaccard ≥ t needs min/max set size ≥ t: skip hopeless pairs before intersecting.
              const near = !exact && similarity < 1 && Math.min(item.cmp.tokens.length, match.cmp.tokens.length) >= 5 && Math.min(a, b) >= similarity * Math.max(a, b);
              const score = exact ? 1 : near ? jaccard(item.cmp.tokenSet, match.cmp.tokenSet) : 0;
              if (exact || (near && score >= similarity)) {
                found.set(key, { file: deep.file, item, other: shallow.file, match, score, cwds: new Set([cwd]) });
                break;
              }
            }
          }
        }
      }
    }
    for (const f of found.values()) {
      const at = f.other.locator.position(f.match.start);
      const data = { statement: excerpt(f.file.text.slice(f.item.start, f.item.end).replace(/\s+/g, ' ')), other: f.other.path, line: at.line, cwds: describeCwds([...f.cwds]) };
      const common = { file: f.file.path, loc: { offset: f.item.start, endOffset: f.item.end }, related: [{ file: f.other.path, ...at, message: 'the other copy' }] };
      if (f.match.cmp.key === f.item.cmp.key) report({ messageId: 'duplicate', data, ...common });
      else report({ messageId: 'nearDuplicate', data: { ...data, similarity: Math.round(f.score * 100) }, ...common });
    }
  },
});
