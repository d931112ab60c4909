import { defineRule, z, hostsView, describeCwds, listSome, type Divergence } from '../src/kit/index.js';

/**
 * The files a host reads instead, named in the message and as related locations: the first few, and
 * how many more (a root CLAUDE.md missed by Codex is "instead" of every package's AGENTS.md).
 */
const INSTEAD_SHOWN = 5;

function insteadText(d: Divergence): string {
  return listSome(d.instead, INSTEAD_SHOWN, (count) => ` and ${count} more ${count === 1 ? 'file' : 'files'}`);
}

type Data = { file: string; host: string; loadedBy: string; cwds: string; instead: string; fix: string };

/** The verb for `host`, which names one host or several ("codex, opencode read"). */
const readsOf = (host: string) => (host.includes(', ') ? 'read' : 'reads');

/** The fix the ecosystem uses (docs/hosts.md §4.5, agents.md): one file, imported or linked under the other name. */
function fixFor(d: Divergence, instead: string, legacyGeminiKey: boolean): string {
  const base = d.file.slice(d.file.lastIndexOf('/') + 1);
  // Claude Code imports with `@path` and drops a file whose trimmed text repeats a loaded one.
  // Claude Code asks once before loading an import outside the session's cwd (docs/hosts.md §4.3).
  const approval = d.importRef?.ref.startsWith('@../') ? ' (Claude Code asks once to approve an import from outside the working directory)' : '';
  if (d.importRef?.present) return `replace ${d.importRef.file} with a symlink to ${d.file}: its "${d.importRef.ref}" lies outside the working directory, and Claude Code loads such imports only after the user approves them (never in \`claude -p\`)`;
  if (d.importRef) return `add a line "${d.importRef.ref}" to ${d.importRef.file}${approval}${base === 'AGENTS.md' && d.file.slice(0, -base.length) === d.importRef.file.slice(0, -'CLAUDE.md'.length) ? `, or replace ${d.importRef.file} with a symlink to AGENTS.md` : ''}`;
  if (base === 'AGENTS.md' && d.host.startsWith('claude-code')) {
    const dir = d.file.slice(0, -base.length);
    return `create ${dir}CLAUDE.md holding only "@AGENTS.md" (or a symlink to AGENTS.md): ${instead || 'a CLAUDE.md on the path'} turns Claude Code's AGENTS.md fallback off for this directory`;
  }
  // Gemini CLI reads AGENTS.md only when `context.fileName` names it (docs/hosts.md §2.2).
  if (d.host.startsWith('gemini-cli') && base === 'AGENTS.md') {
    // The V1 key `contextFileName` has been ignored since Gemini CLI stopped migrating V1 settings
    // (google-gemini/gemini-cli#16252, 0.40 and later): a repository that sets it thinks it is read.
    if (legacyGeminiKey) return `move "contextFileName" in .gemini/settings.json into "context": { "fileName": ["AGENTS.md"] } (Gemini CLI ignores the old top-level key; it then reads AGENTS.md beside GEMINI.md)`;
    return `set "context": { "fileName": ["AGENTS.md"] } in .gemini/settings.json (Gemini CLI ≥ 0.44 then reads it beside GEMINI.md)`;
  }
  const claude = d.file.endsWith('CLAUDE.md');
  // A `.claude/CLAUDE.md` belongs to the directory above `.claude/`: its AGENTS.md is there.
  if (/(^|\/)\.claude\/CLAUDE\.md$/.test(d.file)) return `move its instructions into ${d.file.slice(0, -'.claude/CLAUDE.md'.length)}AGENTS.md and make ${d.file} a symlink to ../AGENTS.md, or a file holding only "@../AGENTS.md"`;
  if (claude) return `move its instructions into the AGENTS.md beside it and make ${d.file} a symlink to that AGENTS.md, or a file holding only "@AGENTS.md"`;
  return `keep the shared instructions in files every host reads on this path, and point each host's own file at them (a symlink, or an "@AGENTS.md" import where the host supports imports)`;
}

const dirOf = (p: string) => p.slice(0, p.lastIndexOf('/') + 1);

/** The repository-relative targets of the `@path` imports of `.md` files in `text` (of `file`). */
function importTargets(text: string, file: string): Set<string> {
  const targets = new Set<string>();
  for (const m of text.matchAll(/(?:^|\s)@(\.{0,2}\/?[\w./-]+\.md)\b/g)) targets.add(resolveRef(file, m[1]!));
  return targets;
}

/** Resolves `ref` (a path in `file`'s text) to a repository-relative path; `#anchors` dropped. */
function resolveRef(file: string, ref: string): string {
  const out: string[] = [];
  for (const part of `${dirOf(file)}${ref.replace(/[#?].*$/, '')}`.split('/')) {
    if (part === '..') out.pop();
    else if (part !== '.' && part !== '') out.push(part);
  }
  return out.join('/');
}

/** A pointer file is short: the instructions live in the file it points at. */
const POINTER_MAX_BYTES = 2048;
const POINTER_MAX_LINES = 40;

/**
 * The `.md` files a short file sends the agent to: Markdown links (`[AGENTS.md](./AGENTS.md)`) and
 * "read / consult / see / follow / refer to AGENTS.md". Empty for a longer file, whose own
 * instructions diverge whatever it points at.
 */
function pointerTargets(text: string, file: string): Set<string> {
  const targets = new Set<string>();
  if (text.length > POINTER_MAX_BYTES || text.split('\n').length > POINTER_MAX_LINES) return targets;
  for (const m of text.matchAll(/\]\(\s*<?([^\s()<>]+\.md)(?:#[^\s()]*)?>?(?:\s+"[^"]*")?\s*\)/gi)) {
    if (!/^[a-z][a-z0-9+.-]*:/i.test(m[1]!)) targets.add(resolveRef(file, m[1]!));
  }
  for (const m of text.matchAll(/\b(?:read|consult|see|follow|refer to|reference)\b[^\S\n]+(?:[*_`[]*|the[^\S\n]+)*(\.{0,2}\/?[\w./-]*AGENTS\.md)\b/gi)) {
    targets.add(resolveRef(file, m[1]!));
  }
  return targets;
}

export default defineRule({
  id: 'no-host-divergence',
  meta: {
    description: 'Disallow instruction files that some agent hosts in use load and others miss',
    severity: 'warn',
    scope: 'repo',
    tags: ['discovery', 'hosts'],
    fixable: false,
    needsDiscovery: true,
    messages: {
      shadowedForHost: (d: Data) =>
        `${d.file} is loaded by ${d.loadedBy} but not by ${d.host}. In ${d.cwds}, ${d.host} ${readsOf(d.host)} ${d.instead} instead and its own rules then skip this file, so the agents follow different instructions. Fix: ${d.fix}.`,
      unreachableForHost: (d: Data) =>
        `${d.file} is loaded by ${d.loadedBy} but never by ${d.host}. In ${d.cwds}, the agents follow different instructions${d.instead ? ` (${d.host} ${readsOf(d.host)} ${d.instead} there)` : ''}. Fix: ${d.fix}.`,
    },
    options: () => z.strictObject({}),
  },
  check({ repo, discovery, report }) {
    const geminiSettings = repo.has('.gemini/settings.json') ? repo.json('.gemini/settings.json') : undefined;
    const legacyGeminiKey = typeof geminiSettings === 'object' && geminiSettings !== null && 'contextFileName' in geminiSettings;
    const all = hostsView(discovery, repo).divergences();
    // Imports are read once per file, whatever the number of divergences that ask about them.
    const importsOf = new Map<string, Set<string>>();
    const imports = (file: string, target: string) => {
      let targets = importsOf.get(file);
      if (!targets) importsOf.set(file, (targets = importTargets(repo.text(file) ?? '', file)));
      return targets.has(target);
    };
    const pointersOf = new Map<string, Set<string>>();
    // `@AGENTS.md`, or a short file that links to it or says to read it.
    const refers = (file: string, target: string) => {
      if (imports(file, target)) return true;
      let targets = pointersOf.get(file);
      if (!targets) pointersOf.set(file, (targets = pointerTargets(repo.text(file) ?? '', file)));
      return targets.has(target);
    };
    // VS Code Copilot Chat reads root files only unless `chat.useNestedAgentsMdFiles` is on (docs/hosts.md
    // §7.2): then it misses every nested file alike, and the fix is that one setting, not a change to
    // any file. Such a divergence is not reported; one with the setting on is.
    const vscodeSettings = repo.has('.vscode/settings.json') ? repo.json('.vscode/settings.json') : undefined;
    const vscodeReadsNested = typeof vscodeSettings === 'object' && vscodeSettings !== null && (vscodeSettings as Record<string, unknown>)['chat.useNestedAgentsMdFiles'] === true;
    const nestedForVscode = (file: string) => file.includes('/') && !/^\.(?:claude|github)\//.test(file);
    const claudeFiles = repo.instructionFiles().filter((f) => /(^|\/)CLAUDE\.md$/.test(f.path));
    // Facts other rules state, and pointers, are not divergences:
    // - a CLAUDE.md whose `@AGENTS.md` import lies outside the working directory (no-broken-import);
    // - a pointer ("See @AGENTS.md", or a short file saying "Read [AGENTS.md](./AGENTS.md)") to what the other hosts read;
    // - a file that the file read instead, or any CLAUDE.md, imports: how far that import reaches
    //   is a finding of no-broken-import.
    const kept = all.filter(
      (d) =>
        !d.importRef?.present &&
        !(d.host === 'copilot-vscode' && !vscodeReadsNested && nestedForVscode(d.file)) &&
        !d.instead.some((i) => refers(d.file, i) || refers(i, d.file)) &&
        !(d.host.startsWith('claude-code') && claudeFiles.some((f) => imports(f.path, d.file))),
    );
    // Two files side by side that each host misses in favour of the other (AGENTS.md for Codex,
    // CLAUDE.md for Claude Code) are one fact: reported once, on the host's own file, whose content
    // is the one to move.
    const missedInFavour = (file: string, other: string) => kept.some((o) => o.file === other && o.instead.includes(file));
    const oneSide = kept.filter((d) => !(/(^|\/)AGENTS\.md$/.test(d.file) && d.instead.some((i) => dirOf(i) === dirOf(d.file) && !/(^|\/)AGENTS\.md$/.test(i) && missedInFavour(d.file, i))));
    // One finding per file, naming every host that misses it. Codex is among them for another host's
    // file that it never loads (a nested CLAUDE.md with no AGENTS.md beside it): no-unreachable-
    // instructions leaves such a file, loaded by another host, to this rule.
    const byFile = new Map<string, Divergence[]>();
    for (const d of oneSide) byFile.set(d.file, [...(byFile.get(d.file) ?? []), d]);
    for (const [file, ds] of byFile) {
      const d = mergedDivergence(ds);
      const instead = insteadText(d);
      const data: Data = { file, host: d.host, loadedBy: d.loadedBy.join(', '), cwds: describeCwds(d.cwds), instead, fix: ds.map((x) => fixFor(x, insteadText(x), legacyGeminiKey)).filter((f, i, a) => a.indexOf(f) === i).join('; ') };
      const related = d.instead.slice(0, INSTEAD_SHOWN).map((f) => ({ file: f, line: 1, column: 1, message: `what ${d.host} loads instead` }));
      report({ messageId: d.shadowed ? 'shadowedForHost' : 'unreachableForHost', file, data, loc: { start: { line: 1, column: 1 } }, related });
    }
  },
});

/**
 * One host's divergences of one file merged into one, naming every host that misses it. A host that
 * misses the file in some working directories may load it in others: it is named as missing only.
 */
export function mergedDivergence(ds: readonly Divergence[]): Divergence {
  const union = (pick: (d: Divergence) => readonly string[]) => [...new Set(ds.flatMap(pick))];
  const missing = new Set(ds.map((x) => x.host));
  return {
    ...ds[0]!,
    host: [...missing].join(', '),
    loadedBy: union((x) => x.loadedBy).filter((h) => !missing.has(h)),
    cwds: union((x) => x.cwds).sort(),
    instead: union((x) => x.instead),
    shadowed: ds.some((x) => x.shadowed),
  };
}
