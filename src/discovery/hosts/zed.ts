import * as path from 'node:path';
import { hostFile, jsTrim, readText, settingsOf } from './common.js';
import type { HostProfile } from './types.js';

// Facts: docs/hosts.md §8: zed.dev/docs/ai/rules (docs order) and zed-industries/zed native agent
// `RULES_FILE_NAMES` / `load_worktree_rules_file` (2025 agent2 revision).
export const VERIFIED_ON = 'zed.dev/docs/ai/rules (2026); zed agent2 RULES_FILE_NAMES';
/** Docs order; "the first file which matches in this list will be used". */
export const ZED_NAMES = ['.rules', '.cursorrules', '.windsurfrules', '.clinerules', '.github/copilot-instructions.md', 'AGENT.md', 'AGENTS.md', 'CLAUDE.md', 'GEMINI.md'];

export const zed: HostProfile = {
  id: 'zed',
  name: 'Zed',
  verifiedOn: VERIFIED_ON,
  variants: ['default'],
  lazy: false,
  owns: (rel) => rel === '.rules',
  ownsIndex: { names: ['.rules'], hiddenDirs: [] },
  settings: (_env, _cwd, variant) => settingsOf(variant),
  simulate(env, cwd, settings, moment) {
    // One file per worktree root, whatever the cwd; no nesting, no imports; text trimmed.
    const candidates = ZED_NAMES.map((n) => path.join(env.root, n)).filter((p) => env.cache.probe(p).kind === 'file');
    const first = candidates[0];
    const read = first ? readText(env, first) : null;
    const files = first && read ? [hostFile(first, 'project', read.bytes, jsTrim(read.text))] : [];
    const notes = candidates.length > 1 ? [`Only ${path.relative(env.root, candidates[0] ?? '')} is used; ${candidates.slice(1).map((p) => path.relative(env.root, p)).join(', ')} ignored.`] : [];
    return { host: 'zed', variant: settings.variant, cwd, moment, files, text: files[0]?.text || null, imports: [], sizes: [], notes };
  },
};
