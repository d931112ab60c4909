/**
 * The built-in rules' options when a run configures none, by rule id: each rule's schema parsed
 * from `{}`, worked out by the build (scripts/bundle.mjs, from dist/rules/) and written into the
 * bundled CLI as JSON text. A run then builds no zod schema for a rule it gives no options (for
 * the 21 rules, 3 to 4 ms of every run's start, before the repository's listing can be read; see
 * defineRule). Outside the bundle (the library, the tests) there is no table
 * and resolveRules() parses each schema, as the build did.
 */
declare const AGENTS_LINT_RULE_DEFAULTS: string | undefined;

/** The table, as fresh objects on every call (a run's options are its own), or undefined outside the bundle. */
export function bundledRuleDefaults(): Record<string, unknown> | undefined {
  return typeof AGENTS_LINT_RULE_DEFAULTS === 'string' ? (JSON.parse(AGENTS_LINT_RULE_DEFAULTS) as Record<string, unknown>) : undefined;
}
