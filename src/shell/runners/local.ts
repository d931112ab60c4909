import { finding, join, literal } from './common.js';
import type { Runner } from './types.js';
import type { ShellWord } from '../parse.js';
import { isIgnoredPath } from '../../markdown/references/repo-facts.js';
import { isPlaceholderName } from '../../markdown/references/path-shape.js';

/** Directories that hold build outputs or installed tools, usually gitignored: never reported. */
const OUTPUT_DIRS = /^(\.\/)?(target|dist|build|out|node_modules|\.venv|venv|vendor|\.bin|bazel-[^/]+)\//;

function hasShebang(ctx: Parameters<Runner>[1], rel: string): boolean {
  try {
    const head = ctx.repo.fs.read(ctx.repo.abs(rel), 2);
    return head[0] === 0x23 && head[1] === 0x21;
  } catch {
    return false;
  }
}

/** Whether a local script exists: in the file list, or on disk when it is ignored or generated. */
export function checkPath(word: ShellWord, ctx: Parameters<Runner>[1], tool: string, direct = false): ReturnType<Runner> {
  if (!literal(word) || word.value.startsWith('/') || word.value.startsWith('~') || OUTPUT_DIRS.test(word.value)) return [];
  if (isPlaceholderName(word.value)) return [];
  const rel = join(ctx.cwd, word.value);
  if (rel.startsWith('..')) return [];
  const probe = ctx.repo.fs.probe(ctx.repo.abs(rel));
  if (probe.kind === 'file') {
    // Run directly, the kernel's execve needs an executable bit; git records it (mode 100755 vs
    // 100644), so a script committed without it fails with "Permission denied" on every checkout.
    // An unknown mode (Windows, in-memory trees) is never reported.
    // Without a `#!` line the bit alone would not make it run: the author means its interpreter.
    if (direct && probe.mode !== undefined && (probe.mode & 0o111) === 0 && hasShebang(ctx, rel)) {
      return [finding({ kind: 'binary', problem: 'not-executable', word, tool, name: word.value, what: 'script', where: rel, candidates: [] })];
    }
    return [];
  }
  // A directory is not a script that went missing, and a gitignored script (a local helper, a build
  // output) is not expected in a checkout.
  if (ctx.repo.has(rel) || probe.kind === 'dir' || ctx.repo.dirs.has(rel) || isIgnoredPath(ctx.repo, rel)) return [];
  const dir = rel.includes('/') ? rel.slice(0, rel.lastIndexOf('/')) : '';
  const siblings = ctx.repo.files.filter((f) => (f.includes('/') ? f.slice(0, f.lastIndexOf('/')) : '') === dir).map((f) => f.slice(dir ? dir.length + 1 : 0));
  const prefix = word.value.includes('/') ? word.value.slice(0, word.value.lastIndexOf('/') + 1) : '';
  return [finding({ kind: 'binary', problem: 'missing-local-script', word, tool, name: word.value, what: 'script', where: dir || 'the repository root', candidates: siblings.map((s) => prefix + s) })];
}

/** `./scripts/setup.sh`, `bin/dev`: a path run directly. */
export const local: Runner = (argv, ctx) => {
  const first = argv[0];
  return first ? checkPath(first, ctx, first.value, true) : [];
};

/** `bash scripts/x.sh`, `python tools/gen.py`, `node scripts/build.mjs`: the interpreter's script argument. */
export const interpreter: Runner = (argv, ctx) => {
  const tool = argv[0]?.value ?? '';
  for (let i = 1; i < argv.length; i++) {
    const w = argv[i];
    if (!w || w.dynamic) return [];
    // `-c`, `-e`, `-m` run inline code or a module, not a file.
    if (['-c', '-e', '-m', '--eval', '-p', '--print'].includes(w.value)) return [];
    if (w.value.startsWith('-')) continue;
    if (!w.value.includes('/') && !/\.(sh|bash|py|js|mjs|cjs|ts|mts|rb|pl)$/.test(w.value)) return [];
    return checkPath(w, ctx, tool);
  }
  return [];
};
