import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// What the host conformance suites share: where CLIs are installed, network isolation, and the fake
// Anthropic Messages API (Claude Code and OpenCode both speak it).

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** `<repo>/.cache/<name>`: CLIs are installed there, never into the project's node_modules. */
export function cacheDir(name: string): string {
  return path.join(REPO_ROOT, '.cache', name);
}

/** `npm install --prefix <dir> <spec>`; whether it succeeded. */
export function npmInstallInto(dir: string, spec: string): boolean {
  return spawnSync('npm', ['install', '--prefix', dir, '--no-audit', '--no-fund', spec], { encoding: 'utf8', timeout: 600_000 }).status === 0;
}

/** Writes a scenario's files under `root`, makes the cwd, and `git init`s the root and each listed directory. */
export function writeScenario(root: string, scenario: { files: Record<string, string>; cwd: string; gitInit?: readonly string[] }): void {
  for (const [rel, content] of Object.entries(scenario.files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), content);
  }
  mkdirSync(path.join(root, scenario.cwd), { recursive: true });
  spawnSync('git', ['init', '-q'], { cwd: root });
  for (const dir of scenario.gitInit ?? []) spawnSync('git', ['init', '-q'], { cwd: path.join(root, dir) });
}

let namespaceOk: boolean | undefined;
/** Whether `unshare -rn` plus `ip link set lo up` work here (user namespaces may be disabled). */
export function canIsolate(): boolean {
  namespaceOk ??= spawnSync('unshare', ['-rn', 'sh', '-c', 'ip link set lo up'], { encoding: 'utf8' }).status === 0;
  return namespaceOk;
}

/**
 * A loopback Messages API: records every request body to the file named by argv[2], answers "ok"
 * (streaming or not), and writes its port to `<file>.port` (whole: written beside it, then renamed).
 */
export const FAKE_ANTHROPIC_SERVER = `
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
// Written whole, then renamed: a reader that sees <file>.port never reads it half-written (empty).
server.listen(0, '127.0.0.1', () => { fs.writeFileSync(out + '.port.tmp', String(server.address().port)); fs.renameSync(out + '.port.tmp', out + '.port'); });
process.on('SIGTERM', () => server.close(() => process.exit(0)));
`;
