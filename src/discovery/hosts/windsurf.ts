import * as path from 'node:path';
import { dirsDown, filesUnder, frontMatter, globList, globMatches, hostFile, isInside, momentProbe, readText, settingsOf } from './common.js';
import type { HostFile, HostProfile, SizeFinding } from './types.js';

// Facts: docs/hosts.md §9: docs.windsurf.com/windsurf/cascade/agents-md and …/memories [docs].
export const VERIFIED_ON = 'docs.windsurf.com cascade/agents-md, memories (2026) [docs]';
/** "Each rule file is limited to 12,000 characters". */
export const RULE_CHARS = 12_000;

export const windsurf: HostProfile = {
  id: 'windsurf',
  name: 'Windsurf',
  verifiedOn: VERIFIED_ON,
  variants: ['default'],
  // A subdirectory AGENTS.md is a glob rule `<dir>/**`, applied when Cascade reads or edits inside it.
  lazy: true,
  owns: (rel) => rel === '.windsurfrules' || /(^|\/)\.windsurf\/rules\//.test(rel),
  ownsIndex: { names: ['.windsurfrules'], hiddenDirs: ['.windsurf'] },
  settings: (_env, _cwd, variant) => settingsOf(variant),
  simulate(env, cwd, settings, moment) {
    const files: HostFile[] = [];
    const probe = momentProbe(env, moment);
    const load = (abs: string, kind: HostFile['kind']) => {
      const read = readText(env, abs);
      if (!read || files.some((f) => f.path === abs)) return;
      const cut = read.text.length > RULE_CHARS ? { offset: RULE_CHARS, limit: RULE_CHARS, reason: 'Windsurf limits each rule file to 12,000 characters' } : undefined;
      files.push(hostFile(abs, kind, read.bytes, cut ? read.text.slice(0, RULE_CHARS) : read.text, cut ? { cut } : {}));
    };
    // Root AGENTS.md (or agents.md) is an always-on rule.
    const root = ['AGENTS.md', 'agents.md'].map((n) => path.join(env.root, n)).find((p) => env.cache.probe(p).kind === 'file');
    if (root) load(root, 'project');
    // .windsurf/rules in the workspace dir and its parents up to the git root: always_on at start, glob on a read.
    for (const dir of dirsDown(env.root, cwd)) {
      for (const abs of filesUnder(env, path.join(dir, '.windsurf', 'rules'), (r) => r.endsWith('.md'))) {
        const t = readText(env, abs);
        const fm = t ? frontMatter(t.text)?.data : undefined;
        const globs = globList(fm?.['globs']);
        if (fm?.['trigger'] === 'always_on' || (probe !== null && fm?.['trigger'] === 'glob' && globMatches(globs, probe, { prefixAny: true }))) load(abs, 'rule');
      }
    }
    if (moment !== 'session-start') {
      for (const f of env.files.filter((f) => /(^|\/)(AGENTS|agents)\.md$/.test(f) && f.includes('/'))) {
        const abs = path.join(env.root, f);
        if (isInside(moment.afterReadingIn, path.dirname(abs))) load(abs, 'nested');
      }
    }
    const sizes: SizeFinding[] = files.filter((f) => f.cut).map((f) => ({ file: f.path, size: readText(env, f.path)?.text.length ?? 0, limit: RULE_CHARS, unit: 'chars', effect: 'cut', who: 'Windsurf', offset: RULE_CHARS }));
    return { host: 'windsurf', variant: settings.variant, cwd, moment, files, text: null, imports: [], sizes, notes: [] };
  },
};
