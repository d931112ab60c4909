import * as z from '../util/zod.js';

export const SEVERITIES = ['off', 'warn', 'error'] as const;

/**
 * The config schemas, built on first use: zod builds each schema object eagerly, which cost a few
 * milliseconds at startup in every run, and a run without a config file (the usual lint-staged
 * call) never validates one.
 */
function buildSchemas() {
  const severity = z.enum(SEVERITIES);
  /** A rule entry: a severity, or [severity, options] (options checked by the rule's own schema). */
  const ruleEntry = z.union([severity, z.tuple([severity]), z.tuple([severity, z.unknown()])]);
  const ignoreEntry = z.union([
    z.string(),
    z.strictObject({
      files: z.union([z.string(), z.array(z.string())]),
      rules: z.array(z.string()).optional(),
      until: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD').optional(),
      reason: z.string().optional(),
    }),
  ]);
  const codexConfig = z.strictObject({
    /** Codex `-c` style settings applied on top of `$CODEX_HOME/config.toml`. */
    config: z.record(z.string(), z.unknown()).optional(),
    trust: z.enum(['trusted', 'untrusted']).optional(),
  });
  const config = z.strictObject({
    $schema: z.string().optional(),
    /** Stop looking for the repository root here (fixtures, vendored trees). */
    root: z.boolean().optional(),
    rules: z.record(z.string(), ruleEntry).optional(),
    ignores: z.array(ignoreEntry).optional(),
    /** Extra working directories to simulate, repository-relative. */
    cwds: z.array(z.string()).optional(),
    /** Agent hosts to simulate besides Codex (`--hosts`): ids like "claude-code", "gemini-cli:legacy", or "all". */
    hosts: z.array(z.string()).optional(),
    codex: codexConfig.optional(),
  });
  return { severity, ruleEntry, ignoreEntry, config };
}

type Schemas = ReturnType<typeof buildSchemas>;
let schemas: Schemas | undefined;

export function configSchemas(): Schemas {
  return (schemas ??= buildSchemas());
}

export type ConfigFile = z.output<Schemas['config']>;
export type RuleEntry = z.output<Schemas['ruleEntry']>;
export type IgnoreEntry = z.output<Schemas['ignoreEntry']>;
