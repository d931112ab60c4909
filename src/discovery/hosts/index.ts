import { amp } from './amp.js';
import { claudeCode } from './claude-code.js';
import { copilot, copilotVscode } from './copilot.js';
import { cursor } from './cursor.js';
import { geminiCli } from './gemini-cli.js';
import { goose } from './goose.js';
import { opencode } from './opencode.js';
import { windsurf } from './windsurf.js';
import { zed } from './zed.js';
import type { HostId, HostProfile } from './types.js';

/** Every non-Codex profile, in `--hosts all` order. Codex is simulated by ../simulate.ts. */
export const PROFILES: readonly HostProfile[] = [claudeCode, geminiCli, opencode, amp, copilot, copilotVscode, cursor, zed, windsurf, goose];

/** Profiles by id: looked up per host and cwd (thousands of times), so by a map, not a search. */
const BY_ID = new Map<HostId, HostProfile>(PROFILES.map((p) => [p.id, p]));

export function profileOf(id: HostId): HostProfile | undefined {
  return BY_ID.get(id);
}

export { simulateHost, HOST_IDS } from './types.js';
export type * from './types.js';
