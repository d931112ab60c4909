import type { FileSpec } from './scenarios.js';

/** A small deterministic PRNG (mulberry32), so a failing random case can be replayed by its seed. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Contents that exercise Codex's edge cases: multi-byte text, Rust-only whitespace, BOMs, invalid bytes. */
const CONTENTS: (string | Uint8Array)[] = [
  '# Rules\n\nRun the tests.\n',
  'root doc',
  'é€😀 mixed multi-byte text 日本語\n',
  '😀😀😀😀',
  'ab€cd\n',
  '',
  ' \n\t\n',
  '\u0085\u3000\u00a0\n',
  '\ufeff',
  '\ufeffBOM then text\r\nCRLF\r\n',
  '\u200bzero width only',
  Uint8Array.from([0x41, 0xff, 0x42, 0xc3, 0x28, 0x43, 0xe2, 0x82, 0x0a]),
  Uint8Array.from([0xf0, 0x9f, 0x98]),
  '\n\n\n\nX',
  'line one\nline two\n'.repeat(6),
];

const NAMES = ['AGENTS.md', 'AGENTS.override.md', 'CLAUDE.md', 'GUIDE.md', 'agents.md'];

export interface RandomRepo {
  seed: number;
  files: Record<string, FileSpec>;
  cwds: string[];
  overrides: string[];
  userFiles: Record<string, string | Uint8Array>;
  /** TOML for $CODEX_HOME/config.toml with {ROOT}. */
  userConfig: string;
}

/** A random repository of up to four levels with instruction files, markers, links and settings. */
export function randomRepo(seed: number): RandomRepo {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)] as T;
  const dirs = [''];
  const depth = 1 + Math.floor(r() * 4);
  for (let d = 0; d < depth; d++) {
    const parent = pick(dirs);
    const name = pick(['a', 'b', 'pkg', 'src', 'deep']);
    const dir = parent ? `${parent}/${name}` : name;
    if (!dirs.includes(dir)) dirs.push(dir);
  }
  const files: Record<string, FileSpec> = {};
  const join = (dir: string, name: string) => (dir ? `${dir}/${name}` : name);
  const useHg = r() < 0.15;
  files[join('', useHg ? '.hg' : '.git')] = { dir: true };
  for (const dir of dirs) {
    for (const name of NAMES) {
      if (r() < (name === 'AGENTS.md' ? 0.6 : 0.2)) files[join(dir, name)] = pick(CONTENTS);
    }
    if (dir && r() < 0.1) files[join(dir, '.git')] = { dir: true };
    const roll = r();
    if (roll < 0.05) files[join(dir, 'AGENTS.override.md')] = { symlink: 'missing.md' };
    else if (roll < 0.08 && files[join(dir, 'AGENTS.md')] === undefined) files[join(dir, 'AGENTS.md')] = { symlink: 'CLAUDE.md' };
    else if (roll < 0.1 && files[join(dir, 'AGENTS.md')] === undefined) files[join(dir, 'AGENTS.md/inner.md')] = 'a directory named AGENTS.md';
  }
  // Ensure every directory exists even when nothing was written into it.
  for (const dir of dirs) if (dir && !Object.keys(files).some((f) => f.startsWith(`${dir}/`))) files[`${dir}/.keep`] = '';
  const overrides: string[] = [];
  if (r() < 0.7) overrides.push(`project_doc_max_bytes=${1 + Math.floor(r() * 60)}`);
  if (r() < 0.4) overrides.push(`project_doc_fallback_filenames=${JSON.stringify(r() < 0.5 ? ['CLAUDE.md'] : ['GUIDE.md', ' CLAUDE.md ', 'AGENTS.md', 'docs/X.md'])}`);
  if (useHg) overrides.push('project_root_markers=[".hg"]');
  else if (r() < 0.1) overrides.push('project_root_markers=[]');
  const userFiles: Record<string, string | Uint8Array> = {};
  if (r() < 0.2) userFiles['AGENTS.md'] = pick(['\n  USER  \n\n', 'user rules', ' \n']);
  if (r() < 0.1) userFiles['AGENTS.override.md'] = pick(['override', '\t\n']);
  let userConfig = '';
  if (r() < 0.25) {
    files['.codex/config.toml'] = `project_doc_max_bytes = ${5 + Math.floor(r() * 40)}\n`;
    if (r() < 0.6) userConfig = `[projects."{ROOT}"]\ntrust_level = "${r() < 0.8 ? 'trusted' : 'untrusted'}"\n`;
  }
  const cwds = [...new Set([pick(dirs), pick(dirs), pick(dirs)])];
  return { seed, files, cwds, overrides, userFiles, userConfig };
}
