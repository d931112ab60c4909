import type { LintContext } from '../engine/lint.js';

/** The resolved configuration as `--print-config` shows it. */
export function printableConfig(ctx: LintContext): Record<string, unknown> {
  const settings = ctx.discovery.settings('');
  return {
    root: ctx.root.root,
    rootFoundBy: ctx.root.kind,
    configFile: ctx.config.path,
    rules: Object.fromEntries([...ctx.rules.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([id, r]) => [id, [r.severity, r.options]])),
    ignores: ctx.config.config.ignores ?? [],
    cwds: ctx.config.config.cwds ?? [],
    codex: {
      trust: ctx.codex.trust,
      project_doc_max_bytes: settings.maxBytes,
      project_doc_fallback_filenames: settings.fallbackFilenames,
      project_root_markers: settings.rootMarkers,
      userInstructions: settings.userInstructions?.path ?? null,
    },
  };
}
