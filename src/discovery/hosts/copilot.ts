import * as path from 'node:path';
import { dirsDown, filesUnder, frontMatter, globList, globMatches, hostFile, isInside, momentProbe, readJson, readText, settingsOf } from './common.js';
import type { HostEnv, HostFile, HostProfile, HostSimulation, Moment } from './types.js';

// Facts: docs/hosts.md §7. Cloud agent: docs.github.com "add-repository-instructions" (github/docs,
// index id 2823347245) [docs]. VS Code: microsoft/vscode computeAutomaticInstructions.ts @ 0155379d [code].
export const VERIFIED_ON_CLOUD = 'docs.github.com add-repository-instructions (2026)';
export const VERIFIED_ON_VSCODE = 'microsoft/vscode computeAutomaticInstructions.ts @ 0155379d';
// No size limit is reported for Copilot: GitHub's docs once said code review reads only the first
// 4,000 characters of an instruction file, and removed that statement (github/docs pull request
// 42361; issue 42761 asks whether the limit is gone). An error or a cut on an undocumented limit
// would not be certain.

const owns = (rel: string) => rel === '.github/copilot-instructions.md' || /^\.github\/instructions\/.+\.instructions\.md$/.test(rel);

/** `*.instructions.md` whose `applyTo` matches the file being worked on (or `**` at start). */
function pathSpecific(env: HostEnv, moment: Moment): { abs: string; applies: boolean }[] {
  const probe = momentProbe(env, moment);
  return filesUnder(env, path.join(env.root, '.github', 'instructions'), (r) => r.endsWith('.instructions.md')).map((abs) => {
    const t = readText(env, abs);
    const globs = globList(t ? frontMatter(t.text)?.data['applyTo'] : undefined);
    // `**`, `**/*` and `*` always match (VS Code); bare patterns get `**/` prepended; case-insensitive.
    const always = globs.some((g) => g === '**' || g === '**/*' || g === '*');
    return { abs, applies: always || (probe !== null && globMatches(globs, probe, { prefixAny: true, nocase: true })) };
  });
}

function load(env: HostEnv, abs: string, kind: HostFile['kind'], files: HostFile[], extra: Partial<HostFile> = {}): void {
  if (files.some((f) => f.path === abs)) return;
  const read = readText(env, abs);
  if (read) files.push(hostFile(abs, kind, read.bytes, read.text, read.text.trim() === '' ? { skipped: 'empty' } : extra));
}

export const copilot: HostProfile = {
  id: 'copilot',
  name: 'GitHub Copilot cloud agent',
  verifiedOn: VERIFIED_ON_CLOUD,
  variants: ['default'],
  lazy: true,
  owns,
  ownsIndex: { names: [], hiddenDirs: ['.github'] },
  settings: (_env, _cwd, variant) => settingsOf(variant),
  simulate(env, cwd, settings, moment): HostSimulation {
    const files: HostFile[] = [];
    const notes: string[] = [];
    load(env, path.join(env.root, '.github', 'copilot-instructions.md'), 'project', files);
    for (const p of pathSpecific(env, moment)) if (p.applies) load(env, p.abs, 'rule', files);
    // "the nearest AGENTS.md file in the directory tree will take precedence over other agent
    // instructions files": every AGENTS.md on the path to the file worked on (or the cwd) applies,
    // the nearest last; files are "combined without a general precedence order".
    const from = moment === 'session-start' ? cwd : moment.afterReadingIn;
    const agents = dirsDown(env.root, from).map((d) => path.join(d, 'AGENTS.md')).filter((p) => env.cache.probe(p).kind === 'file');
    for (const abs of agents) load(env, abs, isInside(path.dirname(abs), cwd) && path.dirname(abs) !== cwd ? 'nested' : 'project', files);
    if (agents.length === 0 && !env.files.some((f) => /(^|\/)AGENTS\.md$/.test(f))) {
      // "Alternatively, a single CLAUDE.md or GEMINI.md file stored in the root of the repository."
      const alt = ['CLAUDE.md', 'GEMINI.md'].map((n) => path.join(env.root, n)).find((p) => env.cache.probe(p).kind === 'file');
      if (alt) load(env, alt, 'project', files);
    }
    return { host: 'copilot', variant: settings.variant, cwd, moment, files, text: null, imports: [], sizes: [], notes };
  },
};

export const copilotVscode: HostProfile = {
  id: 'copilot-vscode',
  name: 'VS Code Copilot Chat',
  verifiedOn: VERIFIED_ON_VSCODE,
  variants: ['default'],
  // Only `*.instructions.md` by `applyTo` depends on the attached file; AGENTS.md is root-only.
  lazy: true,
  owns,
  ownsIndex: { names: [], hiddenDirs: ['.github'] },
  inUseBySettings(json) {
    const settings = json('.vscode/settings.json');
    return settings !== null && typeof settings === 'object' && Object.keys(settings).some((k) => /^(?:github\.copilot|chat)\./.test(k));
  },
  settings(env, _cwd, variant) {
    // `chat.useAgentsMdFile` (default on), `chat.useClaudeMdFile`, `chat.useNestedAgentsMdFiles` (default off).
    const abs = path.join(env.root, '.vscode', 'settings.json');
    const json = readJson(env, abs) ?? {};
    const values: Record<string, unknown> = {};
    for (const key of ['chat.useAgentsMdFile', 'chat.useClaudeMdFile', 'chat.useNestedAgentsMdFiles']) if (typeof json[key] === 'boolean') values[key] = json[key];
    return settingsOf(variant, values, Object.keys(values).length ? { settings: { kind: 'file', path: abs } } : {});
  },
  simulate(env, cwd, settings, moment): HostSimulation {
    const v = settings.values;
    const files: HostFile[] = [];
    const notes: string[] = [];
    for (const p of pathSpecific(env, moment)) if (p.applies) load(env, p.abs, 'rule', files);
    // Agent instructions: AGENTS.md in the workspace-folder root, root CLAUDE files sorted by URI,
    // then .github/copilot-instructions.md (`listAgentInstructions`).
    if (v['chat.useAgentsMdFile'] !== false) load(env, path.join(env.root, 'AGENTS.md'), 'project', files);
    if (v['chat.useClaudeMdFile'] !== false) {
      for (const abs of ['CLAUDE.md', 'CLAUDE.local.md', '.claude/CLAUDE.md'].map((n) => path.join(env.root, n)).sort()) load(env, abs, 'project', files);
    }
    load(env, path.join(env.root, '.github', 'copilot-instructions.md'), 'project', files);
    // Nested AGENTS.md: with the experimental setting only, and then listed by path, never inlined.
    const nested = env.files.filter((f) => f !== 'AGENTS.md' && /(^|\/)AGENTS\.md$/i.test(f));
    if (v['chat.useNestedAgentsMdFiles'] === true) for (const f of nested) load(env, path.join(env.root, f), 'nested', files, { listedOnly: true });
    else if (nested.length) notes.push(`${nested.length} nested AGENTS.md file(s) not used (chat.useNestedAgentsMdFiles is off by default).`);
    void cwd;
    return { host: 'copilot-vscode', variant: settings.variant, cwd, moment, files, text: null, imports: [], sizes: [], notes };
  },
};
