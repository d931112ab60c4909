import rule, { mergedDivergence } from '../../rules/no-host-divergence.js';
import { describe, expect, it } from 'vitest';
import { runRule, testRule } from '../helpers/test-rule.js';

const F = 'rules/no-host-divergence';
const at = { line: 1, column: 1, endLine: 1, endColumn: 1 };
const claudeFix = (file: string) => `move its instructions into the AGENTS.md beside it and make ${file} a symlink to that AGENTS.md, or a file holding only "@AGENTS.md"`;

testRule(rule, {
  valid: [
    // A CLAUDE.md that points at AGENTS.md ("See @AGENTS.md"), and copies that differ only in a heading or a fence's tag.
    { fixture: `${F}/valid-pointer-and-copies`, name: 'a pointer CLAUDE.md and copies that differ only in a heading or a fence tag' },
    // .vscode/settings.json with formatter settings only: VS Code Copilot is not assumed in use.
    { fixture: `${F}/valid-vscode-formatters`, name: 'VS Code settings without Copilot keys' },
    // A symlinked CLAUDE.md carries AGENTS.md's text (Claude Code's Dcr de-duplication, docs/hosts.md §4.5).
    // A short CLAUDE.md saying "Read [./AGENTS.md](./AGENTS.md) at the start of every session": Claude Code reads what Codex reads.
    { fixture: `${F}/valid-link-pointer`, name: 'a short CLAUDE.md that links to the AGENTS.md beside it and says to read it' },
    // oxc in miniature: VS Code Copilot in use only through .github/copilot-instructions.md; it reads no nested file
    // without chat.useNestedAgentsMdFiles, so apps/fmt/AGENTS.md (read by every other host) is not reported for it.
    { fixture: `${F}/valid-vscode-nested`, name: 'a nested AGENTS.md that only VS Code misses, with chat.useNestedAgentsMdFiles off' },
    { fixture: `${F}/valid-symlink`, name: 'CLAUDE.md is a symlink to AGENTS.md' },
    // A root CLAUDE.md symlink and an apps/web/CLAUDE.md importing its AGENTS.md (inside that cwd);
    // Gemini reads AGENTS.md via context.fileName.
    { fixture: `${F}/valid-import`, name: 'CLAUDE.md symlinked or importing the AGENTS.md beside it, four hosts' },
    // nrwl/nx-console's .cursor/AGENTS.md (Cursor Cloud's setup note) and Effect-TS/effect's .agents/AGENTS.md
    // (the source of a root symlink) in miniature: a dot-directory is a host's config directory, not a
    // working directory, so no host is said to load them there ("in 1 working directory (.cursor)").
    { fixture: `${F}/valid-config-dirs`, name: 'AGENTS.md files inside .cursor and .agents, where nobody starts an agent' },
  ],
  invalid: [
    {
      // A CLAUDE.md that links to AGENTS.md but then holds 40 conventions of its own (over 40 lines): not a pointer file.
      fixture: `${F}/invalid-long-pointer`,
      name: 'a long CLAUDE.md that also links to AGENTS.md',
      errors: [
        { file: 'CLAUDE.md', ...at, messageId: 'unreachableForHost', data: { file: 'CLAUDE.md', host: 'codex', loadedBy: 'claude-code', cwds: '1 working directory (.)', instead: 'AGENTS.md', fix: claudeFix('CLAUDE.md') } },
      ],
    },
    {
      fixture: `${F}/invalid-mobile`,
      name: 'apps/mobile has a CLAUDE.md that differs from its AGENTS.md: the pair is one finding, on CLAUDE.md',
      errors: [
        {
          file: 'AGENTS.md',
          ...at,
          messageId: 'shadowedForHost',
          data: { file: 'AGENTS.md', host: 'claude-code', loadedBy: 'codex', cwds: '1 working directory (apps/mobile)', instead: 'apps/mobile/CLAUDE.md', fix: 'add a line "@../../AGENTS.md" to apps/mobile/CLAUDE.md (Claude Code asks once to approve an import from outside the working directory)' },
        },
        {
          file: 'apps/mobile/CLAUDE.md',
          ...at,
          messageId: 'unreachableForHost',
          data: { file: 'apps/mobile/CLAUDE.md', host: 'codex', loadedBy: 'claude-code', cwds: '1 working directory (apps/mobile)', instead: 'AGENTS.md, apps/mobile/AGENTS.md', fix: claudeFix('apps/mobile/CLAUDE.md') },
        },
      ],
    },
    {
      fixture: `${F}/invalid-root-claude`,
      // The root AGENTS.md behind the import from packages/a is no-broken-import's finding, not repeated here.
      name: 'a root CLAUDE.md that imports AGENTS.md still hides packages/a/AGENTS.md from Claude Code',
      errors: [
        {
          file: 'packages/a/AGENTS.md',
          ...at,
          messageId: 'shadowedForHost',
          data: {
            file: 'packages/a/AGENTS.md',
            host: 'claude-code',
            loadedBy: 'codex',
            cwds: '1 working directory (packages/a)',
            instead: 'CLAUDE.md',
            fix: 'create packages/a/CLAUDE.md holding only "@AGENTS.md" (or a symlink to AGENTS.md): CLAUDE.md turns Claude Code\'s AGENTS.md fallback off for this directory',
          },
        },
      ],
    },
    {
      // Codex has CLAUDE.md as a fallback name, so the AGENTS.md beside it shadows it: with AGENTS.md
      // gone Codex would load it. Codex is simulated again with the files it loads instead hidden, as
      // every other host is (it was once asked of the unhidden run, which reported "never by codex").
      fixture: `${F}/invalid-codex-fallback`,
      name: 'a CLAUDE.md Codex would read as a fallback is shadowed for Codex by the AGENTS.md beside it',
      errors: [
        {
          file: 'CLAUDE.md',
          ...at,
          messageId: 'shadowedForHost',
          data: { file: 'CLAUDE.md', host: 'codex', loadedBy: 'claude-code', cwds: '1 working directory (.)', instead: 'AGENTS.md', fix: claudeFix('CLAUDE.md') },
        },
      ],
    },
    {
      // VS Code Copilot is in use by its own settings key and loads the root CLAUDE.md that Codex
      // misses. It also misses the package's AGENTS.md, as it misses every nested file without
      // `chat.useNestedAgentsMdFiles`: a setting, not a file, fixes that, so that finding names Claude
      // Code only (and no longer appends the generic fix). The root AGENTS.md that Claude Code
      // reaches only through CLAUDE.md's import is no-broken-import's finding.
      fixture: `${F}/invalid-two-hosts`,
      name: 'one finding per file; VS Code missing a nested file (a setting fixes that) is not named',
      errors: [
        {
          file: 'CLAUDE.md',
          ...at,
          messageId: 'unreachableForHost',
          data: { file: 'CLAUDE.md', host: 'codex', loadedBy: 'claude-code, copilot-vscode', cwds: '2 working directories (., packages/a)', instead: 'packages/a/AGENTS.md', fix: claudeFix('CLAUDE.md') },
        },
        {
          file: 'packages/a/AGENTS.md',
          ...at,
          messageId: 'shadowedForHost',
          data: {
            file: 'packages/a/AGENTS.md',
            host: 'claude-code',
            loadedBy: 'codex',
            cwds: '1 working directory (packages/a)',
            instead: 'CLAUDE.md',
            fix: 'create packages/a/CLAUDE.md holding only "@AGENTS.md" (or a symlink to AGENTS.md): CLAUDE.md turns Claude Code\'s AGENTS.md fallback off for this directory',
          },
        },
      ],
    },
    {
      // triggerdotdev/trigger.dev in miniature: a package's CLAUDE.md alone in its directory. Codex is
      // named here (it was left to no-unreachable-instructions, which said the same fact again). The
      // root CLAUDE.md is a symlink to AGENTS.md: Codex reads nothing that Claude Code does not.
      fixture: `${F}/invalid-nested-claude`,
      name: "a nested CLAUDE.md with no AGENTS.md beside it, and .claude/CLAUDE.md: Codex misses them, reported here only",
      errors: [
        // .claude/CLAUDE.md, read by Claude Code from the root, belongs to the root: its AGENTS.md is there.
        {
          file: '.claude/CLAUDE.md',
          ...at,
          messageId: 'unreachableForHost',
          data: {
            file: '.claude/CLAUDE.md',
            host: 'codex',
            loadedBy: 'claude-code',
            cwds: '2 working directories (., packages/core)',
            instead: '',
            fix: 'move its instructions into AGENTS.md and make .claude/CLAUDE.md a symlink to ../AGENTS.md, or a file holding only "@../AGENTS.md"',
          },
        },
        {
          file: 'packages/core/CLAUDE.md',
          ...at,
          messageId: 'unreachableForHost',
          data: { file: 'packages/core/CLAUDE.md', host: 'codex', loadedBy: 'claude-code', cwds: '1 working directory (packages/core)', instead: '', fix: claudeFix('packages/core/CLAUDE.md') },
        },
      ],
    },
    {
      fixture: `${F}/invalid-opencode`,
      name: 'OpenCode V1: the root AGENTS.md wins for the whole path and hides pkg/CLAUDE.md (config key "hosts")',
      errors: [
        {
          file: 'AGENTS.md',
          ...at,
          messageId: 'shadowedForHost',
          data: { file: 'AGENTS.md', host: 'claude-code', loadedBy: 'codex, opencode', cwds: '1 working directory (pkg)', instead: 'pkg/CLAUDE.md', fix: 'add a line "@../AGENTS.md" to pkg/CLAUDE.md (Claude Code asks once to approve an import from outside the working directory)' },
        },
        // Codex never loads pkg/CLAUDE.md (pkg has no AGENTS.md) and OpenCode skips it for the root
        // AGENTS.md: one finding names both (Codex was once left to no-unreachable-instructions).
        {
          file: 'pkg/CLAUDE.md',
          ...at,
          messageId: 'shadowedForHost',
          data: { file: 'pkg/CLAUDE.md', host: 'codex, opencode', loadedBy: 'claude-code', cwds: '1 working directory (pkg)', instead: 'AGENTS.md', fix: claudeFix('pkg/CLAUDE.md') },
        },
      ],
    },
    {
      fixture: `${F}/invalid-gemini-legacy-key`,
      name: 'Gemini CLI ignores the V1 top-level "contextFileName": the fix says to move it',
      errors: [
        {
          file: 'AGENTS.md',
          ...at,
          messageId: 'unreachableForHost',
          data: {
            file: 'AGENTS.md',
            host: 'gemini-cli',
            loadedBy: 'codex',
            cwds: '1 working directory (.)',
            instead: '',
            fix: 'move "contextFileName" in .gemini/settings.json into "context": { "fileName": ["AGENTS.md"] } (Gemini CLI ignores the old top-level key; it then reads AGENTS.md beside GEMINI.md)',
          },
        },
      ],
    },
  ],
});

describe('no-host-divergence messages', () => {
  it('say "read" after several hosts and "reads" after one', async () => {
    const messages = (await runRule(rule, { fixture: `${F}/invalid-opencode` })).map((d) => d.message);
    expect(messages.some((m) => m.includes('codex, opencode read AGENTS.md instead'))).toBe(true);
    expect(messages.some((m) => m.includes('claude-code reads pkg/CLAUDE.md instead'))).toBe(true);
  });
});

describe('no-host-divergence on many packages', () => {
  it('names the first five files a host reads instead, counts the rest, and relates only those five', async () => {
    const diagnostics = await runRule(rule, { fixture: `${F}/invalid-many-packages` });
    // Every package's AGENTS.md is missed by Claude Code (the root CLAUDE.md turns its fallback off).
    // The root AGENTS.md and CLAUDE.md, each missed by the other's host, are one finding, on CLAUDE.md.
    expect(diagnostics.filter((d) => d.messageId === 'shadowedForHost').map((d) => d.file)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `packages/p${i}/AGENTS.md`));
    const claude = diagnostics.find((d) => d.file === 'CLAUDE.md');
    const shown = ['AGENTS.md', 'packages/p1/AGENTS.md', 'packages/p2/AGENTS.md', 'packages/p3/AGENTS.md', 'packages/p4/AGENTS.md'];
    expect(claude?.messageId).toBe('unreachableForHost');
    expect(claude?.data?.['instead']).toBe(`${shown.join(', ')} and 3 more files`);
    expect(claude?.message).toContain(`(codex reads ${shown.join(', ')} and 3 more files there)`);
    expect(claude?.related?.map((r) => r.file)).toEqual(shown);
  });
});

describe('mergedDivergence', () => {
  it('names a host that misses the file in some working directories as missing only, not also as loading it', () => {
    const base = { file: 'AGENTS.md', instead: [], shadowed: false, importRef: null };
    const merged = mergedDivergence([
      { ...base, host: 'claude-code', loadedBy: ['codex', 'gemini-cli'], cwds: ['b'] },
      { ...base, host: 'gemini-cli', loadedBy: ['codex', 'claude-code'], cwds: ['a'] },
    ]);
    expect([merged.host, merged.loadedBy, merged.cwds]).toEqual(['claude-code, gemini-cli', ['codex'], ['a', 'b']]);
  });
});
