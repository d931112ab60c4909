import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { CLI, EMPTY_CODEX_HOME, FIXTURES } from '../helpers/paths.js';
import { ESLint, plugin } from './eslint-under-test.js';
import { asEslint, eslintLints, lintedAsJson } from './fixture-cases.js';
import type { Diagnostic } from '../../src/util/diagnostic.js';
import { instructionKind } from '../../src/repo/instruction-names.js';

process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;
const demo = path.join(FIXTURES, 'demo-monorepo');

interface CliResult {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number; column: number; endLine: number; endColumn: number }[];
}

describe('ESLint on the demo monorepo', () => {
  it("reports exactly the CLI's findings on every file it lints (same lines, columns, rule ids, messages)", async () => {
    const cli = spawnSync(process.execPath, [CLI, demo, '--format', 'json'], { encoding: 'utf8', env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME } });
    expect(cli.status, cli.stderr).toBe(1);
    const cliResults = JSON.parse(cli.stdout) as CliResult[];

    // ESLint stops the whole run at a file it cannot read (its own readFile throws): the demo has an
    // instruction file that is a symlink loop, which the recommended config leaves out by itself.
    const listed = fs.readdirSync(demo, { recursive: true, encoding: 'utf8' }).map((rel) => rel.split(path.sep).join('/'));
    const unreadable = listed.filter((rel) => instructionKind(rel) !== null && !eslintLints(demo, rel));
    expect(unreadable).toEqual(['packages/legacy/src/AGENTS.md']);
    const eslint = new ESLint({ cwd: demo, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
    const results = await eslint.lintFiles(['.']);
    const byEslint = results.flatMap((r) => r.messages.map((m) => `${path.relative(demo, r.filePath)} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.message}`)).sort();

    const linted = new Set(results.map((r) => path.relative(demo, r.filePath).split(path.sep).join('/')));
    const expected: string[] = [];
    const elsewhere: string[] = [];
    for (const r of cliResults) {
      const rel = path.relative(demo, r.filePath).split(path.sep).join('/');
      for (const m of r.messages) {
        if (!linted.has(rel)) {
          elsewhere.push(rel);
          continue;
        }
        const at = asEslint({ ...m, file: rel } as Diagnostic, fs.readFileSync(path.join(demo, rel)));
        expected.push(`${rel} ${at.line}:${at.column}-${at.endLine}:${at.endColumn} agents-lint/${m.ruleId ?? 'engine'} ${m.message}`);
      }
    }
    expect(byEslint).toEqual(expected.sort());
    expect(byEslint.length).toBeGreaterThan(15);
    // What ESLint cannot show: the file it cannot read, which the CLI reports as unreadable. The
    // demo's manifests and config file are JSON, which ESLint lints with @eslint/json.
    expect([...new Set(elsewhere)]).toEqual(unreadable);
    expect(linted.has('packages/legacy/src/AGENTS.md')).toBe(false);
    const onUnreadable = cliResults.find((r) => r.filePath === path.join(demo, 'packages/legacy/src/AGENTS.md'))?.messages.map((m) => m.ruleId);
    expect(onUnreadable).toEqual(['no-unreadable-instructions']);
    // Among them, the CLI's findings on JSON files (the demo's: a manifest that does not parse, a Codex setting in its config file).
    expect(byEslint.filter((line) => lintedAsJson(line.split(' ')[0]!)).length).toBeGreaterThan(0);
  });
});
