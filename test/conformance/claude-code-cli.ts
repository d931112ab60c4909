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
import { fileURLToPath } from 'node:url';

export const CLAUDE_CODE_VERSION = '2.1.332';
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function claudeInstallDir(): string {
  return path.join(REPO_ROOT, '.cache', `claude-code-${CLAUDE_CODE_VERSION}`);
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
  const res = spawnSync('npm', ['install', '--prefix', claudeInstallDir(), '--no-audit', '--no-fund', `@anthropic-ai/claude-code@${CLAUDE_CODE_VERSION}`], { encoding: 'utf8', timeout: 600_000 });
  if (res.status !== 0) return null;
  return claudeBinary();
}

const SERVER = `
import http from 'node:http';
import fs from 'node:fs';
const out = process.argv[2];
const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    fs.appendFileSync(out, JSON.stringify({ url: req.url, body }) + '\\n');
    if (!req.url.startsWith('/v1/messages')) { res.writeHead(404); res.end('{}'); return; }
    let stream = false;
    try { stream = JSON.parse(body).stream === true; } catch {}
    const msg = { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [{ type: 'text', text: 'ok' }], stop_reason: 'end_turn', stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 } };
    if (!stream) { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(msg)); return; }
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    const ev = (t, d) => res.write('event: ' + t + '\\ndata: ' + JSON.stringify({ type: t, ...d }) + '\\n\\n');
    ev('message_start', { message: { ...msg, content: [], stop_reason: null } });
    ev('content_block_start', { index: 0, content_block: { type: 'text', text: '' } });
    ev('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 'ok' } });
    ev('content_block_stop', { index: 0 });
    ev('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 1 } });
    ev('message_stop', {});
    res.end();
  });
});
server.listen(0, '127.0.0.1', () => fs.writeFileSync(out + '.port', String(server.address().port)));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

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
