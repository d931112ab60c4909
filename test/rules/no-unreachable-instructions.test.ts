import * as path from 'node:path';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import rule from '../../rules/no-unreachable-instructions.js';
import { runRule, testRule } from '../helpers/test-rule.js';
import { FIXTURES } from '../helpers/paths.js';

const F = 'rules/no-unreachable-instructions';
const at = (file: string) => ({ file, line: 1, column: 1, endLine: 1, endColumn: 1 });

testRule(rule, {
  valid: [
    // GEMINI.md in a repository without AGENTS.md (Codex not in use); documentation pages named agents.md or agent*.md.
    { fixture: `${F}/valid-other-hosts-and-pages`, name: 'another host only, and pages about agents' },
    { fixture: `${F}/valid-all-loaded`, name: 'every file loads; CLAUDE.md beside AGENTS.md and Copilot files are left alone' },
    { fixture: `${F}/valid-fallback-configured`, name: 'CLAUDE.md and AGENTS.local.md load as configured fallbacks' },
    // triggerdotdev/trigger.dev in miniature: packages/core/CLAUDE.md alone in its directory is loaded by
    // Claude Code, so it is no-host-divergence's finding ("never by codex"), not said again here. Files in
    // dot-directories (.agents/, .claude/) are hosts' own or sources of symlinks, in no working directory.
    { fixture: `${F}/valid-loaded-by-other-host`, name: "another host's file that a host in use loads, and files in dot-directories" },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-reasons`,
      errors: [
        // AGENTS.local.md and docs/agents.md are pages no agent loads on Linux, and docs/ is no
        // place agents are started: neither is reported. web/ is a package. legacy/CLAUDE.md is
        // loaded by Claude Code (in use by that very file): no-host-divergence reports it for Codex.
        { ...at('guides/AGENTS.md'), messageId: 'notAFile', data: { file: 'guides/AGENTS.md', what: 'a directory' } },
        { ...at('tools/AGENT.md'), messageId: 'agentMd', data: { file: 'tools/AGENT.md', expected: 'tools/AGENTS.md' } },
        { ...at('vendor/AGENTS.md'), messageId: 'notAFile', data: { file: 'vendor/AGENTS.md', what: 'a dangling symlink' } },
        { ...at('web/Agents.md'), messageId: 'caseVariant', data: { file: 'web/Agents.md', expected: 'AGENTS.md', others: '', count: 1 } },
      ],
    },
    {
      // Only Codex is in use (config "hosts": ["codex"]): no host loads packages/core/CLAUDE.md.
      fixture: `${F}/invalid-codex-only`,
      name: "another host's file alone in its directory, with no host in use that loads it",
      errors: [{ ...at('packages/core/CLAUDE.md'), messageId: 'otherHost', data: { file: 'packages/core/CLAUDE.md', name: 'CLAUDE.md', dir: 'packages/core' } }],
    },
    {
      fixture: `${F}/invalid-nested-root`,
      name: 'a nested root marker (.hg, configured) cuts the root AGENTS.md off for the cwds inside it',
      errors: [
        {
          ...at('AGENTS.md'),
          messageId: 'nestedRoot',
          data: { file: 'AGENTS.md', root: 'vendor/sdk', marker: 'vendor/sdk/.hg', count: 2, cwds: '2 working directories (vendor/sdk, vendor/sdk/examples)' },
        },
      ],
    },
  ],
});

describe('no-unreachable-instructions with real nested repositories', () => {
  it('names a nested .git directory and a submodule .git file, each with its cwds', async () => {
    const repo = mkdtempSync(path.join(tmpdir(), 'agents-lint-nested-'));
    const write = (rel: string, content: string) => {
      mkdirSync(path.dirname(path.join(repo, rel)), { recursive: true });
      writeFileSync(path.join(repo, rel), content);
    };
    try {
      write('.agents-lint.json', '{ "root": true }\n');
      write('AGENTS.md', '# Monorepo\n\nUse pnpm.\n');
      write('package.json', JSON.stringify({ name: 'acme', private: true, workspaces: ['libs/*'] }));
      write('libs/app/package.json', '{ "name": "app" }');
      write('libs/app/AGENTS.md', '# App\n\nRun the app with pnpm dev.\n');
      // An empty .git directory counts as a marker (docs/codex-discovery.md §1.2, issue #25651).
      mkdirSync(path.join(repo, 'libs/scratch/.git'), { recursive: true });
      write('libs/scratch/package.json', '{ "name": "scratch" }');
      // A submodule's .git is a file (issue #30789).
      write('libs/sdk/.git', 'gitdir: ../../.git/modules/libs/sdk\n');
      write('libs/sdk/package.json', '{ "name": "sdk" }');
      const diagnostics = await runRule(rule, { fixture: path.relative(FIXTURES, repo) });
      expect(diagnostics.map((d) => ({ file: d.file, messageId: d.messageId, data: d.data }))).toEqual([
        { file: 'AGENTS.md', messageId: 'nestedRoot', data: { file: 'AGENTS.md', root: 'libs/scratch', marker: 'libs/scratch/.git', count: 1, cwds: '1 working directory (libs/scratch)' } },
        { file: 'AGENTS.md', messageId: 'nestedRoot', data: { file: 'AGENTS.md', root: 'libs/sdk', marker: 'libs/sdk/.git', count: 1, cwds: '1 working directory (libs/sdk)' } },
      ]);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });
});
