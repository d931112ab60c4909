import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { instructionKind } from '../../src/repo/instruction-names.js';
import type { Diagnostic } from '../../src/util/diagnostic.js';
import { asEslint } from '../eslint/fixture-cases.js';
import { OFFLINE, PROJECT, sh } from '../integration/repo.js';

// Issue 36, "done when": a fresh project with `eslint`, `@eslint/markdown`, `@eslint/json` and the packed agents-lint
// installs the plugin with the README's config, and `npx eslint .` reports on the demo monorepo
// exactly the CLI's findings. The install command and eslint.config.js are read from the README's
// section "In ESLint and your editor", so the README cannot drift from what the package does.
const README = fs.readFileSync(path.join(PROJECT, 'README.md'), 'utf8');
const SECTION = '## In ESLint and your editor';
const section = README.slice(README.indexOf(SECTION), README.indexOf('\n## ', README.indexOf(SECTION) + 1));

/** The body of the first fenced block of `lang` in the README's ESLint section. */
function block(lang: string): string {
  const open = section.indexOf('```' + lang + '\n');
  expect(open, `README's "${SECTION}" has a ${lang} block`).toBeGreaterThanOrEqual(0);
  const start = open + lang.length + 4;
  return section.slice(start, section.indexOf('\n```', start));
}

/** A finding, in either tool's JSON, as one comparable line: file, span, rule id, message. */
interface JsonResult {
  filePath: string;
  messages: { ruleId: string | null; message: string; line: number; column: number; endLine: number; endColumn: number }[];
}

const made: string[] = [];
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the README's ESLint setup, from the packed package", () => {
  it.skipIf(OFFLINE)("`npx eslint .` with the README's config reports on the demo monorepo exactly the CLI's findings, on its Markdown and JSON files (needs the npm registry; AGENTS_LINT_OFFLINE=1 skips)", () => {
    expect(section.length, `README has "${SECTION}"`).toBeGreaterThan(SECTION.length);
    const install = block('sh').trim().split(/\s+/);
    expect(install.slice(0, 3)).toEqual(['npm', 'install', '--save-dev']);
    expect(install).toContain('agents-lint');
    const config = block('js');
    const configName = /^\/\/ (\S+)/.exec(config)?.[1];
    // A name ESLint loads as ESM in any package: the project below is CommonJS, as npm init makes it.
    expect(configName).toBe('eslint.config.mjs');

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-readme-eslint-'));
    made.push(dir);
    // The checkout is built (dist/ is what ships); its prepare script would build again, so scripts are skipped.
    const packed = spawnSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: PROJECT, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = path.join(dir, (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename);

    // A fresh project holding a copy of the demo monorepo (its unreadable symlink loop included).
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "my-project", "private": true, "type": "commonjs" }\n');
    fs.cpSync(path.join(PROJECT, 'fixtures/demo-monorepo'), path.join(project, 'fixtures/demo-monorepo'), { recursive: true, verbatimSymlinks: true });

    // The README's install line, agents-lint being the tarball (the others come from npm's cache when it has them).
    const argv = install.map((a) => (a === 'agents-lint' ? tarball : a));
    const installed = sh(project, argv[0]!, [...argv.slice(1), '--prefer-offline', '--no-audit', '--no-fund']);
    expect(installed.status, installed.stderr + installed.stdout).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(Object.keys(manifest.devDependencies ?? {}).sort()).toEqual(['@eslint/json', '@eslint/markdown', 'agents-lint', 'eslint']);
    fs.writeFileSync(path.join(project, configName!), config + '\n');

    // `npx eslint .`: the project with the demo in it (node_modules is ESLint's default ignore).
    const eslint = sh(project, 'npx', ['--no-install', 'eslint', '--format', 'json', '.']);
    expect(eslint.stderr).toBe('');
    expect(eslint.status).toBe(1);
    const eslintResults = JSON.parse(eslint.stdout) as JsonResult[];
    const cli = sh(project, process.execPath, [path.join(project, 'node_modules/.bin/agents-lint'), 'fixtures/demo-monorepo', '--format', 'json']);
    expect(cli.status, cli.stderr).toBe(1);
    const cliResults = JSON.parse(cli.stdout) as JsonResult[];

    const rel = (file: string) => path.relative(project, file).split(path.sep).join('/');
    const byEslint = eslintResults.flatMap((r) => r.messages.map((m) => `${rel(r.filePath)} ${m.line}:${m.column}-${m.endLine}:${m.endColumn} ${m.ruleId} ${m.message}`)).sort();
    const linted = new Set(eslintResults.map((r) => rel(r.filePath)));
    const expected: string[] = [];
    const cliOnly = new Map<string, (string | null)[]>();
    for (const r of cliResults) {
      const file = rel(r.filePath);
      if (!linted.has(file)) {
        cliOnly.set(file, r.messages.map((m) => m.ruleId));
        continue;
      }
      // ESLint takes a byte order mark off the text: on line 1 of such a file its columns are one less.
      for (const m of r.messages) {
        const at = asEslint(m as Diagnostic, fs.readFileSync(r.filePath));
        expected.push(`${file} ${at.line}:${at.column}-${at.endLine}:${at.endColumn} agents-lint/${m.ruleId ?? 'engine'} ${m.message}`);
      }
    }
    expect(byEslint).toEqual(expected.sort());
    expect(byEslint.length).toBeGreaterThan(15);

    // The difference is exactly the instruction file ESLint cannot read, which the recommended
    // config leaves out and the CLI reports as unreadable; the findings on manifests and config
    // files (JSON) are ESLint's too.
    const readable = (file: string) => {
      try {
        fs.readFileSync(path.join(project, file));
        return true;
      } catch {
        return false;
      }
    };
    expect(cliOnly.size).toBeGreaterThan(0);
    for (const [f, ruleIds] of cliOnly) {
      expect(instructionKind(f.replace(/^fixtures\/demo-monorepo\//, '')), f).not.toBeNull();
      expect(readable(f), f).toBe(false);
      expect(ruleIds).toEqual(['no-unreadable-instructions']);
    }
    expect(expected.some((line) => line.split(' ')[0]!.endsWith('.json'))).toBe(true);
    // And the README says so, in the section the config comes from.
    expect(section).toMatch(/only the CLI shows is its finding on an\s+instruction file ESLint cannot read \(a symlink loop\)/);
  }, 120_000);
});
