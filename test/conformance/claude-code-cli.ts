/**
 * Harness around the real Claude Code CLI (npm @anthropic-ai/claude-code, native binary), used by
 * the conformance test to compare the claude-code host profile with what Claude Code really sends.
 *
 * Offline: the CLI runs with ANTHROPIC_BASE_URL pointing at a fake Messages API on 127.0.0.1 that
 * records each request and answers "ok"; HOME is a fresh temp dir (no user CLAUDE.md, no
 * credentials), non-essential traffic, telemetry and the auto-updater are off, proxies point at
 * 127.0.0.1:9. The instructions block is the first user-message text part that starts with
 * "<system-reminder>\nCodebase and user instructions".
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheDir, FAKE_ANTHROPIC_SERVER, npmInstallInto } from './harness.js';

export const CLAUDE_CODE_VERSION = '2.1.332';

export function claudeInstallDir(): string {
  return cacheDir(`claude-code-${CLAUDE_CODE_VERSION}`);
}

/** The native binary (the wrapper's postinstall copies it to bin/claude.exe; the platform package holds it too). */
export function claudeBinary(): string | null {
  const fromEnv = process.env['AGENTS_LINT_CLAUDE_BIN'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const candidates = [
    path.join(claudeInstallDir(), 'node_modules', '@anthropic-ai', `claude-code-${process.platform}-${process.arch}`, 'claude'),
    path.join(claudeInstallDir(), 'node_modules', '@anthropic-ai', 'claude-code', 'bin', 'claude.exe'),
  ];
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** `npm install --prefix <repo>/.cache/claude-code-<version>` (never into the project's node_modules). */
export function installClaudeCode(): string | null {
  const existing = claudeBinary();
  if (existing) return existing;
  if (!npmInstallInto(claudeInstallDir(), `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`)) return null;
  return claudeBinary();
}

const SERVER = FAKE_ANTHROPIC_SERVER;

const PREFIX = '<system-reminder>\nCodebase and user instructions';

/**
 * Runs `claude -p hi` in `cwd` against the fake API and returns the instructions text Claude Code
 * sent (between "<system-reminder>\n" and "\n</system-reminder>"), or null when it sent none.
 */
export function claudeInstructions(bin: string, cwd: string, userSettings?: Record<string, unknown>): string | null {
  const work = mkdtempSync(path.join(tmpdir(), 'agents-lint-claude-'));
  try {
    const home = path.join(work, 'home');
    spawnSync('mkdir', ['-p', path.join(home, '.claude')]);
    if (userSettings) writeFileSync(path.join(home, '.claude', 'settings.json'), JSON.stringify(userSettings));
    const capture = path.join(work, 'capture.jsonl');
    writeFileSync(path.join(work, 'server.mjs'), SERVER);
    // The server runs in a child Node process for the duration of one synchronous CLI run.
    const script = `
      const { spawn, spawnSync } = require('node:child_process');
      const fs = require('node:fs');
      const server = spawn(process.execPath, [${JSON.stringify(path.join(work, 'server.mjs'))}, ${JSON.stringify(capture)}], { stdio: 'ignore' });
      const deadline = Date.now() + 10000;
      while (!fs.existsSync(${JSON.stringify(capture + '.port')}) && Date.now() < deadline) spawnSync('sleep', ['0.05']);
      const port = fs.readFileSync(${JSON.stringify(capture + '.port')}, 'utf8');
      const env = { PATH: process.env.PATH, HOME: ${JSON.stringify(home)}, ANTHROPIC_BASE_URL: 'http://127.0.0.1:' + port, ANTHROPIC_API_KEY: 'sk-test-offline',
        CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1', DISABLE_TELEMETRY: '1', DISABLE_AUTOUPDATER: '1', DISABLE_ERROR_REPORTING: '1',
        HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost' };
      const r = spawnSync(${JSON.stringify(bin)}, ['-p', 'hi'], { cwd: ${JSON.stringify(cwd)}, env, encoding: 'utf8', timeout: 300000 });
      server.kill('SIGTERM');
      process.exit(r.status === 0 ? 0 : 3);
    `;
    const run = spawnSync(process.execPath, ['-e', script], { encoding: 'utf8', timeout: 360_000 });
    if (run.status !== 0) throw new Error(`claude -p failed in ${cwd}: ${run.stderr}`);
    for (const line of readFileSync(capture, 'utf8').split('\n').filter(Boolean)) {
      const { url, body } = JSON.parse(line) as { url: string; body: string };
      if (!url.startsWith('/v1/messages')) continue;
      const request = JSON.parse(body) as { messages?: { content: string | { type: string; text?: string }[] }[] };
      const first = request.messages?.[0]?.content;
      const parts = typeof first === 'string' ? [first] : (first ?? []).map((p) => p.text ?? '');
      const block = parts.find((p) => p.startsWith(PREFIX));
      return block ? block.slice('<system-reminder>\n'.length, block.lastIndexOf('\n</system-reminder>')) : null;
    }
    throw new Error('Claude Code sent no Messages API request');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
