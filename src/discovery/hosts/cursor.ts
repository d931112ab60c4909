import * as path from 'node:path';
import { dirsDown, filesUnder, frontMatter, globList, globMatches, hostFile, momentProbe, readText, settingsOf } from './common.js';
import type { HostFile, HostProfile } from './types.js';

// Facts: docs/hosts.md §6 (closed source; cursor.com/docs/rules and docs.cursor.com/context/rules) [docs/2nd].
export const VERIFIED_ON = 'cursor.com/docs/rules (2026) [docs]';

export const cursor: HostProfile = {
  id: 'cursor',
  name: 'Cursor',
  verifiedOn: VERIFIED_ON,
  variants: ['default'],
  // Auto Attached rules (`globs`) and nested AGENTS.md apply when matching files are in context.
  lazy: true,
  owns: (rel) => rel === '.cursorrules' || /(^|\/)\.cursor\/rules\//.test(rel),
  ownsIndex: { names: ['.cursorrules'], hiddenDirs: ['.cursor'] },
  settings: (_env, _cwd, variant) => settingsOf(variant),
  simulate(env, cwd, settings, moment) {
    const files: HostFile[] = [];
    const probe = momentProbe(env, moment);
    const from = moment === 'session-start' ? cwd : moment.afterReadingIn;
    const load = (abs: string, kind: HostFile['kind']) => {
      const read = readText(env, abs);
      if (read && !files.some((f) => f.path === abs)) files.push(hostFile(abs, kind, read.bytes, read.text));
    };
    // Legacy .cursorrules at the root: still read, deprecated.
    load(path.join(env.root, '.cursorrules'), 'project');
    for (const dir of dirsDown(env.root, from)) {
      // "Cursor supports AGENTS.md in the project root and subdirectories … combined with parent directories".
      load(path.join(dir, 'AGENTS.md'), dir === env.root || !probe ? 'project' : 'nested');
      // Project rules (.mdc; nested .cursor/rules dirs scope to their folder): alwaysApply, or globs matching.
      for (const abs of filesUnder(env, path.join(dir, '.cursor', 'rules'), (r) => r.endsWith('.mdc'))) {
        const t = readText(env, abs);
        const fm = t ? frontMatter(t.text)?.data : undefined;
        const globs = globList(fm?.['globs']);
        if (fm?.['alwaysApply'] === true || (probe !== null && globs.length > 0 && globMatches(globs, probe, { prefixAny: true }))) load(abs, 'rule');
      }
    }
    return { host: 'cursor', variant: settings.variant, cwd, moment, files, text: null, imports: [], sizes: [], notes: [] };
  },
};
