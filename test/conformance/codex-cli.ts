/**
 * Harness around the real OpenAI Codex CLI, used by the conformance tests to
 * compare agents-lint's discovery simulation with what Codex really sends to
 * the model. No vitest imports: this module is also used by plain scripts.
 *
 * Network safety (see FINDINGS.md, "Network"): with the default `openai`
 * provider even `codex debug prompt-input` resolves `api.openai.com`, and
 * `codex exec` also contacts github.com and chatgpt.com. Every run here
 * therefore
 *   1. forces a custom model provider whose base_url is http://127.0.0.1:9
 *      (`-c` flags placed last, so no user config can override them); with it,
 *      `prompt-input` makes no network syscall at all (checked with strace);
 *   2. points HTTP(S)_PROXY / ALL_PROXY at 127.0.0.1:9 and drops OPENAI and
 *      CODEX variables from the environment;
 *   3. runs inside a fresh network namespace (`unshare -n`, only a downed
 *      loopback) whenever this machine allows it;
 *   4. always uses the caller's CODEX_HOME (a fresh temp dir), never ~/.codex.
 */
import { spawn, spawnSync } from 'node:child_process';
import type { SpawnSyncReturns } from 'node:child_process';
import { accessSync, constants as fsConstants, existsSync, mkdirSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CODEX_VERSION = '0.171.0';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Folder that `installCodex()` installs into: `<repo>/.cache/codex-<version>`. */
export function codexInstallDir(): string {
  return path.join(REPO_ROOT, '.cache', `codex-${CODEX_VERSION}`);
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, fsConstants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Path to the codex launcher: env AGENTS_LINT_CODEX_BIN, else
 * `<repo>/.cache/codex-<version>/node_modules/.bin/codex`, else null.
 */
export function codexBinary(): string | null {
  const fromEnv = process.env['AGENTS_LINT_CODEX_BIN'];
  if (fromEnv !== undefined && fromEnv !== '') {
    return isExecutable(fromEnv) ? fromEnv : null;
  }
  const cached = path.join(codexInstallDir(), 'node_modules', '.bin', 'codex');
  return isExecutable(cached) ? cached : null;
}

/** `codex --version` output, e.g. `codex-cli 0.171.0`, or null when it cannot run. */
export function codexVersion(bin: string): string | null {
  const res = spawnSync(bin, ['--version'], { encoding: 'utf8', env: safeEnv(undefined), timeout: 30_000 });
  if (res.status !== 0) return null;
  return res.stdout.trim();
}

/**
 * Installs `@openai/codex@<CODEX_VERSION>` with npm into `<repo>/.cache/codex-<version>`
 * (or `prefix`) unless a launcher is already there; returns the launcher path.
 * The platform binary (~420 MB unpacked) arrives as an optional npm dependency.
 */
export async function installCodex(prefix: string = codexInstallDir()): Promise<string> {
  const bin = path.join(prefix, 'node_modules', '.bin', 'codex');
  if (isExecutable(bin) && codexVersion(bin) === `codex-cli ${CODEX_VERSION}`) return bin;
  mkdirSync(prefix, { recursive: true });
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = [
    'install',
    '--prefix',
    prefix,
    `@openai/codex@${CODEX_VERSION}`,
    '--no-save',
    '--no-audit',
    '--no-fund',
    '--no-package-lock',
    '--loglevel=error',
  ];
  await new Promise<void>((resolve, reject) => {
    const child = spawn(npm, args, { cwd: prefix, stdio: ['ignore', 'inherit', 'inherit'] });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`npm ${args.join(' ')} failed (code ${String(code)}, signal ${String(signal)})`));
    });
  });
  const version = isExecutable(bin) ? codexVersion(bin) : null;
  if (version !== `codex-cli ${CODEX_VERSION}`) {
    throw new Error(`codex install in ${prefix} did not produce a working ${CODEX_VERSION} binary (got ${String(version)})`);
  }
  return bin;
}

const TARGET_TRIPLES: Record<string, string> = {
  'linux-x64': 'x86_64-unknown-linux-musl',
  'linux-arm64': 'aarch64-unknown-linux-musl',
  'darwin-x64': 'x86_64-apple-darwin',
  'darwin-arm64': 'aarch64-apple-darwin',
  'win32-x64': 'x86_64-pc-windows-msvc',
  'win32-arm64': 'aarch64-pc-windows-msvc',
};

const nativeCache = new Map<string, string>();

/**
 * The npm launcher (`bin/codex.js`) only starts Node to exec the platform binary
 * (~140 ms of a ~200 ms run). This resolves the native binary behind a launcher,
 * or returns `bin` unchanged when it is not the npm launcher.
 */
export function resolveNativeBinary(bin: string): string {
  const hit = nativeCache.get(bin);
  if (hit !== undefined) return hit;
  let result = bin;
  try {
    const real = realpathSync(bin);
    const triple = TARGET_TRIPLES[`${process.platform}-${process.arch}`];
    if (real.endsWith('.js') && triple !== undefined) {
      const pkgRoot = path.dirname(path.dirname(real)); // .../@openai/codex
      const exe = process.platform === 'win32' ? 'codex.exe' : 'codex';
      const candidates = [
        path.join(path.dirname(pkgRoot), `codex-${process.platform}-${process.arch}`, 'vendor', triple, 'bin', exe),
        path.join(pkgRoot, 'node_modules', '@openai', `codex-${process.platform}-${process.arch}`, 'vendor', triple, 'bin', exe),
        path.join(pkgRoot, 'vendor', triple, 'bin', exe),
      ];
      result = candidates.find((c) => isExecutable(c)) ?? bin;
    }
  } catch {
    result = bin;
  }
  nativeCache.set(bin, result);
  return result;
}

let unshareOk: boolean | undefined;

/** True when `unshare -n` works here (root, or user namespaces allowed). Cached. */
export function canIsolateNetwork(): boolean {
  if (unshareOk === undefined) {
    if (process.platform !== 'linux' || process.env['AGENTS_LINT_CODEX_NO_UNSHARE'] === '1') {
      unshareOk = false;
    } else {
      const res = spawnSync('unshare', ['-n', 'true'], { stdio: 'ignore', timeout: 10_000 });
      unshareOk = res.status === 0;
    }
  }
  return unshareOk;
}

const LOOPBACK_PROVIDER = 'agents-lint-loopback';

/** `-c` flags that route every model/provider call to 127.0.0.1 (port closed). */
function loopbackProviderArgs(baseUrl: string): string[] {
  return [
    '-c',
    `model_provider="${LOOPBACK_PROVIDER}"`,
    '-c',
    `model_providers.${LOOPBACK_PROVIDER}.name="agents-lint loopback"`,
    '-c',
    `model_providers.${LOOPBACK_PROVIDER}.base_url="${baseUrl}"`,
    '-c',
    `model_providers.${LOOPBACK_PROVIDER}.wire_api="responses"`,
  ];
}

function safeEnv(codexHome: string | undefined, launcher?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    const upper = key.toUpperCase();
    if (upper.startsWith('CODEX_') || upper.startsWith('OPENAI_') || upper.startsWith('RUST_LOG')) continue;
    if (upper.endsWith('_PROXY')) continue;
    env[key] = value;
  }
  const proxy = 'http://127.0.0.1:9';
  env['HTTPS_PROXY'] = proxy;
  env['https_proxy'] = proxy;
  env['HTTP_PROXY'] = proxy;
  env['http_proxy'] = proxy;
  env['ALL_PROXY'] = proxy;
  env['all_proxy'] = proxy;
  // Loopback traffic (the fake model server of runCodexExec) must not go to the proxy.
  env['NO_PROXY'] = '127.0.0.1,localhost';
  env['no_proxy'] = '127.0.0.1,localhost';
  if (codexHome !== undefined) env['CODEX_HOME'] = codexHome;
  if (launcher !== undefined) {
    // What bin/codex.js sets before it execs the native binary.
    try {
      env['CODEX_MANAGED_PACKAGE_ROOT'] = path.dirname(path.dirname(realpathSync(launcher)));
    } catch {
      /* not an npm launcher */
    }
    env['CODEX_MANAGED_BY_NPM'] = '1';
  }
  return env;
}

export interface CodexRun {
  /** Text between `<INSTRUCTIONS>\n` and `\n</INSTRUCTIONS>` of the AGENTS.md fragment; null when there is none. */
  instructionsText: string | null;
  /** The whole fragment, starting at `# AGENTS.md instructions`; null when there is none. */
  block: string | null;
  /**
   * AGENTS.md warnings. `prompt-input` prints none (its stderr only carries start-up
   * noise such as the PATH-alias notice, filtered out here); `runCodexExec` fills
   * them from the `error` items of `codex exec --json`.
   */
  warnings: string[];
  /**
   * Tracing lines codex logs on stderr (`<level> <target>: <message>`, timestamp
   * dropped), e.g. `ERROR codex_core::agents_md: error trying to find AGENTS.md docs:
   * Symbolic link loop (os error 40) environment_id="local"` when a discovery error
   * drops the project docs. Only `codex exec` logs them; `prompt-input` stays silent.
   */
  logErrors: string[];
  /** Parsed JSON output (`prompt-input`) or the captured Responses request body (`exec`). */
  raw: unknown;
}

export interface CodexRunOptions {
  bin: string;
  cwd: string;
  codexHome: string;
  /** Extra `-c key=value` overrides (value parsed as TOML by codex). */
  configOverrides?: string[];
  /**
   * Pass the cwd with `codex -C <cwd>` as well. Without it codex takes getcwd(),
   * which resolves symlinks; with it the logical path given is kept (header and
   * ancestor walk).
   */
  cdFlag?: boolean;
  /** Milliseconds before the run is killed (default 60 s). */
  timeoutMs?: number;
}

/** Lines codex prints on stderr at every start-up that say nothing about AGENTS.md. */
const STDERR_NOISE: RegExp[] = [
  /^WARNING: proceeding, even though we could not create PATH aliases/,
  /^Reading additional input from stdin/,
];

const TRACING_LINE = /^\d{4}-\d\d-\d\dT[\d:.]+Z\s+(ERROR|WARN)\s+(.*)$/;

function stderrWarnings(stderr: string): string[] {
  return stderr
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l !== '' && !STDERR_NOISE.some((re) => re.test(l)) && !TRACING_LINE.test(l));
}

function tracingLines(stderr: string): string[] {
  const out: string[] = [];
  for (const line of stderr.split('\n')) {
    const m = TRACING_LINE.exec(line.trimEnd());
    if (m !== null) out.push(`${m[1] ?? ''} ${m[2] ?? ''}`);
  }
  return out;
}

interface ContentItem {
  type?: unknown;
  text?: unknown;
}
interface ResponseItem {
  type?: unknown;
  role?: unknown;
  content?: unknown;
  internal_chat_message_metadata_passthrough?: unknown;
}

const BLOCK_PREFIX = '# AGENTS.md instructions';
const OPEN = '\n\n<INSTRUCTIONS>\n';
const CLOSE = '\n</INSTRUCTIONS>';

/**
 * Finds the AGENTS.md fragment in a Responses-API `input` array: the content item
 * tagged `agents_md.instructions` in
 * `internal_chat_message_metadata_passthrough.content_item_kinds` (same index as in
 * `content`), else the first `input_text` of a user message starting with
 * `# AGENTS.md instructions`.
 */
export function findAgentsBlock(items: unknown): string | null {
  if (!Array.isArray(items)) return null;
  let fallback: string | null = null;
  for (const entry of items as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const item = entry as ResponseItem;
    if (item.type !== 'message' || item.role !== 'user' || !Array.isArray(item.content)) continue;
    const content = item.content as unknown[];
    const meta = item.internal_chat_message_metadata_passthrough;
    let kinds: unknown[] = [];
    if (typeof meta === 'object' && meta !== null) {
      const k = (meta as { content_item_kinds?: unknown }).content_item_kinds;
      if (Array.isArray(k)) kinds = k as unknown[];
    }
    for (let i = 0; i < content.length; i++) {
      const c = content[i] as ContentItem | undefined;
      if (c === undefined || typeof c.text !== 'string') continue;
      if (kinds[i] === 'agents_md.instructions') return c.text;
      if (fallback === null && c.text.startsWith(BLOCK_PREFIX)) fallback = c.text;
    }
  }
  return fallback;
}

/** `instructionsText` of a block: what lies between `<INSTRUCTIONS>\n` and the final `\n</INSTRUCTIONS>`. */
export function instructionsOf(block: string | null): string | null {
  if (block === null) return null;
  const open = block.indexOf(OPEN);
  if (open < 0 || !block.endsWith(CLOSE)) {
    throw new Error(`unexpected AGENTS.md fragment shape: ${JSON.stringify(block.slice(0, 200))}`);
  }
  const start = open + OPEN.length;
  const end = block.length - CLOSE.length;
  return end >= start ? block.slice(start, end) : '';
}

/** The header line of a block, e.g. `# AGENTS.md instructions for /repo/sub` or `# AGENTS.md instructions`. */
export function headerOf(block: string | null): string | null {
  if (block === null) return null;
  const open = block.indexOf(OPEN);
  return open < 0 ? null : block.slice(0, open);
}

function buildCommand(
  opts: CodexRunOptions,
  subcommand: string[],
  baseUrl: string,
  isolate: boolean,
): { file: string; args: string[]; env: NodeJS.ProcessEnv } {
  const native = resolveNativeBinary(opts.bin);
  const codexArgs: string[] = [];
  if (opts.cdFlag === true) codexArgs.push('-C', opts.cwd);
  codexArgs.push(...subcommand);
  for (const o of opts.configOverrides ?? []) codexArgs.push('-c', o);
  codexArgs.push(...loopbackProviderArgs(baseUrl));
  codexArgs.push('hi');
  const env = safeEnv(opts.codexHome, native !== opts.bin ? opts.bin : undefined);
  if (isolate) return { file: 'unshare', args: ['-n', native, ...codexArgs], env };
  return { file: native, args: codexArgs, env };
}

function describeFailure(what: string, res: SpawnSyncReturns<string>): Error {
  const reason = res.error !== undefined ? res.error.message : `exit ${String(res.status)} signal ${String(res.signal)}`;
  return new Error(`${what} failed (${reason}): ${res.stderr.slice(0, 2000)}`);
}

/**
 * Runs `codex debug prompt-input hi` in `cwd` with `CODEX_HOME=codexHome` and
 * extracts the AGENTS.md fragment. Synchronous; each run takes ~100 ms
 * (native binary) and runs with separate CODEX_HOME dirs may go in parallel
 * (see `runCodexPromptInputAsync`).
 */
export function runCodexPromptInput(opts: CodexRunOptions): CodexRun {
  const cmd = buildCommand(opts, ['debug', 'prompt-input'], 'http://127.0.0.1:9/v1', canIsolateNetwork());
  const res = spawnSync(cmd.file, cmd.args, {
    cwd: opts.cwd,
    env: cmd.env,
    encoding: 'utf8',
    timeout: opts.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (res.status !== 0) throw describeFailure('codex debug prompt-input', res);
  return parsePromptInput(res.stdout, res.stderr);
}

function parsePromptInput(stdout: string, stderr: string): CodexRun {
  const raw: unknown = JSON.parse(stdout);
  const block = findAgentsBlock(raw);
  return { instructionsText: instructionsOf(block), block, warnings: stderrWarnings(stderr), logErrors: tracingLines(stderr), raw };
}

/** Async twin of `runCodexPromptInput`, for running several scenarios at once. */
export function runCodexPromptInputAsync(opts: CodexRunOptions): Promise<CodexRun> {
  const cmd = buildCommand(opts, ['debug', 'prompt-input'], 'http://127.0.0.1:9/v1', canIsolateNetwork());
  return new Promise((resolve, reject) => {
    const child = spawn(cmd.file, cmd.args, { cwd: opts.cwd, env: cmd.env, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 60_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      const stdout = Buffer.concat(out).toString('utf8');
      const stderr = Buffer.concat(err).toString('utf8');
      if (code !== 0) {
        reject(new Error(`codex debug prompt-input failed (exit ${String(code)} signal ${String(signal)}): ${stderr.slice(0, 2000)}`));
        return;
      }
      try {
        resolve(parsePromptInput(stdout, stderr));
      } catch (e) {
        reject(e instanceof Error ? e : new Error(String(e)));
      }
    });
  });
}

/**
 * Helper run as a child `node` process (inside `unshare -n` when possible): brings
 * the namespace's loopback up, serves a minimal Responses-API stream on
 * 127.0.0.1, runs codex with `{PORT}` substituted in its arguments and prints
 * `{ code, stdout, stderr, bodies }` as JSON.
 */
const EXEC_HELPER = String.raw`
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
const spec = JSON.parse(process.env.AGENTS_LINT_EXEC_SPEC);
const done = (o) => { process.stdout.write(JSON.stringify(o)); process.exit(0); };
if (spec.isolated) {
  const lo = spawnSync('ip', ['link', 'set', 'lo', 'up'], { encoding: 'utf8' });
  if (lo.status !== 0) done({ error: 'ip link set lo up failed: ' + (lo.stderr || String(lo.error)) });
}
const bodies = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && (req.url || '').endsWith('/responses')) {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      const send = (o) => res.write('event: ' + o.type + '\ndata: ' + JSON.stringify(o) + '\n\n');
      send({ type: 'response.created', response: { id: 'resp_1' } });
      send({ type: 'response.output_item.done', item: { type: 'message', role: 'assistant', id: 'msg_1', content: [{ type: 'output_text', text: 'ok' }] } });
      send({ type: 'response.completed', response: { id: 'resp_1', usage: { input_tokens: 1, input_tokens_details: null, output_tokens: 1, output_tokens_details: null, total_tokens: 2 } } });
      res.end();
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{}');
    }
  });
});
server.listen(0, '127.0.0.1', () => {
  const port = String(server.address().port);
  const args = spec.args.map((a) => a.split('{PORT}').join(port));
  const child = spawn(spec.file, args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const out = [];
  const err = [];
  const timer = setTimeout(() => child.kill('SIGKILL'), spec.timeoutMs);
  child.stdout.on('data', (b) => out.push(b));
  child.stderr.on('data', (b) => err.push(b));
  child.on('error', (e) => done({ error: String(e) }));
  child.on('close', (code) => {
    clearTimeout(timer);
    server.close();
    done({ code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), bodies });
  });
});
`;

interface ExecHelperResult {
  error?: string;
  code?: number | null;
  stdout?: string;
  stderr?: string;
  bodies?: string[];
}

let ipOk: boolean | undefined;

function canBringUpLoopback(): boolean {
  if (ipOk === undefined) {
    const res = spawnSync('unshare', ['-n', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore', timeout: 10_000 });
    ipOk = res.status === 0;
  }
  return ipOk;
}

/**
 * Runs `codex exec --json hi` against a fake Responses-API server on 127.0.0.1
 * to collect the AGENTS.md *warnings*, which `prompt-input` never prints. They
 * arrive as `{"type":"item.completed","item":{"type":"error","message":…}}` JSONL
 * lines (plain `exec` prints them on stderr as `warning: …`); discovery errors
 * only appear as tracing lines on stderr (`logErrors`).
 *
 * Unlike `prompt-input`, `exec` also reaches for api.github.com, chatgpt.com and
 * ab.chatgpt.com. The fake server and codex therefore run together in a private
 * network namespace (`unshare -n` + `ip link set lo up`) when the machine allows
 * it; otherwise only the loopback provider and the proxy variables (checked with
 * strace: nothing but 127.0.0.1 is contacted) keep it off the network.
 * ~0.5 s per run; the instructions text equals `prompt-input`'s in every scenario.
 */
export async function runCodexExec(opts: CodexRunOptions): Promise<CodexRun> {
  const isolated = canIsolateNetwork() && canBringUpLoopback();
  const cmd = buildCommand(
    opts,
    ['exec', '--json', '--skip-git-repo-check', '--ephemeral'],
    'http://127.0.0.1:{PORT}/v1',
    false,
  );
  const timeoutMs = opts.timeoutMs ?? 120_000;
  const spec = { isolated, file: cmd.file, args: cmd.args, cwd: opts.cwd, env: cmd.env, timeoutMs };
  const helperEnv: NodeJS.ProcessEnv = { PATH: process.env['PATH'], AGENTS_LINT_EXEC_SPEC: JSON.stringify(spec) };
  const nodeArgs = ['--input-type=module', '-e', EXEC_HELPER];
  const file = isolated ? 'unshare' : process.execPath;
  const args = isolated ? ['-n', process.execPath, ...nodeArgs] : nodeArgs;
  const helperOut = await new Promise<string>((resolve, reject) => {
    const child = spawn(file, args, { env: helperEnv, stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs + 10_000);
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      if (code !== 0) {
        reject(new Error(`codex exec helper failed (exit ${String(code)}): ${Buffer.concat(err).toString('utf8').slice(0, 2000)}`));
        return;
      }
      resolve(Buffer.concat(out).toString('utf8'));
    });
  });
  const result = JSON.parse(helperOut) as ExecHelperResult;
  if (result.error !== undefined) throw new Error(`codex exec helper: ${result.error}`);
  const stdout = result.stdout ?? '';
  const stderr = result.stderr ?? '';
  if (result.code !== 0) throw new Error(`codex exec failed (exit ${String(result.code)}): ${stderr.slice(0, 2000)}`);
  const warnings: string[] = [];
  for (const line of stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const ev = JSON.parse(line) as { type?: unknown; item?: { type?: unknown; message?: unknown } };
    if (ev.type === 'item.completed' && ev.item?.type === 'error' && typeof ev.item.message === 'string') {
      warnings.push(ev.item.message);
    }
  }
  const first = (result.bodies ?? [])[0];
  const raw: unknown = first === undefined ? null : JSON.parse(first);
  const input = typeof raw === 'object' && raw !== null ? (raw as { input?: unknown }).input : undefined;
  const block = findAgentsBlock(input);
  return { instructionsText: instructionsOf(block), block, warnings, logErrors: tracingLines(stderr), raw };
}

/** Quick availability check used by the conformance suite: a runnable codex of the pinned version. */
export function codexAvailable(bin: string | null = codexBinary()): bin is string {
  return bin !== null && existsSync(bin) && codexVersion(bin) === `codex-cli ${CODEX_VERSION}`;
}
