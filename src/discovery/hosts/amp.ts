import * as path from 'node:path';
import { codeRanges, dirsDown, dirsUpTo, followImports, frontMatter, globList, globMatches, hostFile, inRanges, jsTrim, momentProbe, pathLike, readText, settingsOf, type ImportRef } from './common.js';
import type { HostEnv, HostFile, HostProfile, HostSettings, HostSimulation, ImportProblem, Moment } from './types.js';

// Facts: docs/hosts.md §5, read in npm @ampcode/cli-linux-x64@0.0.1790142911-g7618fb (functions AIt, LIt,
// tM, HIt, rIt, MmH, Yft/Zft; constant yh).
export const VERIFIED_ON = '@ampcode/cli 0.0.1790142911-g7618fb';
/** `yh`: the first of these per directory wins (`AIt`). */
export const AMP_NAMES = ['AGENTS.md', 'Agents.md', 'agents.md', 'AGENT.md', 'Agent.md', 'agent.md', 'CLAUDE.md'];

/** Mentions: `/@([a-zA-Z0-9._~/*?[\]{}\\,-]+)/g` after removing code; trailing `.,;!?)` dropped; globs skipped here. */
export function ampMentions(text: string): ImportRef[] {
  // Code ranges are found only once a reference needs them (most files hold no `@` at all).
  let code: [number, number][] | undefined;
  const refs: ImportRef[] = [];
  for (const m of text.matchAll(/@([a-zA-Z0-9._~/*?[\]{}\\,-]+)/g)) {
    if (inRanges((code ??= codeRanges(text, 'markdown')), m.index)) continue;
    const target = (m[1] ?? '').replace(/[.,;!?)]+$/, '').replace(/\\\*/g, '*');
    // `~/…` resolves against the user's home (outside the repository); globs are expanded with ripgrep.
    if (target === '' || target.startsWith('~/') || /[*?[{]/.test(target)) continue;
    refs.push({ offset: m.index, endOffset: m.index + 1 + target.length, target });
  }
  return refs;
}

export const amp: HostProfile = {
  id: 'amp',
  name: 'Amp',
  verifiedOn: VERIFIED_ON,
  variants: ['default'],
  // Subtree files once a file below is read or @-mentioned (`LIt`, `tM`).
  lazy: true,
  // Amp has no file of its own in a repository; select it with --hosts.
  owns: () => false,
  ownsIndex: { names: [], hiddenDirs: [] },
  settings: (_env, _cwd, variant) => settingsOf(variant),
  simulate: simulateAmp,
};

function firstIn(env: HostEnv, dir: string): string | null {
  for (const name of AMP_NAMES) {
    const abs = path.join(dir, name);
    if (env.cache.probe(abs).kind === 'file') return abs;
  }
  return null;
}

function simulateAmp(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment): HostSimulation {
  const files: HostFile[] = [];
  const problems: ImportProblem[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  const readRel = momentProbe(env, moment);
  const add = (abs: string, kind: HostFile['kind']) => {
    if (seen.has(abs)) return;
    const read = readText(env, abs);
    if (!read) return;
    seen.add(abs);
    const fm = frontMatter(read.text);
    const globs = globList(fm?.data['globs']);
    // A file with `globs` is excluded unless a file read in the thread matches (`Yft`/`Zft`).
    if (globs.length && !(readRel && globMatches(globs.map((g) => relGlob(env, abs, g)), readRel, { prefixAny: true }))) {
      files.push(hostFile(abs, kind, read.bytes, '', { skipped: 'excluded' }));
      return;
    }
    files.push(hostFile(abs, kind, read.bytes, jsTrim(fm ? read.text.slice(fm.bodyOffset) : read.text)));
    // Mentioned files load recursively, right after their mentioner; no depth cap.
    const imported = followImports(env, { path: abs, text: read.text }, { find: ampMentions, maxDepth: Infinity, boundary: env.root, reportMissing: pathLike }, seen);
    problems.push(...imported.problems);
    for (const imp of imported.files) files.push(hostFile(imp.path, 'import', imp.bytes, jsTrim(imp.text), { via: imp.via }));
  };
  // Workspace root, then cwd and its ancestors up to the root; project files sort by URI (`MmH`).
  const project = [...new Set(dirsDown(env.root, cwd).map((d) => firstIn(env, d)).filter((p): p is string => p !== null))].sort((a, b) => a.localeCompare(b));
  for (const dir of dirsDown(env.root, cwd)) {
    const first = firstIn(env, dir);
    const others = AMP_NAMES.map((n) => path.join(dir, n)).filter((p) => p !== first && env.cache.probe(p).kind === 'file');
    if (first && others.length) notes.push(`${path.relative(env.root, first)} hides ${others.map((p) => path.relative(env.root, p)).join(', ')} (Amp takes the first name per directory).`);
  }
  for (const abs of project) add(abs, 'project');
  if (moment !== 'session-start') {
    for (const dir of dirsUpTo(moment.afterReadingIn, cwd).reverse()) {
      const first = firstIn(env, dir);
      if (first) add(first, 'nested');
    }
  }
  return { host: 'amp', variant: settings.variant, cwd, moment, files, text: null, imports: problems, sizes: [], notes };
}

/** `./` and `../` globs are relative to the file's directory (Zft). */
function relGlob(env: HostEnv, file: string, glob: string): string {
  if (!glob.startsWith('./') && !glob.startsWith('../')) return glob;
  return path.relative(env.root, path.resolve(path.dirname(file), glob)).split(path.sep).join('/');
}
