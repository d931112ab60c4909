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

/**
 * `eslint .` with configs.recommended on a fixture repository, next to the CLI's JSON output on it:
 * ESLint's findings and the CLI's on the files ESLint lints (one line each, sorted), the files ESLint
 * lints, and the files the CLI reports on that ESLint does not lint.
 */
async function compare(root: string): Promise<{ byEslint: string[]; byCli: string[]; linted: Set<string>; elsewhere: string[]; cli: CliResult[] }> {
  const run = spawnSync(process.execPath, [CLI, root, '--format', 'json'], { encoding: 'utf8', env: { ...process.env, CODEX_HOME: EMPTY_CODEX_HOME } });
  expect(run.status, run.stderr).toBe(1);
  const cli = JSON.parse(run.stdout) as CliResult[];
  const eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: plugin.configs.recommended });
  const results = await eslint.lintFiles(['.']);
  const byEslint = results.flatMap((r) => r.messages.map((m) => `${path.relative(root, r.filePath)} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.message}`)).sort();
  const linted = new Set(results.map((r) => path.relative(root, r.filePath).split(path.sep).join('/')));
  const byCli: string[] = [];
  const elsewhere = new Set<string>();
  for (const r of cli) {
    const rel = path.relative(root, r.filePath).split(path.sep).join('/');
    if (!linted.has(rel)) {
      elsewhere.add(rel);
      continue;
    }
    for (const m of r.messages) {
      const at = asEslint({ ...m, file: rel } as Diagnostic, fs.readFileSync(path.join(root, rel)));
      byCli.push(`${rel} ${at.line}:${at.column}-${at.endLine}:${at.endColumn} agents-lint/${m.ruleId ?? 'engine'} ${m.message}`);
    }
  }
  return { byEslint, byCli: byCli.sort(), linted, elsewhere: [...elsewhere], cli };
}

describe('ESLint on the demo monorepo', () => {
  it("reports exactly the CLI's findings on every file it lints (same lines, columns, rule ids, messages)", async () => {
    // ESLint stops the whole run at a file it cannot read (its own readFile throws): the demo has an
    // instruction file that is a symlink loop, which the recommended config leaves out by itself.
    const listed = fs.readdirSync(demo, { recursive: true, encoding: 'utf8' }).map((rel) => rel.split(path.sep).join('/'));
    const unreadable: string[] = [];
    for (const rel of listed) if (instructionKind(rel) !== null && !(await eslintLints(demo, rel))) unreadable.push(rel);
    expect(unreadable).toEqual(['packages/legacy/src/AGENTS.md']);
    const { byEslint, byCli, linted, elsewhere, cli } = await compare(demo);
    expect(byEslint).toEqual(byCli);
    expect(byEslint.length).toBeGreaterThan(15);
    // What ESLint cannot show: the file it cannot read, which the CLI reports as unreadable. The
    // demo's manifests and config file are JSON, which ESLint lints with @eslint/json.
    expect(elsewhere).toEqual(unreadable);
    expect(linted.has('packages/legacy/src/AGENTS.md')).toBe(false);
    const onUnreadable = cli.find((r) => r.filePath === path.join(demo, 'packages/legacy/src/AGENTS.md'))?.messages.map((m) => m.ruleId);
    expect(onUnreadable).toEqual(['no-unreadable-instructions']);
    // Among them, the CLI's findings on JSON files (the demo's: a manifest that does not parse, a Codex setting in its config file).
    expect(byEslint.filter((line) => lintedAsJson(line.split(' ')[0]!)).length).toBeGreaterThan(0);
  });
});

describe('ESLint on files an instruction file reaches under names of their own (src/eslint/reached.ts)', () => {
  it("lints a Codex fallback file, an imported Markdown file, an included Taskfile and one run with `task -t` with the CLI's findings, and no other Markdown or YAML file", async () => {
    const root = path.join(FIXTURES, 'eslint', 'reached-files');
    const { byEslint, byCli, linted, elsewhere } = await compare(root);
    expect(elsewhere).toEqual([]);
    expect(byEslint).toEqual(byCli);
    expect(byEslint.map((line) => line.split(' ').slice(0, 3).join(' '))).toEqual([
      'CONVENTIONS.md 3:24-3:39 agents-lint/no-missing-path',
      'ci/release.yml 4:1-4:1 agents-lint/no-invalid-manifest',
      'docs/style.md 3:42-3:54 agents-lint/no-broken-import',
      'docs/tasks.yml 5:1-5:1 agents-lint/no-invalid-manifest',
    ]);
    // A Markdown page no instruction file imports is documentation, not instructions: ESLint leaves it alone.
    expect([...linted].sort()).toEqual(['.agents-lint.json', 'CLAUDE.md', 'CONVENTIONS.md', 'Taskfile.yml', 'ci/release.yml', 'docs/style.md', 'docs/tasks.yml']);
  });

  it("reports a broken import inside an imported file as the CLI does, at every depth (no-broken-import's fixture)", async () => {
    const { byEslint, byCli, elsewhere } = await compare(path.join(FIXTURES, 'rules', 'no-broken-import', 'invalid-imports'));
    expect(elsewhere).toEqual([]);
    expect(byEslint).toEqual(byCli);
    expect(byEslint.filter((line) => !line.startsWith('CLAUDE.md ')).map((line) => line.split(' ')[0])).toEqual(['deep/d4.md', 'docs/b.md']);
  });
});
