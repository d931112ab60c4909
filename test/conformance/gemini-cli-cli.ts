/**
 * Harness around the real Gemini CLI (npm @google/gemini-cli, a bundled Node program), used by the
 * conformance test to compare the gemini-cli host profile with what Gemini CLI really sends.
 *
 * Offline: `GOOGLE_GEMINI_BASE_URL` points the @google/genai client at a fake Gemini API on
 * 127.0.0.1 that records each request and answers "ok" (both `:generateContent` and
 * `:streamGenerateContent?alt=sse`). Auth is `security.auth.selectedType: "gemini-api-key"` in the
 * user settings plus a dummy `GEMINI_API_KEY`; `-m gemini-2.5-flash` forces the model so the
 * auto-router's classifier calls are skipped (OverrideStrategy, routing/modelRouterService.js);
 * `GEMINI_CLI_TRUST_WORKSPACE=true` makes the headless run trust the fixture (otherwise it exits 55).
 * HOME is a fresh temp dir (no ~/.gemini/GEMINI.md), usage statistics and auto-update are off,
 * proxies point at 127.0.0.1:9, and when `unshare -rn` works the server and the CLI run together
 * in a private network namespace whose only interface is loopback.
 *
 * The project memory travels in the first user message, inside
 * `<loaded_context>\n<project_context>\n…\n</project_context>` of the `<session_context>` part.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheDir, canIsolate, npmInstallInto } from './harness.js';

export const GEMINI_CLI_VERSION = '0.61.0';

export function geminiInstallDir(): string {
  return cacheDir(`gemini-cli-${GEMINI_CLI_VERSION}`);
}

/** The CLI's entry point (package.json `bin.gemini`), run with the current Node. */
export function geminiEntry(): string | null {
  const fromEnv = process.env['AGENTS_LINT_GEMINI_JS'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const entry = path.join(geminiInstallDir(), 'node_modules', '@google', 'gemini-cli', 'bundle', 'gemini.js');
  return existsSync(entry) ? entry : null;
}

/** `npm install --prefix <repo>/.cache/gemini-cli-<version>` (never into the project's node_modules). */
export function installGeminiCli(): string | null {
  const existing = geminiEntry();
  if (existing) return existing;
  if (!npmInstallInto(geminiInstallDir(), `@google/gemini-cli@${GEMINI_CLI_VERSION}`)) return null;
  return geminiEntry();
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
    const reply = { candidates: [{ content: { role: 'model', parts: [{ text: 'ok' }] }, finishReason: 'STOP', index: 0 }],
      usageMetadata: { promptTokenCount: 1, candidatesTokenCount: 1, totalTokenCount: 2 }, modelVersion: 'gemini-2.5-flash' };
    if (req.url.includes(':countTokens')) { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify({ totalTokens: 1 })); return; }
    if (req.url.includes(':streamGenerateContent')) { res.writeHead(200, { 'content-type': 'text/event-stream' }); res.end('data: ' + JSON.stringify(reply) + '\\r\\n\\r\\n'); return; }
    if (req.url.includes(':generateContent')) { res.writeHead(200, { 'content-type': 'application/json' }); res.end(JSON.stringify(reply)); return; }
    res.writeHead(404, { 'content-type': 'application/json' }); res.end('{}');
  });
});
// Written whole, then renamed: a reader that sees <file>.port never reads it half-written (empty).
server.listen(0, '127.0.0.1', () => { fs.writeFileSync(out + '.port.tmp', String(server.address().port)); fs.renameSync(out + '.port.tmp', out + '.port'); });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;

/** What one headless run sent: the project-context text (null when none) and the whole first prompt part. */
export interface GeminiRun {
  context: string | null;
  sessionContext: string;
}

/**
 * Runs `gemini -m gemini-2.5-flash -p hi` in `cwd` against the fake API and returns the text
 * between "<project_context>\n" and "\n</project_context>" of the first model request.
 */
export function geminiContext(entry: string, cwd: string): GeminiRun {
  const work = mkdtempSync(path.join(tmpdir(), 'agents-lint-gemini-'));
  try {
    const home = path.join(work, 'home');
    mkdirSync(path.join(home, '.gemini'), { recursive: true });
    writeFileSync(path.join(home, '.gemini', 'settings.json'), JSON.stringify({
      security: { auth: { selectedType: 'gemini-api-key' } },
      privacy: { usageStatisticsEnabled: false },
      general: { disableAutoUpdate: true },
    }));
    const capture = path.join(work, 'capture.jsonl');
    writeFileSync(path.join(work, 'server.mjs'), SERVER);
    // The server runs in a child Node process for the duration of one synchronous CLI run.
    const runner = `
      const { spawn, spawnSync } = require('node:child_process');
      const fs = require('node:fs');
      const server = spawn(process.execPath, [${JSON.stringify(path.join(work, 'server.mjs'))}, ${JSON.stringify(capture)}], { stdio: 'ignore' });
      const deadline = Date.now() + 10000;
      while (!fs.existsSync(${JSON.stringify(capture + '.port')}) && Date.now() < deadline) spawnSync('sleep', ['0.05']);
      const port = fs.readFileSync(${JSON.stringify(capture + '.port')}, 'utf8');
      const env = { PATH: process.env.PATH, HOME: ${JSON.stringify(home)}, GEMINI_API_KEY: 'test-key-offline',
        GOOGLE_GEMINI_BASE_URL: 'http://127.0.0.1:' + port, GEMINI_CLI_TRUST_WORKSPACE: 'true', NO_COLOR: '1',
        HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost' };
      const r = spawnSync(process.execPath, [${JSON.stringify(entry)}, '-m', 'gemini-2.5-flash', '-p', 'hi'], { cwd: ${JSON.stringify(cwd)}, env, encoding: 'utf8', timeout: 240000 });
      server.kill('SIGTERM');
      if (r.status !== 0) process.stderr.write(String(r.stderr));
      process.exit(r.status === 0 ? 0 : 3);
    `;
    writeFileSync(path.join(work, 'runner.cjs'), runner);
    const run = canIsolate()
      ? spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up && exec "$0" "$1"', process.execPath, path.join(work, 'runner.cjs')], { encoding: 'utf8', timeout: 300_000 })
      : spawnSync(process.execPath, [path.join(work, 'runner.cjs')], { encoding: 'utf8', timeout: 300_000 });
    if (run.status !== 0) throw new Error(`gemini -p failed in ${cwd}: ${run.stderr}`);
    for (const line of readFileSync(capture, 'utf8').split('\n').filter(Boolean)) {
      const { url, body } = JSON.parse(line) as { url: string; body: string };
      if (!url.includes(':streamGenerateContent')) continue;
      const request = JSON.parse(body) as { contents?: { role?: string; parts?: { text?: string }[] }[] };
      const first = request.contents?.[0]?.parts?.[0]?.text ?? '';
      const open = '<project_context>\n';
      const start = first.indexOf(open);
      const end = first.indexOf('\n</project_context>');
      return { context: start === -1 || end === -1 ? null : first.slice(start + open.length, end), sessionContext: first };
    }
    throw new Error('Gemini CLI sent no streamGenerateContent request');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
