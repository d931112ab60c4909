import { describe, expect, it } from 'vitest';
import { MemoryFileSystem, FsError, type FileSystem, type MemoryEntry, type Probe } from '../../src/repo/vfs.js';
import { ProbeCache, simulate } from '../../src/discovery/simulate.js';
import { loadCodexConfig, settingsFor, candidateNames, DEFAULT_MAX_BYTES } from '../../src/discovery/hosts/codex.js';
import type { CodexSettings } from '../../src/discovery/types.js';

/**
 * Table-driven checks of simulate() over in-memory trees: the scenarios of docs/codex-discovery.md §8 that
 * apply to one local environment, and the rows of its appendix (observed on @openai/codex 0.171.0;
 * where the appendix and the source on main differ, the released binary wins). Each case asserts the
 * exact instructions text (what stands between `<INSTRUCTIONS>\n` and `\n</INSTRUCTIONS>`).
 */

const GIT: MemoryEntry = { dir: true };

interface Case {
  name: string;
  files: Record<string, MemoryEntry>;
  /** Absolute cwd. */
  cwd: string;
  settings?: Partial<CodexSettings>;
  /** User-level files in $CODEX_HOME (/home/u/.codex). */
  user?: Record<string, MemoryEntry>;
  text: string | null;
  /** Absolute paths of the files contributing text, root first (when given). */
  sources?: string[];
}

function settingsOf(partial: Partial<CodexSettings> = {}): CodexSettings {
  return {
    maxBytes: 4096,
    fallbackFilenames: [],
    rootMarkers: ['.git'],
    loadProjectDocs: true,
    userInstructions: null,
    userWarnings: [],
    ...partial,
  };
}

/** Records every metadata call, to check which probes discovery makes. */
class CountingFs implements FileSystem {
  readonly probes: string[] = [];
  constructor(readonly inner: FileSystem) {}
  probe(p: string): Probe {
    this.probes.push(p);
    return this.inner.probe(p);
  }
  read(p: string, max?: number): Uint8Array {
    return this.inner.read(p, max);
  }
  list(p: string) {
    return this.inner.list(p);
  }
}

function run(c: Pick<Case, 'files' | 'cwd' | 'settings' | 'user'>) {
  let settings = settingsOf(c.settings);
  if (c.user) {
    const userFs = new MemoryFileSystem(Object.fromEntries(Object.entries(c.user).map(([k, v]) => [`/home/u/.codex/${k}`, v])));
    const resolved = loadCodexConfig(userFs, { codexHome: '/home/u/.codex', overrides: [] }, '/repo');
    settings = { ...settings, userInstructions: resolved.userInstructions, userWarnings: resolved.userWarnings };
  }
  const fs = new CountingFs(new MemoryFileSystem(c.files));
  const sim = simulate(new ProbeCache(fs), c.cwd, settings);
  return { sim, probes: fs.probes };
}

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

const spec: Case[] = [
  // §8 "Discovery and root detection"
  { name: '§8.2 a cwd doc is returned as is', files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'hello world' }, cwd: '/repo', text: 'hello world' },
  {
    name: '§8.3 a .git file marks the root; the root doc loads from a nested cwd',
    files: { '/repo/.git': 'gitdir: /elsewhere/.git/worktrees/repo\n', '/repo/AGENTS.md': 'root level doc', '/repo/workspace/crate_a/src/lib.rs': '' },
    cwd: '/repo/workspace/crate_a',
    text: 'root level doc',
  },
  {
    name: '§8.4 root and cwd docs concatenate root first',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'root doc', '/repo/workspace/crate_a/AGENTS.md': 'crate doc' },
    cwd: '/repo/workspace/crate_a',
    text: 'root doc\n\ncrate doc',
    sources: ['/repo/AGENTS.md', '/repo/workspace/crate_a/AGENTS.md'],
  },
  {
    name: '§8.5 a configured marker wins over a nested .git that is not configured',
    files: { '/top/.codex-root': '', '/top/AGENTS.md': 'parent doc', '/top/dir1/.git': GIT, '/top/dir1/AGENTS.md': 'child doc' },
    cwd: '/top/dir1',
    settings: { rootMarkers: ['.codex-root'] },
    text: 'parent doc\n\nchild doc',
  },
  {
    name: '§8.6 with default markers a nested .git is the root (issue #12128)',
    files: { '/top/.codex-root': '', '/top/AGENTS.md': 'parent doc', '/top/dir1/.git': GIT, '/top/dir1/AGENTS.md': 'child doc' },
    cwd: '/top/dir1',
    text: 'child doc',
  },
  {
    name: '§8.8 project_root_markers = [] searches only the cwd',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'parent doc', '/repo/cwd/AGENTS.md': 'cwd doc' },
    cwd: '/repo/cwd',
    settings: { rootMarkers: [] },
    text: 'cwd doc',
  },
  {
    name: '§8.9 no marker anywhere: only the cwd doc (issue #28903)',
    files: { '/repo/AGENTS.md': 'parent doc', '/repo/cwd/AGENTS.md': 'cwd doc' },
    cwd: '/repo/cwd',
    text: 'cwd doc',
  },
  {
    name: '§8.10 an unreadable parent marker counts as absent; the cwd doc loads',
    files: { '/repo/.git': { error: 'EACCES' }, '/repo/AGENTS.md': 'parent doc', '/repo/cwd/AGENTS.md': 'project doc' },
    cwd: '/repo/cwd',
    text: 'project doc',
  },
  {
    name: '§8.13 nine nested directories below the root: only the root doc',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'root doc', '/repo/a/b/c/d/e/f/g/h/i/x.txt': '' },
    cwd: '/repo/a/b/c/d/e/f/g/h/i',
    text: 'root doc',
  },
  {
    name: '§8.14 a symlinked cwd: the doc is read through the link, named by the link path',
    files: { '/repo/linked': { symlink: 'target' }, '/repo/target/AGENTS.md': 'project doc' },
    cwd: '/repo/linked',
    text: 'project doc',
    sources: ['/repo/linked/AGENTS.md'],
  },
  {
    name: '§8.15 logical parents of a symlinked cwd, not physical ones',
    files: {
      '/logical-repo/.git': GIT,
      '/logical-repo/AGENTS.md': 'logical parent doc',
      '/logical-repo/workspace': { symlink: '/physical-repo/workspace' },
      '/physical-repo/.git': GIT,
      '/physical-repo/AGENTS.md': 'physical parent doc',
      '/physical-repo/workspace/AGENTS.md': 'workspace doc',
    },
    cwd: '/logical-repo/workspace',
    text: 'logical parent doc\n\nworkspace doc',
    sources: ['/logical-repo/AGENTS.md', '/logical-repo/workspace/AGENTS.md'],
  },
  {
    name: '§8.17 marker "" makes the cwd the root',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'parent doc', '/repo/cwd/AGENTS.md': 'cwd doc' },
    cwd: '/repo/cwd',
    settings: { rootMarkers: [''] },
    text: 'cwd doc',
  },
  {
    name: '§8.18 an empty .git directory in a subfolder cuts off the outer root doc (issue #25651)',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'outer doc', '/repo/sub/.git': GIT, '/repo/sub/AGENTS.md': 'sub doc' },
    cwd: '/repo/sub',
    text: 'sub doc',
  },
  // §8 "Candidates and filtering"
  {
    name: '§8.19 AGENTS.override.md is preferred over AGENTS.md',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'versioned', '/repo/AGENTS.override.md': 'local' },
    cwd: '/repo',
    text: 'local',
    sources: ['/repo/AGENTS.override.md'],
  },
  {
    name: '§8.20 an override that is a directory falls through to AGENTS.md',
    files: { '/repo/.git': GIT, '/repo/AGENTS.override.md': GIT, '/repo/AGENTS.md': 'primary' },
    cwd: '/repo',
    text: 'primary',
  },
  { name: '§8.21 AGENTS.md as a directory is ignored', files: { '/repo/.git': GIT, '/repo/AGENTS.md/notes.md': 'inner' }, cwd: '/repo', text: null, sources: [] },
  {
    name: '§8.22 a fallback is used when AGENTS.md is a directory',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': GIT, '/repo/WORKFLOW.md': 'fallback doc' },
    cwd: '/repo',
    settings: { fallbackFilenames: ['WORKFLOW.md'] },
    text: 'fallback doc',
  },
  { name: '§8.23 a FIFO named AGENTS.md is ignored', files: { '/repo/.git': GIT, '/repo/AGENTS.md': { special: true } }, cwd: '/repo', text: null },
  {
    name: '§8.24 a configured fallback loads when AGENTS.md is missing',
    files: { '/repo/.git': GIT, '/repo/EXAMPLE.md': 'example instructions' },
    cwd: '/repo',
    settings: { fallbackFilenames: ['EXAMPLE.md'] },
    text: 'example instructions',
  },
  {
    name: '§8.25 AGENTS.md is preferred over fallbacks',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'primary', '/repo/EXAMPLE.md': 'secondary' },
    cwd: '/repo',
    settings: { fallbackFilenames: ['EXAMPLE.md', '.example.md'] },
    text: 'primary',
    sources: ['/repo/AGENTS.md'],
  },
  {
    name: '§8.26 a whitespace-only override silences the AGENTS.md beside it',
    files: { '/repo/.git': GIT, '/repo/AGENTS.override.md': ' \n\t', '/repo/AGENTS.md': 'real' },
    cwd: '/repo',
    text: null,
  },
  {
    name: '§8.28 a dangling override symlink is NotFound: AGENTS.md loads (main, ≥0.119)',
    files: { '/repo/.git': GIT, '/repo/AGENTS.override.md': { symlink: 'missing.md' }, '/repo/AGENTS.md': 'x' },
    cwd: '/repo',
    text: 'x',
  },
  { name: '§8.29 lower-case agents.md is not loaded on a case-sensitive disk', files: { '/repo/.git': GIT, '/repo/agents.md': 'lower' }, cwd: '/repo', text: null },
  { name: '§8.30 a BOM-only file is not whitespace', files: { '/repo/.git': GIT, '/repo/AGENTS.md': bytes([0xef, 0xbb, 0xbf]) }, cwd: '/repo', text: '\uFEFF' },
  {
    name: '§8.31 a fallback with "/" is ignored by 0.171.0 (main would probe the sub-path)',
    files: { '/repo/.git': GIT, '/repo/docs/AGENTS.md': 'docs doc' },
    cwd: '/repo',
    settings: { fallbackFilenames: ['docs/AGENTS.md'] },
    text: null,
  },
  {
    name: '§8.32 an absolute fallback is ignored by 0.171.0 (it contains "/")',
    files: { '/repo/.git': GIT, '/abs/guide.md': 'guide', '/repo/a/b/x.txt': '' },
    cwd: '/repo/a/b',
    settings: { fallbackFilenames: ['/abs/guide.md'] },
    text: null,
  },
  // §8 "Concatenation, wrapper and budget"
  {
    name: '§8.34 user text, then the project-doc separator',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'proj doc' },
    cwd: '/repo',
    user: { 'AGENTS.md': 'base instructions' },
    text: 'base instructions\n\n--- project-doc ---\n\nproj doc',
  },
  { name: '§8.35 user text only', files: { '/repo/.git': GIT }, cwd: '/repo', user: { 'AGENTS.md': 'some instructions' }, text: 'some instructions' },
  {
    name: '§8.37 docs are joined verbatim with "\\n\\n"',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'root\n', '/repo/crate/AGENTS.md': 'crate\n' },
    cwd: '/repo/crate',
    text: 'root\n\n\ncrate\n',
  },
  { name: '§8.38 one file over the budget is cut', files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'A'.repeat(2048) }, cwd: '/repo', settings: { maxBytes: 1024 }, text: 'A'.repeat(1024) },
  {
    name: '§8.39 the budget is shared root first',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'root', '/repo/n/AGENTS.md': 'abcdef' },
    cwd: '/repo/n',
    settings: { maxBytes: 7 },
    text: 'root\n\nabc',
  },
  { name: '§8.40 budget 0 loads no project docs', files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'doc' }, cwd: '/repo', settings: { maxBytes: 0 }, text: null },
  {
    name: '§8.40 budget 0 still loads the user text',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'doc' },
    cwd: '/repo',
    settings: { maxBytes: 0 },
    user: { 'AGENTS.md': 'global' },
    text: 'global',
  },
  {
    name: '§8.41 a whitespace-only cut is dropped uncharged',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': '\n\n\n\nX', '/repo/n/AGENTS.md': 'abc' },
    cwd: '/repo/n',
    settings: { maxBytes: 4 },
    text: 'abc',
  },
  { name: '§8.42 a cut inside an emoji gives U+FFFD', files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'abcd😀' }, cwd: '/repo', settings: { maxBytes: 5 }, text: 'abcd\uFFFD' },
  {
    name: '§8.43 invalid UTF-8 is decoded lossily',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': bytes('project', [0xff], ' doc') },
    cwd: '/repo',
    text: 'project\uFFFD doc',
  },
  {
    name: '§8.45 a read error drops the environment',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': { error: 'EACCES', content: 'secret' } },
    cwd: '/repo',
    text: null,
  },
  {
    name: '§8.46 an unreadable root doc drops the readable nested doc too',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': { error: 'EACCES', content: 'root' }, '/repo/n/AGENTS.md': 'nested' },
    cwd: '/repo/n',
    text: null,
  },
  {
    name: '§8.46 with user text, only the user text remains',
    files: { '/repo/.git': GIT, '/repo/AGENTS.md': { error: 'EACCES', content: 'root' }, '/repo/n/AGENTS.md': 'nested' },
    cwd: '/repo/n',
    user: { 'AGENTS.md': 'global' },
    text: 'global',
  },
  {
    name: 'a symlink loop on a candidate drops the environment',
    files: { '/repo/.git': GIT, '/repo/AGENTS.override.md': { symlink: 'AGENTS.override.md' }, '/repo/AGENTS.md': 'x' },
    cwd: '/repo',
    text: null,
  },
];

// The appendix: observed behaviour of @openai/codex 0.171.0 (root /r has .git unless stated).
const R = (files: Record<string, MemoryEntry>, git = true): Record<string, MemoryEntry> => ({ ...(git ? { '/r/.git': GIT } : {}), ...files });
const appendix: Case[] = [
  {
    name: 'root+nested concatenation',
    files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/a/AGENTS.md': 'A\n', '/r/a/b/c/AGENTS.md': 'C\n' }),
    cwd: '/r/a/b/c',
    text: 'ROOT\n\n\nA\n\n\nC\n',
  },
  { name: 'cwd = root', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/a/AGENTS.md': 'A\n' }), cwd: '/r', text: 'ROOT\n' },
  { name: 'below cwd ignored', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/a/AGENTS.md': 'A\n', '/r/a/deeper/AGENTS.md': 'D\n' }), cwd: '/r/a', text: 'ROOT\n\n\nA\n' },
  {
    name: 'override shadows',
    files: R({ '/r/AGENTS.override.md': 'OVR\n', '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }),
    cwd: '/r/sub',
    text: 'OVR\n\n\nSUB\n',
  },
  {
    name: 'override is per directory',
    files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.override.md': 'SUBOVR\n', '/r/sub/AGENTS.md': 'SUB\n' }),
    cwd: '/r/sub',
    text: 'ROOT\n\n\nSUBOVR\n',
  },
  {
    name: 'whitespace-only override',
    files: R({ '/r/AGENTS.override.md': ' \n\t\n', '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }),
    cwd: '/r/sub',
    text: 'SUB\n',
  },
  { name: 'whitespace-only override, nothing else', files: R({ '/r/AGENTS.override.md': ' \n\t\n', '/r/AGENTS.md': 'ROOT\n' }), cwd: '/r', text: null },
  { name: 'empty (0-byte) override', files: R({ '/r/AGENTS.override.md': '', '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }), cwd: '/r/sub', text: 'SUB\n' },
  {
    name: 'fallback only when AGENTS.md missing',
    files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/CLAUDE.md': 'ROOTCLAUDE\n', '/r/sub/CLAUDE.md': 'SUBCLAUDE\n' }),
    cwd: '/r/sub',
    settings: { fallbackFilenames: ['CLAUDE.md'] },
    text: 'ROOT\n\n\nSUBCLAUDE\n',
  },
  { name: 'fallback without config', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/CLAUDE.md': 'SUBCLAUDE\n' }), cwd: '/r/sub', text: 'ROOT\n' },
  { name: 'fallback order', files: R({ '/r/A.md': 'AFILE\n', '/r/B.md': 'BFILE\n' }), cwd: '/r', settings: { fallbackFilenames: ['B.md', 'A.md'] }, text: 'BFILE\n' },
  { name: 'override vs fallback', files: R({ '/r/AGENTS.override.md': 'OVR\n', '/r/CLAUDE.md': 'CLAUDE\n' }), cwd: '/r', settings: { fallbackFilenames: ['CLAUDE.md'] }, text: 'OVR\n' },
  {
    name: 'AGENTS.md is a directory',
    files: R({ '/r/AGENTS.md/x.md': 'inner\n', '/r/CLAUDE.md': 'CLAUDE\n' }),
    cwd: '/r',
    settings: { fallbackFilenames: ['CLAUDE.md'] },
    text: 'CLAUDE\n',
  },
  { name: 'fallback name with /', files: R({ '/r/docs/CODEX.md': 'CODEX\n' }), cwd: '/r', settings: { fallbackFilenames: ['docs/CODEX.md'] }, text: null },
  { name: 'symlinked AGENTS.md', files: R({ '/r/AGENTS.md': { symlink: 'docs/guide.md' }, '/r/docs/guide.md': 'GUIDE\n' }), cwd: '/r', text: 'GUIDE\n', sources: ['/r/AGENTS.md'] },
  { name: 'cwd via a symlinked dir', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/link': { symlink: 'real' }, '/r/real/AGENTS.md': 'REAL\n' }), cwd: '/r/link', text: 'ROOT\n\n\nREAL\n' },
  { name: '`agents.md` (lowercase)', files: R({ '/r/agents.md': 'lower\n' }), cwd: '/r', text: null },
  {
    name: 'budget across files',
    files: R({ '/r/AGENTS.md': '0123456\n', '/r/sub/AGENTS.md': 'abcdefgh\n', '/r/sub/deeper/AGENTS.md': 'DEEP\n' }),
    cwd: '/r/sub/deeper',
    settings: { maxBytes: 10 },
    text: '0123456\n\n\nab',
  },
  { name: 'budget exact fit', files: R({ '/r/AGENTS.md': '0123456\n', '/r/sub/AGENTS.md': 'abcdefgh\n' }), cwd: '/r/sub', settings: { maxBytes: 8 }, text: '0123456\n' },
  { name: 'whitespace-only file spends no budget', files: R({ '/r/AGENTS.md': '    \n', '/r/sub/AGENTS.md': 'abcdefgh\n' }), cwd: '/r/sub', settings: { maxBytes: 6 }, text: 'abcdef' },
  {
    name: 'whitespace-only truncated remainder',
    files: R({ '/r/AGENTS.md': '0123456\n', '/r/sub/AGENTS.md': '\n\nabc\n', '/r/sub/deeper/AGENTS.md': 'XYZ\n' }),
    cwd: '/r/sub/deeper',
    settings: { maxBytes: 10 },
    text: '0123456\n\n\nXY',
  },
  { name: 'max-bytes 0', files: R({ '/r/AGENTS.md': 'ROOT\n' }), cwd: '/r', settings: { maxBytes: 0 }, text: null },
  { name: 'truncation inside a multi-byte char (max 3)', files: R({ '/r/AGENTS.md': 'ab€cd\n' }), cwd: '/r', settings: { maxBytes: 3 }, text: 'ab\uFFFD' },
  { name: 'truncation inside a multi-byte char (max 4)', files: R({ '/r/AGENTS.md': 'ab€cd\n' }), cwd: '/r', settings: { maxBytes: 4 }, text: 'ab\uFFFD' },
  { name: 'truncation after a multi-byte char', files: R({ '/r/AGENTS.md': 'ab€cd\n' }), cwd: '/r', settings: { maxBytes: 5 }, text: 'ab€' },
  {
    name: 'invalid UTF-8',
    files: R({ '/r/AGENTS.md': bytes([0x41, 0xff, 0x42, 0xc3, 0x28, 0x43, 0xe2, 0x82, 0x0a]) }),
    cwd: '/r',
    text: 'A\uFFFDB\uFFFD(C\uFFFD\n',
  },
  { name: 'BOM + CRLF', files: R({ '/r/AGENTS.md': bytes([0xef, 0xbb, 0xbf], 'L1\r\nL2\r\n') }), cwd: '/r', text: '\uFEFFL1\r\nL2\r\n' },
  { name: 'no `.git`', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }, false), cwd: '/r/sub', text: 'SUB\n' },
  { name: '`.git` is a file', files: R({ '/r/.git': 'gitdir: /x\n', '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }, false), cwd: '/r/sub', text: 'ROOT\n\n\nSUB\n' },
  {
    name: 'nested repos',
    files: R({ '/r/AGENTS.md': 'OUTER\n', '/r/inner/.git': GIT, '/r/inner/AGENTS.md': 'INNER\n', '/r/inner/x/AGENTS.md': 'X\n' }),
    cwd: '/r/inner/x',
    text: 'INNER\n\n\nX\n',
  },
  {
    name: 'custom markers',
    files: R({ '/r/.hg/.keep': '', '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }, false),
    cwd: '/r/sub',
    settings: { rootMarkers: ['.hg', '.svn'] },
    text: 'ROOT\n\n\nSUB\n',
  },
  { name: 'custom markers replace `.git`', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }), cwd: '/r/sub', settings: { rootMarkers: ['.hg'] }, text: 'SUB\n' },
  { name: 'empty markers', files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }), cwd: '/r/sub', settings: { rootMarkers: [''] }, text: 'SUB\n' },
  {
    name: 'user-level doc',
    files: R({ '/r/AGENTS.md': 'ROOT\n', '/r/sub/AGENTS.md': 'SUB\n' }),
    cwd: '/r/sub',
    user: { 'AGENTS.md': '\n  USER  \n\n' },
    text: 'USER\n\n--- project-doc ---\n\nROOT\n\n\nSUB\n',
  },
  { name: 'user-level override', files: R({ '/r/AGENTS.md': 'ROOT\n' }), cwd: '/r', user: { 'AGENTS.override.md': 'UOVR\n', 'AGENTS.md': 'USER\n' }, text: 'UOVR\n\n--- project-doc ---\n\nROOT\n' },
  {
    name: 'budget vs user-level doc',
    files: R({ '/r/AGENTS.md': 'ROOT\n' }),
    cwd: '/r',
    settings: { maxBytes: 3 },
    user: { 'AGENTS.md': 'USER INSTRUCTIONS\n' },
    text: 'USER INSTRUCTIONS\n\n--- project-doc ---\n\nROO',
  },
];

describe('simulate(): docs/codex-discovery.md §8 scenarios', () => {
  for (const c of spec) {
    it(c.name, () => {
      const { sim } = run(c);
      expect(sim.text).toBe(c.text);
      if (c.sources) expect(sim.files.filter((f) => f.dropped === null).map((f) => f.path)).toEqual(c.sources);
    });
  }
});

describe('simulate(): appendix rows observed on @openai/codex 0.171.0', () => {
  for (const c of appendix) {
    it(c.name, () => {
      const { sim } = run(c);
      expect(sim.text).toBe(c.text);
      if (c.sources) expect(sim.files.filter((f) => f.dropped === null).map((f) => f.path)).toEqual(c.sources);
    });
  }
});

describe('simulate(): details beyond the text', () => {
  it('§8.8 an empty marker list probes exactly the cwd override and AGENTS.md', () => {
    const { sim, probes } = run({ files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'parent doc', '/repo/cwd/AGENTS.md': 'cwd doc' }, cwd: '/repo/cwd', settings: { rootMarkers: [] } });
    expect(sim.root).toEqual({ dir: null, reason: { kind: 'no-markers' } });
    expect(probes).toEqual(['/repo/cwd/AGENTS.override.md', '/repo/cwd/AGENTS.md']);
  });

  it('§8.33 a fallback that trims to a built-in name or to nothing adds no probe', () => {
    expect(candidateNames([' AGENTS.md ', '', '  ', 'AGENTS.override.md'])).toEqual(['AGENTS.override.md', 'AGENTS.md']);
    const { probes } = run({ files: {}, cwd: '/repo', settings: { rootMarkers: [], fallbackFilenames: [' AGENTS.md ', ''] } });
    expect(probes).toEqual(['/repo/AGENTS.override.md', '/repo/AGENTS.md']);
  });

  it('§8.40 budget 0 makes no probes at all', () => {
    const { probes } = run({ files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'doc' }, cwd: '/repo', settings: { maxBytes: 0 } });
    expect(probes).toEqual([]);
  });

  it('§8.7 project layers never set the root markers, but do set the budget when trusted', () => {
    const resolved = loadCodexConfig(new MemoryFileSystem({}), { codexHome: '/h', overrides: [] }, '/repo');
    const settings = settingsFor(resolved, [{ project_root_markers: ['.ignored-root-marker'], project_doc_max_bytes: 5 }, { project_root_markers: ['.ignored-nested-marker'] }]);
    expect(settings.rootMarkers).toEqual(['.git']);
    expect(settings.maxBytes).toBe(5);
    // Trust gating of project layers happens in DiscoveryView (per directory, as observed on 0.171.0):
    // for an untrusted cwd it passes no project layers at all.
    const untrusted = settingsFor(resolved, [], { level: 'untrusted', source: 'flag' });
    expect(untrusted.maxBytes).toBe(DEFAULT_MAX_BYTES);
    expect(untrusted.loadProjectDocs).toBe(false);
  });

  it('§8.27 an empty global override falls back to the trimmed global AGENTS.md', () => {
    const fs = new MemoryFileSystem({ '/h/AGENTS.override.md': ' \n\t', '/h/AGENTS.md': '\n  default instructions  \n' });
    expect(loadCodexConfig(fs, { codexHome: '/h', overrides: [] }, '/repo').userInstructions).toEqual({ path: '/h/AGENTS.md', text: 'default instructions' });
  });

  it('§8.37 the block wraps the text with the cwd in the header', () => {
    const { sim } = run({ files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'root\n', '/repo/crate/AGENTS.md': 'crate\n' }, cwd: '/repo/crate' });
    expect(sim.block).toBe('# AGENTS.md instructions for /repo/crate\n\n<INSTRUCTIONS>\nroot\n\n\ncrate\n\n</INSTRUCTIONS>');
  });

  it('§8.35 user text alone has a header without a directory', () => {
    const { sim } = run({ files: { '/repo/.git': GIT }, cwd: '/repo', user: { 'AGENTS.md': 'some instructions' } });
    expect(sim.block).toBe('# AGENTS.md instructions\n\n<INSTRUCTIONS>\nsome instructions\n</INSTRUCTIONS>');
  });

  it('untrusted projects load only the user text (§7.2)', () => {
    const { sim, probes } = run({ files: { '/repo/.git': GIT, '/repo/AGENTS.md': 'doc' }, cwd: '/repo', settings: { loadProjectDocs: false }, user: { 'AGENTS.md': 'u' } });
    expect(sim.text).toBe('u');
    expect(probes).toEqual([]);
  });

  it('budget across files: the cut, the drop and the warnings of the released CLI', () => {
    const { sim } = run({
      files: R({ '/r/AGENTS.md': '0123456\n', '/r/sub/AGENTS.md': 'abcdefgh\n', '/r/sub/deeper/AGENTS.md': 'DEEP\n' }),
      cwd: '/r/sub/deeper',
      settings: { maxBytes: 10 },
    });
    expect(sim.files.map((f) => ({ path: f.path, usedBytes: f.usedBytes, dropped: f.dropped, cut: f.cut }))).toEqual([
      { path: '/r/AGENTS.md', usedBytes: 8, dropped: null, cut: null },
      { path: '/r/sub/AGENTS.md', usedBytes: 2, dropped: null, cut: { byteOffset: 2, splitsCharacter: false } },
      { path: '/r/sub/deeper/AGENTS.md', usedBytes: 0, dropped: 'budget', cut: null },
    ]);
    // Verbatim from `codex exec` 0.171.0 (test/conformance/FINDINGS.md §4, Appendix row "budget across files").
    const advice = 'Trim your project instructions to fit the budget. If you need to keep them all, increase `project_doc_max_bytes`.';
    expect(sim.warnings).toEqual([
      `Loaded only 2 of 9 bytes from \`/r/sub/AGENTS.md\` in environment \`local\` under the 10-byte project instruction budget. ${advice}`,
      `Skipped project instructions in environment \`local\` starting at \`/r/sub/deeper/AGENTS.md\` because the 10-byte budget was exhausted. ${advice}`,
      'Combined user instructions use 12 bytes, above the 10-byte `project_doc_max_bytes` setting. The total includes global and thread instructions. The limit applies only to project files.',
    ]);
  });

  // Each row: the file's bytes, the budget, whether the cut splits a character.
  const splits: [string, string, number, boolean][] = [
    ['inside "€" after 1 byte', 'ab€cd', 3, true],
    ['inside "€" after 2 bytes', 'ab€cd', 4, true],
    ['right after "€"', 'ab€cd', 5, false],
    ['inside "€" right after a complete "é"', 'aé€', 4, true],
    ['inside "😀" after 3 bytes', 'a😀', 4, true],
    ['between ASCII characters', 'abcdef', 3, false],
    ['right after a complete "é"', 'aéb', 3, false],
  ];
  for (const [name, content, maxBytes, expected] of splits) {
    it(`a cut ${name} ${expected ? 'splits' : 'does not split'} a character`, () => {
      const { sim } = run({ files: R({ '/r/AGENTS.md': content }), cwd: '/r', settings: { maxBytes } });
      expect(sim.files[0]?.cut).toEqual({ byteOffset: maxBytes, splitsCharacter: expected });
    });
  }

  it('a file that vanishes between probe and read is skipped, and its neighbour is not re-probed (§6)', () => {
    const inner = new MemoryFileSystem({ '/r/.git': GIT, '/r/AGENTS.override.md': 'gone', '/r/AGENTS.md': 'kept' });
    const fs: FileSystem = {
      probe: (p) => inner.probe(p),
      read: (p, max) => {
        if (p.endsWith('AGENTS.override.md')) throw new FsError('ENOENT', p, 'vanished');
        return inner.read(p, max);
      },
      list: (p) => inner.list(p),
    };
    const sim = simulate(new ProbeCache(fs), '/r', settingsOf());
    expect(sim.text).toBeNull();
    expect(sim.files.map((f) => f.dropped)).toEqual(['vanished']);
    expect(sim.error).toBeNull();
  });
});
