import { TASKFILE_NAMES } from '../shell/runners/task.js';

/**
 * The TOML and YAML files `configs.recommended` lints with the plugin's own `agents-lint/text`
 * language (text-language.ts), as no official ESLint language reads them: those the engine parses
 * for the instruction files' commands and discovery, and so reports on (no-invalid-manifest when
 * one does not parse, no-unused-fallback on Codex's settings). Codex's project settings
 * (src/discovery/view.ts), Cargo's, Python's and tox's manifests (src/shell/runners/cargo.ts,
 * python.ts, tox.ts), pnpm's workspace file (src/repo/workspaces.ts) and Task's files by their
 * default names (src/shell/runners/task.ts). A Taskfile that another one includes under a name of
 * its own is linted through reached.ts, as any manifest the engine parsed. test/eslint/text-files.test.ts
 * checks that every TOML and YAML file the engine reports on in the fixtures is one of them.
 */
export const TEXT_FILES: string[] = [
  '**/.codex/config.toml',
  '**/Cargo.toml',
  '**/pyproject.toml',
  '**/tox.toml',
  '**/pnpm-workspace.yaml',
  ...TASKFILE_NAMES.map((name) => `**/${name}`),
];
