import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { CLI, EMPTY_CODEX_HOME } from './paths.js';

export type TreeEntry = string | Uint8Array | { symlink: string } | { dir: true } | { fifo: true };

/** Writes a tree into a new temporary directory (optionally a git repository) and returns its path. */
export function makeRepo(files: Record<string, TreeEntry>, options: { git?: boolean; config?: boolean } = {}): string {
  const root = mkdtempSync(path.join(tmpdir(), 'agents-lint-repo-'));
  if (options.git) execFileSync('git', ['init', '-q', root]);
  if (options.config ?? !options.git) writeFileSync(path.join(root, '.agents-lint.json'), '{ "root": true }\n');
  for (const [rel, entry] of Object.entries(files)) {
    const abs = path.join(root, rel);
    mkdirSync(path.dirname(abs), { recursive: true });
    if (typeof entry === 'string' || entry instanceof Uint8Array) writeFileSync(abs, entry);
    else if ('symlink' in entry) symlinkSync(entry.symlink, abs);
    else if ('dir' in entry) mkdirSync(abs, { recursive: true });
    else execFileSync('mkfifo', [abs]);
  }
  return root;
}

export function removeRepo(root: string): void {
  rmSync(root, { recursive: true, force: true });
}

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv; timeout?: number; nodeArgs?: string[] } = {}): CliRun {
  const r = spawnSync(process.execPath, [...(options.nodeArgs ?? []), CLI, ...args], {
    cwd: options.cwd,
    encoding: 'utf8',
    timeout: options.timeout ?? 300_000,
    maxBuffer: 1 << 28,
    env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME, NO_COLOR: '1', ...options.env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}
