import { z } from 'zod';

export const SEVERITIES = ['off', 'warn', 'error'] as const;
export const severitySchema = z.enum(SEVERITIES);

/** A rule entry: a severity, or [severity, options] (options checked by the rule's own schema). */
export const ruleEntrySchema = z.union([severitySchema, z.tuple([severitySchema]), z.tuple([severitySchema, z.unknown()])]);

export const ignoreEntrySchema = z.union([
  z.string(),
  z.strictObject({
    files: z.union([z.string(), z.array(z.string())]),
    rules: z.array(z.string()).optional(),
    until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD').optional(),
    reason: z.string().optional(),
  }),
]);

export const codexConfigSchema = z.strictObject({
  /** Codex `-c` style settings applied on top of `$CODEX_HOME/config.toml`. */
  config: z.record(z.string(), z.unknown()).optional(),
  trust: z.enum(['trusted', 'untrusted']).optional(),
});

export const configSchema = z.strictObject({
  $schema: z.string().optional(),
  /** Stop looking for the repository root here (fixtures, vendored trees). */
  root: z.boolean().optional(),
  rules: z.record(z.string(), ruleEntrySchema).optional(),
  ignores: z.array(ignoreEntrySchema).optional(),
  /** Extra working directories to simulate, repository-relative. */
  cwds: z.array(z.string()).optional(),
  /** Agent hosts to simulate besides Codex (`--hosts`): ids like "claude-code", "gemini-cli:legacy", or "all". */
  hosts: z.array(z.string()).optional(),
  codex: codexConfigSchema.optional(),
});

export type ConfigFile = z.output<typeof configSchema>;
export type RuleEntry = z.output<typeof ruleEntrySchema>;
export type IgnoreEntry = z.output<typeof ignoreEntrySchema>;

/** Top-level keys, for "did you mean". */
export const CONFIG_KEYS = Object.keys(configSchema.shape);
