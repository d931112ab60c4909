import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { cachedLint } from '../../src/engine/cache.js';
import { PROJECT, tempRepo } from './repo.js';

const codexHome = path.join(PROJECT, 'fixtures/codex-home/empty');

// The executable bit is file-system state no byte or mtime reflects: `chmod +x` must both clear the
// finding and invalidate a cached result that had it.
describe.runIf(process.platform !== 'win32')('executable bit of scripts run directly', () => {
  it('reports a 644 script, and stops after chmod +x even with --cache', async () => {
    const dir = tempRepo({
      'AGENTS.md': '# Dev\n\n```sh\n./scripts/dev.sh\n```\n',
      'scripts/dev.sh': '#!/bin/sh\necho dev\n',
    });
    const script = path.join(dir, 'scripts/dev.sh');
    fs.chmodSync(script, 0o644);
    const ids = (r: { diagnostics: { ruleId: string | null; messageId?: string | null; line: number }[] }) => r.diagnostics.map((d) => `${d.line} ${d.ruleId} ${d.messageId}`);
    expect(ids(await cachedLint({ cwd: dir, codexHome }, {}))).toEqual(['4 no-unknown-binary notExecutable']);
    fs.chmodSync(script, 0o755);
    expect(ids(await cachedLint({ cwd: dir, codexHome }, {}))).toEqual([]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
