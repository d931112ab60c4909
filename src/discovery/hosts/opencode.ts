import * as path from 'node:path';
import picomatch from 'picomatch';
import { dirsDown, dirsUpTo, hostFile, isInside, readJson, readText, settingsOf } from './common.js';
import type { HostEnv, HostFile, HostProfile, HostSettings, HostSimulation, Moment } from './types.js';

// Facts: docs/hosts.md §3.1, read in npm opencode-linux-x64@1.18.33 (module `Instruction`, embedded JS);
// session start checked against the real opencode-ai 1.18.33 by test/conformance/opencode.test.ts.
export const VERIFIED_ON = 'opencode-ai 1.18.33 (V1)';
/** `FILES` (instruction.ts); `no-claude` = OPENCODE_DISABLE_CLAUDE_CODE_PROMPT drops CLAUDE.md. */
export const VARIANTS = ['v1', 'v1-no-claude'] as const;

function fileNames(variant: string): string[] {
  return variant === 'v1-no-claude' ? ['AGENTS.md', 'CONTEXT.md'] : ['AGENTS.md', 'CLAUDE.md', 'CONTEXT.md'];
}

export const opencode: HostProfile = {
  id: 'opencode',
  name: 'OpenCode',
  verifiedOn: VERIFIED_ON,
  variants: VARIANTS,
  // `Instruction.resolve` runs on the read tool (§3.1 "Lazy nested loading").
  lazy: true,
  owns: (rel) => /^opencode\.jsonc?$/.test(rel) || rel.startsWith('.opencode/'),
  ownsIndex: { names: ['opencode.json', 'opencode.jsonc'], hiddenDirs: ['.opencode'] },
  settings(env, cwd, variant) {
    // `instructions` in opencode.json / opencode.jsonc, found from the cwd up to the worktree (the
    // nearest wins, as OpenCode's config loader merges project configs found upward).
    for (const dir of dirsDown(worktree(env, cwd), cwd).reverse()) {
      for (const name of ['opencode.json', 'opencode.jsonc']) {
        const abs = path.join(dir, name);
        const value = readJson(env, abs)?.['instructions'];
        if (Array.isArray(value)) return settingsOf(variant, { instructions: value.filter((v): v is string => typeof v === 'string') }, { instructions: { kind: 'file', path: abs } });
      }
    }
    return settingsOf(variant);
  },
  simulate: simulateOpencode,
};

/**
 * `Instance.worktree`: the git worktree root, i.e. the nearest directory from the cwd up holding a
 * `.git` (docs/hosts.md §3.1, `Project.fromDirectory`); the linted repository's root when none is found
 * inside it. Verified against opencode-ai 1.18.33 (test/conformance/opencode.test.ts): a nested
 * repository hides the AGENTS.md of the enclosing one.
 */
function worktree(env: HostEnv, cwd: string): string {
  for (let d = cwd; isInside(d, env.root) && d !== env.root; d = path.dirname(d)) {
    if (env.cache.probe(path.join(d, '.git')).kind !== 'missing') return d;
  }
  return env.root;
}

function simulateOpencode(env: HostEnv, cwd: string, settings: HostSettings, moment: Moment): HostSimulation {
  const names = fileNames(settings.variant);
  const files: HostFile[] = [];
  const notes: string[] = [];
  const seen = new Set<string>();
  const add = (abs: string, kind: HostFile['kind']) => {
    if (seen.has(abs)) return;
    const read = readText(env, abs);
    if (!read) return;
    seen.add(abs);
    // Empty files are dropped; content is not trimmed (§3.1 "Order and format").
    files.push(hostFile(abs, kind, read.bytes, read.text, read.text === '' ? { skipped: 'empty' } : {}));
  };
  // The first name that `findUp` finds anywhere from cwd to the worktree wins for the whole path;
  // all its hits are taken, nearest first.
  const upward = dirsDown(worktree(env, cwd), cwd).reverse();
  for (const name of names) {
    const hits = upward.map((d) => path.join(d, name)).filter((p) => readText(env, p));
    if (hits.length === 0) continue;
    for (const hit of hits) add(hit, 'project');
    const hidden = names.filter((n) => n !== name).flatMap((n) => upward.map((d) => path.join(d, n)).filter((p) => readText(env, p)));
    if (hidden.length) notes.push(`${name} wins for the whole path: ${hidden.map((p) => path.relative(env.root, p)).join(', ')} not loaded.`);
    break;
  }
  // `instructions`: relative globs are evaluated from every dir between cwd and the worktree (`globUp`).
  for (const pattern of (settings.values['instructions'] as string[] | undefined) ?? []) {
    if (/^https?:\/\//.test(pattern) || pattern.startsWith('~/')) continue;
    if (path.isAbsolute(pattern)) continue;
    const match = picomatch(pattern, { dot: true });
    for (const dir of upward) {
      const rel = path.relative(env.root, dir).split(path.sep).join('/');
      const prefix = rel === '' ? '' : `${rel}/`;
      for (const f of env.files) if (f.startsWith(prefix) && match(f.slice(prefix.length))) add(path.join(env.root, f), 'configured');
    }
  }
  if (moment !== 'session-start') {
    // From the read file's dir up to, not including, the session dir: the first of FILES per dir.
    for (const dir of dirsUpTo(moment.afterReadingIn, cwd)) {
      const first = names.map((n) => path.join(dir, n)).find((p) => readText(env, p));
      if (first) add(first, 'nested');
    }
  }
  const shown = files.filter((f) => !f.skipped && f.kind !== 'nested');
  const text = shown.length ? shown.map((f) => `Instructions from: ${f.path}\n${f.text}`).join('\n') : null;
  return { host: 'opencode', variant: settings.variant, cwd, moment, files, text, imports: [], sizes: [], notes };
}
