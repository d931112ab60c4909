import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { lint } from '../../src/engine/lint.js';
import type { Diagnostic } from '../../src/kit/types.js';
import { PROJECT } from './repo.js';

// A one-file run (lint-staged) shows repo rules only the chains the file is part of; what it
// reports on that file must be exactly what a full run reports on it, and it must not invent
// findings on the chain-mates it also covers.
const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');
const key = (d: Diagnostic) => JSON.stringify([d.file, d.line, d.column, d.endLine, d.endColumn, d.ruleId, d.messageId, d.message]);

async function expectStagedMatchesFull(dir: string, pick: (files: string[]) => string[]) {
  const full = await lint({ cwd: dir, codexHome });
  const all = new Set(full.diagnostics.map(key));
  const targets = pick(full.files);
  expect(targets.length).toBeGreaterThan(0);
  for (const file of targets) {
    const staged = await lint({ cwd: dir, codexHome, paths: [path.join(dir, file)] });
    expect(staged.files, file).toContain(file);
    const onFile = (ds: Diagnostic[]) => ds.filter((d) => d.file === file).map(key).sort();
    expect(onFile(staged.diagnostics), file).toEqual(onFile(full.diagnostics));
    expect(staged.diagnostics.map(key).filter((k) => !all.has(k)), file).toEqual([]);
  }
}

describe('a directory target gives the same findings under it as a full run', () => {
  it('on every directory of the demo monorepo that holds an instruction file', async () => {
    const demo = path.join(PROJECT, 'fixtures/demo-monorepo');
    const full = await lint({ cwd: demo, codexHome });
    const dirs = [...new Set(full.files.map((f) => path.posix.dirname(f)).filter((d) => d !== '.'))];
    expect(dirs.length).toBeGreaterThan(3);
    for (const dir of dirs) {
      const under = (ds: Diagnostic[]) => ds.filter((d) => d.file.startsWith(`${dir}/`)).map(key).sort();
      const scoped = await lint({ cwd: demo, codexHome, paths: [path.join(demo, dir)] });
      expect(scoped.diagnostics.map(key).sort(), dir).toEqual(under(full.diagnostics));
    }
  }, 120_000);
});

describe('one staged file gives the same findings as a full run', () => {
  it('on every instruction file of the demo monorepo', async () => {
    const demo = path.join(PROJECT, 'fixtures/demo-monorepo');
    await expectStagedMatchesFull(demo, (files) => files);
  }, 120_000);

  it('on a generated monorepo (bench/make-workload.mjs)', async () => {
    const dir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-staged-')), 'repo');
    execFileSync(process.execPath, [path.join(PROJECT, 'bench', 'make-workload.mjs'), dir, '--packages', '40', '--agents', '12'], { stdio: 'ignore' });
    // The root file, a package file, and whatever else sits deepest: chains of every length.
    await expectStagedMatchesFull(dir, (files) => [...new Set([files[0]!, files[1]!, files[files.length - 1]!])]);
  }, 120_000);
});
