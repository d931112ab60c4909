/**
 * The files `configs.recommended` applies to: every name the engine takes for an instruction file
 * (src/repo/instruction-names.ts, instructionKind), as ESLint globs. AGENTS.md and AGENTS.override.md
 * are matched in any case, as the engine matches them: a case variant such as `Agents.md` is loaded
 * only on a case-insensitive disk, which no-unreachable-instructions reports. Codex's configured
 * fallback names (`project_doc_fallback_filenames`) vary by repository: the engine names those files
 * (reached.ts). test/eslint/files.test.ts checks these against instructionKind.
 */
export const INSTRUCTION_FILES: string[] = [
  '**/[Aa][Gg][Ee][Nn][Tt][Ss].[Mm][Dd]',
  '**/[Aa][Gg][Ee][Nn][Tt][Ss].[Oo][Vv][Ee][Rr][Rr][Ii][Dd][Ee].[Mm][Dd]',
  '**/AGENT.md',
  '**/CLAUDE.md',
  '**/CLAUDE.local.md',
  '**/GEMINI.md',
  '**/copilot-instructions.md',
  '**/.cursorrules',
  '**/.windsurfrules',
  '**/.clinerules',
  '**/.goosehints',
  '**/.github/instructions/*.instructions.md',
  '**/.cursor/rules/*.md',
  '**/.cursor/rules/*.mdc',
  '**/.windsurf/rules/*.md',
];
