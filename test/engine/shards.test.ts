import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { lint, prepare } from '../../src/engine/lint.js';
import { SHARD_WORKER_ENTRY, startShards } from '../../src/engine/shards.js';
import { runFileRules } from '../../src/engine/file-rules.js';
import { InstructionFile } from '../../src/markdown/instruction-file.js';
import { loadMarkdownParser } from '../../src/markdown/parser-loader.js';
import { toWire, type WireFinding } from '../../src/engine/report.js';
import { EMPTY_CODEX_HOME, FIXTURES, PROJECT_ROOT } from '../helpers/paths.js';
import { runCli, tempRepo } from '../integration/repo.js';

// Workers run compiled JavaScript: the build's copy of the same modules (npm test builds first).
const BUILT_ENTRY = path.join(PROJECT_ROOT, 'dist/src/engine/shard-worker-entry.js');
const slot = globalThis as Record<symbol, unknown>;
const DEMO = path.join(FIXTURES, 'demo-monorepo');

beforeAll(() => {
  expect(fs.existsSync(BUILT_ENTRY)).toBe(true);
});
afterEach(() => {
  delete slot[SHARD_WORKER_ENTRY];
});

describe('lint workers (shards)', () => {
  it('a worker that takes every file reports exactly what this thread reports for them, with their statements', async () => {
    slot[SHARD_WORKER_ENTRY] = BUILT_ENTRY;
    const options = { paths: [DEMO], codexHome: EMPTY_CODEX_HOME, workers: 1 };
    const ctx = prepare(options);
    // As the engine does for rules that read trees (no-broken-link parses the files it links to).
    const parseMarkdown = await loadMarkdownParser();
    const paths = ctx.repo.instructionFiles().map((f) => f.path).filter((p) => !(ctx.repo.bytes(p) instanceof Error));
    const open = (p: string) => new InstructionFile({ path: p, absPath: ctx.repo.abs(p), kind: ctx.repo.instructionFiles().find((f) => f.path === p)!.kind, bytes: ctx.repo.bytes(p) as Uint8Array, parse: parseMarkdown });
    const files = paths.map(open);
    const shards = startShards(options, { root: ctx.repo.root, listing: ctx.repo.listing.files, files: paths, keepStatements: true });
    expect(shards).not.toBeNull();
    // This thread claims nothing: the worker lints all of them.
    const { outcomes } = await shards!.finish();
    expect(outcomes.map((o) => o.index).sort((a, b) => a - b)).toEqual(paths.map((_, i) => i));

    const fileRules = [...ctx.rules.values()].filter((r) => r.severity !== 'off' && r.rule.meta.scope === 'file');
    for (const outcome of outcomes) {
      const here = open(paths[outcome.index]!);
      for (const { rule } of fileRules) await rule.meta.prepare?.([here]);
      const expected: WireFinding[] = [];
      runFileRules(here, { rules: fileRules, repo: ctx.repo, discovery: ctx.discovery, fileFor: (p) => (p === here.path ? here : files.find((f) => f.path === p)), sink: (f) => expected.push(toWire(f)), unprepared: new Map() });
      expect(outcome.findings).toEqual(expected);
      expect(outcome.statements).toEqual(here.statements());
      expect(outcome.parseProblem).toBe(here.parseProblem);
    }
    // The demo has findings from file rules: the comparison above is not of empty lists.
    expect(outcomes.reduce((n, o) => n + o.findings.length, 0)).toBeGreaterThan(5);
  });

  it('a worker that fails leaves its files to this thread: the result is complete and unchanged', async () => {
    const broken = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-shard-')), 'broken.mjs');
    fs.writeFileSync(broken, "throw new Error('worker start-up failed');\n");
    slot[SHARD_WORKER_ENTRY] = broken;
    const withBrokenWorker = await lint({ paths: [DEMO], codexHome: EMPTY_CODEX_HOME, workers: 1 });
    delete slot[SHARD_WORKER_ENTRY];
    const serial = await lint({ paths: [DEMO], codexHome: EMPTY_CODEX_HOME, workers: 0 });
    expect(withBrokenWorker.diagnostics).toEqual(serial.diagnostics);
    expect(serial.diagnostics.length).toBeGreaterThan(20);
  });

  it('the CLI gives the same report and exit code with workers as without (AGENTS_LINT_WORKERS)', () => {
    const files: Record<string, string> = { 'package.json': '{ "name": "many", "scripts": { "build": "tsc" } }\n' };
    for (let i = 0; i < 120; i++) {
      files[`packages/p${i}/package.json`] = `{ "name": "p${i}", "scripts": { "test": "vitest" } }\n`;
      files[`packages/p${i}/AGENTS.md`] = `# p${i}\n\n- Run \`npm run build\` and \`npm run lint\`.\n- Follow best practices.\n- See [the guide](docs/guide.md) and \`src/missing${i}.ts\`.\n`;
    }
    const dir = tempRepo(files);
    for (const cwd of [dir, DEMO]) {
      const serial = runCli(cwd, ['--format', 'json'], { AGENTS_LINT_WORKERS: '0' });
      const parallel = runCli(cwd, ['--format', 'json'], { AGENTS_LINT_WORKERS: '2' });
      expect(parallel.stderr).toBe('');
      expect(parallel.status).toBe(serial.status);
      expect(parallel.stdout).toBe(serial.stdout);
      expect(JSON.parse(serial.stdout).length).toBeGreaterThan(5);
    }
    const bad = runCli(dir, ['--format', 'json'], { AGENTS_LINT_WORKERS: 'many' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('AGENTS_LINT_WORKERS must be a whole number');
  });
});
