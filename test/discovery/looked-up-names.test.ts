import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { DISCOVERY_LOOKUP_NAMES } from '../../src/discovery/looked-up-names.js';
import { NAME_SCANS, RepoIndex } from '../../src/repo/repo-index.js';
import { rules } from '../../rules/index.js';
import { makeRepo, removeRepo } from '../helpers/temp-repo.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// The engine scans git's listing once for DISCOVERY_LOOKUP_NAMES (a run over the whole repository
// would otherwise build the index of every listed name on its first lookup by name). That pays only
// while the list holds every name the discovery rules ask for, and fits in one scan.

const root = makeRepo(
  {
    'package.json': '{ "workspaces": ["packages/*"] }\n',
    'AGENTS.md': '# Root\n\n- Run `npm test` before committing.\n',
    'CLAUDE.md': '@AGENTS.md\n',
    'GEMINI.md': '# Gemini\n\n@./AGENTS.md\n',
    '.codex/config.toml': 'project_doc_fallback_filenames = ["TEAM.md"]\n',
    'packages/a/package.json': '{ "name": "a" }\n',
    'packages/a/AGENTS.md': '# A\n\n- Use pnpm.\n',
    'packages/b/package.json': '{ "name": "b" }\n',
    'packages/b/project.json': '{ "name": "b" }\n',
    'packages/b/CLAUDE.local.md': '# Local\n',
    'crates/Cargo.toml': '[package]\nname = "c"\n',
    '.cursorrules': 'Use tabs.\n',
  },
  { git: true, config: false },
);
// Every rule that is not a discovery rule off: the run the benchmark's "discovery rules only" makes.
writeFileSync(path.join(root, '.agents-lint.json'), JSON.stringify({ root: true, rules: Object.fromEntries(rules.filter((r) => !r.meta.tags.includes('discovery')).map((r) => [r.id, 'off'])) }));
afterAll(() => removeRepo(root));
afterEach(() => vi.restoreAllMocks());

describe('the names the discovery layer looks files up by', () => {
  it('fit in one scan of the listing', () => {
    expect(DISCOVERY_LOOKUP_NAMES.length).toBeGreaterThan(1);
    expect(DISCOVERY_LOOKUP_NAMES.length).toBeLessThanOrEqual(NAME_SCANS);
    expect(new Set(DISCOVERY_LOOKUP_NAMES).size).toBe(DISCOVERY_LOOKUP_NAMES.length);
  });

  it('are every name a run of the discovery rules asks for, over the repository and on one file', async () => {
    const asked = new Set<string>();
    const filesNamed = RepoIndex.prototype.filesNamed;
    vi.spyOn(RepoIndex.prototype, 'filesNamed').mockImplementation(function (this: RepoIndex, base: string) {
      asked.add(base);
      return filesNamed.call(this, base);
    });
    const whole = await lint({ paths: [root], cwd: root, codexHome: EMPTY_CODEX_HOME });
    // The run did simulate the hosts whose files the repository holds (Claude Code's import, say).
    expect(whole.diagnostics.map((d) => d.ruleId)).toContain('no-host-divergence');
    await lint({ paths: [path.join(root, 'packages/a/AGENTS.md')], cwd: root, codexHome: EMPTY_CODEX_HOME });
    expect(asked.size).toBeGreaterThan(3);
    // TEAM.md, a fallback name of the project's .codex/config.toml, is known only once that file is
    // read (no-unused-fallback then looks it up): the one name the list cannot hold.
    expect([...asked].filter((name) => !DISCOVERY_LOOKUP_NAMES.includes(name))).toEqual(['TEAM.md']);
  });
});
