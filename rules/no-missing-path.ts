import { defineRule, z, pathReferences, resolvePathReference, directoryEntries, ignoresDirectoryName, type InstructionFile, type RepoIndex } from '../src/kit/index.js';

/**
 * The places looked in, as the message lists them: "`a/b.ts` and `b.ts`". Joined, not
 * concatenated: every finding keeps this text until output, and join() makes one flat string where
 * `+=` leaves a tree of a few dozen-byte pieces (about 150 bytes more per finding).
 */
function triedText(tried: readonly string[], dir: boolean): string {
  const slash = dir ? '/' : '';
  const parts: string[] = [];
  for (let i = 0; i < tried.length; i++) parts.push(i > 0 ? ' and `' : '`', tried[i] || '.', slash, '`');
  return parts.join('');
}

/**
 * Whether `value` exists in a directory one level below the directory of `file`: example/AGENTS.md
 * naming `src/main.c` that every example/NAME/ holds. Asked of the directory's entries (an index),
 * not of the whole listing: a file may name a hundred missing paths in a repository of 20,000 files.
 */
function inSubdirectory(repo: RepoIndex, file: string, value: string): boolean {
  const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  const clean = value.replace(/^\.\//, '').replace(/\/$/, '');
  // Entries come as repository-relative paths (`example/c-vt`), files and directories alike.
  for (const entry of directoryEntries(repo, dir)) {
    const candidate = `${entry}/${clean}`;
    if (repo.has(candidate) || repo.dirs.has(candidate)) return true;
  }
  return false;
}

/**
 * Whether a nested `value` exists below an ancestor directory of `file` other than its own and the
 * root (both tried already): `ui-v2/src/auth/AGENTS.md` naming `src/routes/` of the package at
 * `ui-v2/`. One index lookup per ancestor; a path found under none is still missing.
 */
function inAncestor(repo: RepoIndex, file: string, value: string): boolean {
  const clean = value.replace(/\/+$/, '');
  let dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
  while (dir.includes('/')) {
    dir = dir.slice(0, dir.lastIndexOf('/'));
    const candidate = `${dir}/${clean}`;
    if (repo.has(candidate) || repo.isDir(candidate)) return true;
  }
  return false;
}

/**
 * `../fixtures` in `e2e/AGENTS.md` where `e2e/fixtures/` exists: a specifier as the files of a
 * subdirectory (`e2e/tests/x.spec.ts`) write it, "import from `../fixtures`", not a sibling of `e2e/`.
 */
function fromSubdirectory(repo: RepoIndex, file: string, value: string): boolean {
  if (!value.startsWith('../') || value.startsWith('../../') || !file.includes('/')) return false;
  const candidate = `${file.slice(0, file.lastIndexOf('/'))}/${value.slice(3).replace(/\/+$/, '')}`;
  return repo.has(candidate) || repo.isDir(candidate);
}

/** Names a .gitignore gives to build output and caches, not to another project's checkout. */
const OUTPUT_NAMES = /^(?:build|builds|dist|out|output|target|coverage|cache|tmp|temp|logs?|vendor|node_modules|bin|lib|generated|artifacts|reports?|results?|data|docs?|site|public|static|release|snapshots?|fixtures|tests?)$/i;

/**
 * The project a path belongs to when it is not this one: a proper name (capitalised, not an output
 * name) right before the path ("a Prettier `front-matter/parse.js` port", "Prettier's `x`") or in
 * the heading of its section ("### Prettier conformance"), that a .gitignore of the repository also
 * names as a directory (`crates/oxc_formatter_tests/prettier/`: the project, cloned at test time).
 */
function ofClonedProject(repo: RepoIndex, file: InstructionFile, start: number): boolean {
  const text = file.text;
  const names: string[] = [];
  const lead = /([A-Z][\w.-]{2,})(?:['’]s)?\s+`+$/.exec(text.slice(Math.max(0, start - 60), start));
  if (lead) names.push(lead[1]!);
  let heading: string | undefined;
  for (const h of file.headings()) {
    if (h.start >= start) break;
    heading = h.text;
  }
  if (heading !== undefined) for (const m of heading.matchAll(/\b[A-Z][\w.-]{2,}/g)) names.push(m[0]);
  return names.some((n) => !OUTPUT_NAMES.test(n) && ignoresDirectoryName(repo, n.toLowerCase()));
}

/**
 * A bare name mapped to its meaning in a list of naming conventions: "**File-system conventions**
 * (`app/routes/`):" then "- `_layout.tsx` → pathless layout route". The item starts with the name
 * and an arrow, and the line leading the list speaks of conventions.
 */
function namingConvention(text: string, start: number, end: number): boolean {
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  if (!/^\s*(?:[-*+]|\d+[.)])\s+`+$/.test(text.slice(lineStart, start))) return false;
  if (!/^`*\s*(?:→|->|⇒)/.test(text.slice(end, end + 8))) return false;
  // The lead: the nearest line above that is neither blank nor a list item.
  let at = lineStart - 1;
  while (at > 0) {
    const from = text.lastIndexOf('\n', at - 1) + 1;
    const line = text.slice(from, at);
    at = from - 1;
    if (line.trim() === '' || /^\s*(?:[-*+]|\d+[.)])\s/.test(line)) continue;
    return /\bconventions?\b/i.test(line);
  }
  return false;
}

/**
 * The paths a file names under the home directory (`~/.claude/settings.json`), without the `~/`: the
 * same path named relatively beside it (`.claude/settings.json`) is one of the places a program
 * looks, in whatever project it runs in ("user-global", then "project"), not a file of this one.
 */
function homeTwins(text: string): Set<string> {
  const out = new Set<string>();
  if (!text.includes('~/')) return out;
  for (const m of text.matchAll(/`~\/([^`\s]+)`/g)) out.add(m[1]!.replace(/\/$/, ''));
  return out;
}

export default defineRule({
  id: 'no-missing-path',
  meta: {
    description: 'Disallow file and directory paths in inline code that do not exist in the repository',
    severity: 'warn',
    scope: 'file',
    tags: ['references'],
    fixable: false,
    needsTree: true,
    messages: {
      missingPath: (d: { path: string; tried: string; suggestion: string | null }) =>
        `\`${d.path}\` does not exist${d.suggestion ? `; did you mean \`${d.suggestion}\`?` : '.'} ` +
        `Looked for ${d.tried}. An agent told to use this path will search for it or create it. Update the path, or remove the instruction if it no longer applies.`,
    },
    options: () => z.strictObject({
      ignore: z
        .array(z.string())
        .default([])
        .describe('Paths never reported, as written in the file; an entry ending in `/` also covers everything below it'),
    }),
  },
  check({ file, repo, report }, { ignore }) {
    let twins: Set<string> | undefined;
    for (const ref of pathReferences(file)) {
      // "if present", "create", "e.g." make existence optional, and "there is no `x`", "never commit
      // `x`", "CI fails on a `x`" say it must not exist: neither is a claim to check. (Negation is
      // asked last, of missing paths only: it reads the sentence, resolving reads an index.)
      if (ref.qualified) continue;
      if (ignore.length > 0 && ignore.some((i) => ref.value === i || (i.endsWith('/') && ref.value.startsWith(i)))) continue;
      const resolved = resolvePathReference(repo, file.path, ref);
      // Paths above the repository root (a sibling checkout, `../sibling/DESIGN.md`) cannot be
      // verified from here and are often deliberate, so they are left alone.
      if (resolved.status !== 'missing' || ref.negated) continue;
      // "`src/routes/`" in `ui-v2/src/auth/AGENTS.md`: relative to the package, an ancestor of the file.
      if (ref.shape === 'nested' && inAncestor(repo, file.path, ref.value)) continue;
      if (ref.shape === 'explicit' && fromSubdirectory(repo, file.path, ref.value)) continue;
      // "Each example has its own `src/main.c`": a layout that every subdirectory repeats.
      if (inSubdirectory(repo, file.path, ref.value)) continue;
      // "`~/.app/config.json` (user), `.app/config.json` (project)": where a program looks, in any project.
      if ((twins ??= homeTwins(file.text)).has(ref.value.replace(/^\.\//, '').replace(/\/$/, ''))) continue;
      // "- `_layout.tsx` → pathless layout route" under "File-system conventions": a naming rule.
      if (ref.shape === 'bare' && namingConvention(file.text, ref.start, ref.end)) continue;
      // Prettier's test fixtures under "### Prettier conformance", with `prettier/` gitignored.
      if (ofClonedProject(repo, file, ref.start)) continue;
      report({
        messageId: 'missingPath',
        data: { path: ref.value, tried: triedText(resolved.tried, ref.dir), suggestion: resolved.suggestion },
        loc: { offset: ref.start, endOffset: ref.end },
      });
    }
  },
});
