import { describe, expect, it } from 'vitest';
import { instructionKind } from '../../src/repo/instruction-names.js';

describe('instructionKind', () => {
  const cases: [string, string[], string | null][] = [
    ['AGENTS.md', [], 'codex'],
    ['pkg/AGENTS.override.md', [], 'codex'],
    // Another case of AGENTS.md: only a case-insensitive disk hands it to Codex.
    ['agents.md', [], 'case-variant'],
    ['docs/Agents.override.md', [], 'case-variant'],
    // Amp's and Zed's name; other spellings are pages about agents that no host loads.
    ['pkg/AGENT.md', [], 'agents-variant'],
    ['docs/agent.md', [], null],
    ['docs/Agent.local.md', [], null],
    ['docs/agent-spec.md', [], null],
    ['references/AGENTS-CORE.md', [], null],
    ['docs/agents.md', ['agents.md'], 'agents-variant'],
    ['CLAUDE.md', [], 'other-host'],
    ['a/b/.cursorrules', [], 'other-host'],
    ['.github/copilot-instructions.md', [], 'other-host'],
    ['.github/instructions/ts.instructions.md', [], 'other-host'],
    ['web/.github/instructions/ts.instructions.md', [], 'other-host'],
    ['x.github/instructions/ts.instructions.md', [], null],
    ['.cursor/rules/style.mdc', [], 'other-host'],
    ['app/.cursor/rules/style.md', [], 'other-host'],
    ['.windsurf/rules/style.md', [], 'other-host'],
    ['app/.windsurf/rules/style.mdc', [], null],
    ['README.md', [], null],
    ['src/index.ts', [], null],
    ['AGENTS.md/', [], 'codex'],
    ['docs/TEAM_GUIDE.md', ['TEAM_GUIDE.md'], 'agents-variant'],
    ['TEAM_GUIDE.md', ['TEAM_GUIDE.md'], 'agents-variant'],
    ['docs/MY_TEAM_GUIDE.md', ['TEAM_GUIDE.md'], null],
    ['.agents', ['.agents'], 'agents-variant'],
    ['x/.agents', ['/.agents'], null],
  ];
  it.each(cases)('%s with fallbacks %j is %s', (rel, fallbacks, kind) => {
    expect(instructionKind(rel, fallbacks)).toBe(kind);
  });
});
