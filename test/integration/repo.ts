import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
import { CLI } from '../helpers/paths.js';

export { CLI };

/** Directories made by the helpers below (and madeDir): removed when the test file's process ends, whatever failed. */
const made: string[] = [];
process.on('exit', () => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
export const madeDir = (prefix: string) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  made.push(dir);
  return dir;
};

/** The source files the build put into dist/bundle/agents-lint.cjs (scripts/bundle.mjs writes the list from esbuild's metafile). */
export function bundleInputs(): string[] {
  return JSON.parse(fs.readFileSync(path.join(PROJECT, 'dist', 'bundle-inputs.json'), 'utf8')) as string[];
}

/** A temporary mini-repository, linted as its own root (`.agents-lint.json` with root: true unless given). */
export function tempRepo(files: Record<string, string>): string {
  const dir = madeDir('agents-lint-it-');
  const all = { '.agents-lint.json': '{ "root": true }\n', ...files };
  for (const [rel, content] of Object.entries(all)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return dir;
}

export interface Run {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI in `cwd` with an isolated CODEX_HOME and no colour/TTY. */
export function runCli(cwd: string, args: string[], env: Record<string, string> = {}): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty'), ...env },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Offline runs (AGENTS_LINT_OFFLINE=1) skip the tests that need the npm registry. */
export const OFFLINE = process.env['AGENTS_LINT_OFFLINE'] === '1';

/** `npm pack` of this project (already built: dist/ is what ships) into a temp dir; returns the .tgz path. */
export function packProject(): string {
  const dest = madeDir('agents-lint-pack-');
  const r = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dest], { cwd: PROJECT, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack failed: ${r.stderr}`);
  const [info] = JSON.parse(r.stdout) as { filename: string }[];
  return path.join(dest, info!.filename);
}

/** Runs a command with a clean hook environment (HUSKY=0 would silently disable the hooks). */
export function sh(cwd: string, command: string, args: string[], env: Record<string, string> = {}): Run {
  const base: Record<string, string | undefined> = { ...process.env, CODEX_HOME: path.join(PROJECT, 'fixtures/codex-home/empty'), NO_COLOR: '1', ...env };
  delete base['HUSKY'];
  delete base['GIT_DIR'];
  delete base['GIT_INDEX_FILE'];
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', env: base });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A new git repository holding a consumer project: package.json, .gitignore and an AGENTS.md. */
export function gitRepo(): string {
  const dir = madeDir('agents-lint-git-');
  for (const args of [['init', '-q', '-b', 'main'], ['config', 'user.name', 'Test'], ['config', 'user.email', 'test@example.com'], ['config', 'commit.gpgsign', 'false']]) {
    const r = sh(dir, 'git', args);
    if (r.status !== 0) throw new Error(`git ${args.join(' ')} failed: ${r.stderr}`);
  }
  fs.writeFileSync(path.join(dir, 'package.json'), '{\n  "name": "consumer",\n  "private": true\n}\n');
  fs.writeFileSync(path.join(dir, '.gitignore'), 'node_modules/\n');
  fs.writeFileSync(path.join(dir, 'AGENTS.md'), '# Rules\n\nKeep functions small and document public APIs.\n');
  return dir;
}
