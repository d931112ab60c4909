import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, EMPTY_CODEX_HOME, FIXTURES } from '../../helpers/paths.js';
import { parseHosts } from '../../../src/discovery/host-view.js';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd: FIXTURES, encoding: 'utf8', env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const mobile = path.join(FIXTURES, 'rules', 'no-host-divergence', 'invalid-mobile');

describe('--hosts', () => {
  it('parses ids, variants and all; rejects unknown ones', () => {
    expect(parseHosts(['codex,claude-code:claude-md', 'gemini-cli:legacy']).map((h) => [h.id, h.variant])).toEqual([
      ['codex', 'default'],
      ['claude-code', 'claude-md'],
      ['gemini-cli', 'legacy'],
    ]);
    expect(parseHosts(['all']).map((h) => h.id)).toEqual(['codex', 'claude-code', 'gemini-cli', 'opencode', 'amp', 'copilot', 'copilot-vscode', 'cursor', 'zed', 'windsurf', 'goose']);
    expect(() => parseHosts(['claude'])).toThrow(/unknown host "claude"/);
    expect(() => parseHosts(['gemini-cli:0.40'])).toThrow(/unknown variant "0.40"/);
  });

  it('explain JSON keeps the Codex shape when only codex is selected', () => {
    const only = JSON.parse(run(['explain', '--hosts', 'codex', '-f', 'json', path.join(mobile, 'apps', 'mobile')]).stdout) as Record<string, unknown>;
    expect(only['host']).toBe('codex');
    expect('hosts' in only).toBe(false);
  });

  it('explain --hosts all shows what each host loads, side by side, and adds a hosts array to the JSON', () => {
    const dir = path.join(mobile, 'apps', 'mobile');
    const json = JSON.parse(run(['explain', '--hosts', 'all', '-f', 'json', dir]).stdout) as { host: string; hosts: { host: string; files: { path: string }[] }[] };
    expect(json.host).toBe('codex');
    const loads = Object.fromEntries(json.hosts.map((h) => [h.host, h.files.map((f) => f.path)]));
    // docs/hosts.md: Codex root → cwd; Claude Code's fallback is off under a CLAUDE.md; OpenCode V1
    // nearest first; Zed and VS Code read the root only; Windsurf's subdirectory AGENTS.md waits for a read.
    expect(loads['codex']).toEqual(['AGENTS.md', 'apps/mobile/AGENTS.md']);
    expect(loads['claude-code']).toEqual(['apps/mobile/CLAUDE.md']);
    expect(loads['opencode']).toEqual(['apps/mobile/AGENTS.md', 'AGENTS.md']);
    expect(loads['zed']).toEqual(['AGENTS.md']);
    expect(loads['copilot-vscode']).toEqual(['AGENTS.md']);
    expect(loads['windsurf']).toEqual(['AGENTS.md']);
    expect(loads['gemini-cli']).toEqual([]);
    const text = run(['explain', '--hosts', 'all', dir]).stdout;
    expect(text).toMatch(/^apps\/mobile\/CLAUDE\.md +· +1 +· +·/m);
  });

  it('lint --hosts selects the hosts; an unknown host is a usage error', () => {
    const withGemini = run([mobile, '--hosts', 'codex,gemini-cli', '-f', 'json']);
    const messages = (JSON.parse(withGemini.stdout) as { messages: { ruleId: string; data: { host?: string } }[] }[]).flatMap((r) => r.messages).filter((m) => m.ruleId === 'no-host-divergence');
    expect(new Set(messages.map((m) => m.data.host))).toEqual(new Set(['gemini-cli']));
    const bad = run([mobile, '--hosts', 'nope']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/unknown host "nope"/);
  });
});
