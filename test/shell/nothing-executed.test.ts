import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CLI, EMPTY_CODEX_HOME, FIXTURES, PROJECT_ROOT } from '../helpers/paths.js';

const PRELOAD = pathToFileURL(path.join(PROJECT_ROOT, 'test', 'helpers', 'record-spawns.mjs')).href;
const FIXTURE = path.join(FIXTURES, 'cli', 'commands-not-executed');
const work = mkdtempSync(path.join(tmpdir(), 'agents-lint-spawns-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Spawn {
  api: string;
  command: string;
  args: string[];
}

/** Runs a node script with the recording preload; returns the spawns it made. */
function recorded(args: string[], name: string): { spawns: Spawn[]; status: number | null; stdout: string } {
  const log = path.join(work, `${name}.jsonl`);
  writeFileSync(log, '');
  const r = spawnSync(process.execPath, ['--import', PRELOAD, ...args], {
    encoding: 'utf8',
    env: { ...process.env, AGENTS_LINT_SPAWN_LOG: log, CODEX_HOME: EMPTY_CODEX_HOME, NO_COLOR: '1' },
  });
  const spawns = readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Spawn);
  return { spawns, status: r.status, stdout: r.stdout };
}

describe('linting never executes the commands it checks', () => {
  it('the recorder sees spawns made through the ESM child_process import (control)', () => {
    const script = path.join(work, 'control.mjs');
    writeFileSync(script, "import { spawnSync, execFileSync } from 'node:child_process';\nspawnSync('true');\nexecFileSync('echo', ['hi']);\n");
    const { spawns } = recorded([script], 'control');
    expect(spawns.map((s) => s.command)).toEqual(['true', 'echo']);
  });

  it('spawns no process other than git while linting a file full of commands', () => {
    const before = readdirSync(FIXTURE).sort();
    const r = recorded([CLI, FIXTURE, '--format', 'json'], 'lint');
    // The lint ran and reached the command rules (it reports the typo and the wrong package manager).
    expect(r.status).toBe(1);
    expect(r.stdout).toContain('no-unknown-script');
    expect(r.stdout).toContain('no-wrong-package-manager');
    expect(r.spawns.filter((s) => path.basename(s.command) !== 'git')).toEqual([]);
    // And nothing ran behind the recorder's back: no marker file appeared.
    expect(readdirSync(FIXTURE).sort()).toEqual(before);
    expect(readdirSync(FIXTURE).some((f) => f.startsWith('EXECUTED'))).toBe(false);
    expect(existsSync(path.join(process.cwd(), 'EXECUTED-block'))).toBe(false);
  });
});
