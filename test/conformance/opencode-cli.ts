/**
 * Harness around the real OpenCode CLI (npm opencode-ai, a native binary shipped in the platform
 * package opencode-linux-x64 etc.), used by the conformance test to compare the opencode host profile
 * with what OpenCode really sends.
 *
 * Offline: `opencode run hi` uses the built-in Anthropic provider, whose `options.baseURL` (set in the
 * user config ~/.config/opencode/opencode.json, outside the fixture) points at a fake Messages API on
 * 127.0.0.1 that records each request and answers "ok". HOME is a fresh temp dir,
 * OPENCODE_DISABLE_MODELS_FETCH / OPENCODE_DISABLE_AUTOUPDATE are set, proxies point at 127.0.0.1:9,
 * and when `unshare -rn` works the server and the CLI share a private loopback-only network namespace.
 *
 * The instructions sit in the system prompt between the `<env>…</env>` block and the built-in skills
 * list: `\nInstructions from: <path>\n<content>` per file (system parts joined with "\n").
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { cacheDir, canIsolate, FAKE_ANTHROPIC_SERVER, npmInstallInto } from './harness.js';

export const OPENCODE_VERSION = '1.18.33';

export function opencodeInstallDir(): string {
  return cacheDir(`opencode-${OPENCODE_VERSION}`);
}

/** The native binary of the platform package (the wrapper's postinstall, not run here, would copy it). */
export function opencodeBinary(): string | null {
  const fromEnv = process.env['AGENTS_LINT_OPENCODE_BIN'];
  if (fromEnv) return existsSync(fromEnv) ? fromEnv : null;
  const candidates = [
    path.join(opencodeInstallDir(), 'node_modules', `opencode-${process.platform}-${process.arch}`, 'bin', 'opencode'),
    path.join(opencodeInstallDir(), 'node_modules', `opencode-${process.platform}-${process.arch}-baseline`, 'bin', 'opencode'),
  ];
  return candidates.find((c) => existsSync(c)) ?? null;
}

/** `npm install --prefix <repo>/.cache/opencode-<version>` (never into the project's node_modules). */
export function installOpencode(): string | null {
  const existing = opencodeBinary();
  if (existing) return existing;
  if (!npmInstallInto(opencodeInstallDir(), `opencode-ai@${OPENCODE_VERSION}`)) return null;
  return opencodeBinary();
}

const SERVER = FAKE_ANTHROPIC_SERVER;

export interface OpencodeRun {
  /** The instructions part of the system prompt, null when there is none. */
  instructions: string | null;
  system: string;
}

/**
 * Runs `opencode run hi` in `cwd` against the fake API and returns the instructions OpenCode put in
 * the system prompt of the main (claude-sonnet-4-5) request. `noClaude` sets
 * OPENCODE_DISABLE_CLAUDE_CODE_PROMPT=1 (the `v1-no-claude` variant).
 */
export function opencodeInstructions(bin: string, cwd: string, noClaude = false): OpencodeRun {
  const work = mkdtempSync(path.join(tmpdir(), 'agents-lint-opencode-'));
  try {
    const home = path.join(work, 'home');
    mkdirSync(path.join(home, '.config', 'opencode'), { recursive: true });
    const capture = path.join(work, 'capture.jsonl');
    writeFileSync(path.join(work, 'server.mjs'), SERVER);
    const runner = `
      const { spawn, spawnSync } = require('node:child_process');
      const fs = require('node:fs');
      const server = spawn(process.execPath, [${JSON.stringify(path.join(work, 'server.mjs'))}, ${JSON.stringify(capture)}], { stdio: 'ignore' });
      const deadline = Date.now() + 10000;
      while (!fs.existsSync(${JSON.stringify(capture + '.port')}) && Date.now() < deadline) spawnSync('sleep', ['0.05']);
      const port = fs.readFileSync(${JSON.stringify(capture + '.port')}, 'utf8');
      fs.writeFileSync(${JSON.stringify(path.join(home, '.config', 'opencode', 'opencode.json'))}, JSON.stringify({
        provider: { anthropic: { options: { baseURL: 'http://127.0.0.1:' + port + '/v1', apiKey: 'sk-test-offline' } } },
        model: 'anthropic/claude-sonnet-4-5', autoupdate: false, share: 'disabled' }));
      const env = { PATH: process.env.PATH, HOME: ${JSON.stringify(home)}, OPENCODE_DISABLE_MODELS_FETCH: '1', OPENCODE_DISABLE_AUTOUPDATE: '1',
        HTTP_PROXY: 'http://127.0.0.1:9', HTTPS_PROXY: 'http://127.0.0.1:9', NO_PROXY: '127.0.0.1,localhost'${noClaude ? ", OPENCODE_DISABLE_CLAUDE_CODE_PROMPT: '1'" : ''} };
      const r = spawnSync(${JSON.stringify(bin)}, ['run', 'hi'], { cwd: ${JSON.stringify(cwd)}, env, encoding: 'utf8', timeout: 240000 });
      server.kill('SIGTERM');
      if (r.status !== 0) process.stderr.write(String(r.stderr));
      process.exit(r.status === 0 ? 0 : 3);
    `;
    writeFileSync(path.join(work, 'runner.cjs'), runner);
    const run = canIsolate()
      ? spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up && exec "$0" "$1"', process.execPath, path.join(work, 'runner.cjs')], { encoding: 'utf8', timeout: 300_000 })
      : spawnSync(process.execPath, [path.join(work, 'runner.cjs')], { encoding: 'utf8', timeout: 300_000 });
    if (run.status !== 0) throw new Error(`opencode run failed in ${cwd}: ${run.stderr}`);
    for (const line of readFileSync(capture, 'utf8').split('\n').filter(Boolean)) {
      const { url, body } = JSON.parse(line) as { url: string; body: string };
      if (!url.startsWith('/v1/messages')) continue;
      const request = JSON.parse(body) as { model?: string; system?: string | { text?: string }[] };
      // The first request is the small model writing the session title; the agent's request follows.
      if (request.model !== 'claude-sonnet-4-5') continue;
      const system = typeof request.system === 'string' ? request.system : (request.system ?? []).map((p) => p.text ?? '').join('\n');
      const envEnd = system.indexOf('</env>\n');
      if (envEnd === -1) throw new Error('no <env> block in the system prompt');
      const start = envEnd + '</env>\n'.length;
      const skills = system.indexOf('Skills provide specialized instructions', start);
      const segment = system.slice(start, skills === -1 ? system.length : skills);
      // Without instructions the skills text follows the env block directly; with them, a "\n" joins.
      return { instructions: segment === '' ? null : segment.slice(0, skills === -1 ? segment.length : -1), system };
    }
    throw new Error('OpenCode sent no agent request to the fake Messages API');
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
