/**
 * The JSON files `configs.recommended` lints with @eslint/json, besides the instruction files: those
 * the engine reads for them and reports on. Manifests (package.json, lerna.json, turbo.json, nx.json,
 * project.json, deno.json(c): no-invalid-manifest, when one a rule needed does not parse), the
 * agents-lint config (.agents-lint.json, agents-lint.config.json: expired `ignores`, Codex settings
 * that no-unused-fallback reports), and the hosts' settings in JSON (Claude Code's, Gemini CLI's,
 * VS Code's, OpenCode's), which the engine parses as manifests: the JSON names among those the CLI
 * takes for a staged file that matters (src/engine/lint.ts, MANIFESTS and HOST_SETTINGS).
 * test/eslint/json-files.test.ts checks that every JSON file the engine reports on in the fixtures
 * is one of them.
 */
export const JSON_FILES: string[] = [
  '**/package.json',
  '**/lerna.json',
  '**/turbo.json',
  '**/nx.json',
  '**/project.json',
  '**/deno.json',
  '**/deno.jsonc',
  '**/.agents-lint.json',
  '**/agents-lint.config.json',
  '**/.claude/settings.json',
  '**/.claude/settings.local.json',
  '**/.gemini/settings.json',
  '**/.vscode/settings.json',
  '**/opencode.json',
  '**/opencode.jsonc',
];
