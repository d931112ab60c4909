// The zod builders the project uses, re-exported by name. Importing zod's `z` namespace makes the
// bundler keep all of zod (every locale, the JSON Schema converters: 0.8 MB of the 2.2 MB bundle),
// which every run then loads; named imports let it keep only these and what they need.
export { array, boolean, enum, number, partialRecord, record, strictObject, string, tuple, union, unknown, ZodType } from 'zod';
export type { output } from 'zod';

/**
 * Parse options for a schema parsed once or twice a run (a config file, a rule's options): zod
 * compiles an object schema's first parse into a fast path (`new Function`), which costs more than
 * it saves for a single parse. The result is the same.
 */
export const JITLESS = { jitless: true } as const;
