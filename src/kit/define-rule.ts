import * as z from '../util/zod.js';
import { JITLESS } from '../util/zod.js';
import type { FileRule, Messages, RepoRule, RuleContext, RepoRuleContext, RuleMeta } from './types.js';

const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MESSAGE_ID = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The rule's doc as the package ships it (rules/<id>.md at the package root, two levels above both
 * dist/src/kit/ and dist/bundle/): a link that resolves wherever agents-lint is installed, which a
 * web address cannot promise while the package has no published home.
 */
export function docsUrl(id: string): string {
  return new URL(`../../rules/${id}.md`, import.meta.url).href;
}

/**
 * A rule's meta as its author writes it: the options schema may be given as a function that builds
 * it. Building zod schemas was most of what importing the rules cost (for the 21 built-in ones,
 * their work and a young-generation collection it brought on: 3 to 4 ms of every run before git's
 * listing could be read): the schema is built when something first reads `meta.options`.
 */
type RuleMetaSpec<M extends Messages, O extends z.ZodType> = Omit<RuleMeta<M, O>, 'options'> & { options: O | (() => O) };

interface FileRuleSpec<M extends Messages, O extends z.ZodType> {
  id: string;
  meta: RuleMetaSpec<M, O> & { scope: 'file' };
  check(ctx: RuleContext<M>, options: z.output<O>): void;
}
interface RepoRuleSpec<M extends Messages, O extends z.ZodType> {
  id: string;
  meta: RuleMetaSpec<M, O> & { scope: 'repo' };
  check(ctx: RepoRuleContext<M>, options: z.output<O>): void;
}

/** The options schema, checked as a malformed rule's author would want to hear about it. */
function checkedSchema<O extends z.ZodType>(id: string, schema: O): O {
  if (!(schema instanceof z.ZodType)) throw new Error(`Rule "${id}": meta.options must be a zod schema.`);
  if (schema.safeParse(undefined, JITLESS).success === false && schema.safeParse({}, JITLESS).success === false) {
    throw new Error(`Rule "${id}": options must have defaults for every key (an empty object must parse).`);
  }
  return schema;
}

/**
 * Validates a rule's shape at import time: a malformed rule is an author's bug and fails loudly,
 * long before it meets a user's repository. A schema given as a function is checked when it is
 * built, on first use of `meta.options` (test/meta/rules.test.ts builds every built-in rule's).
 */
export function defineRule<M extends Messages, O extends z.ZodType>(spec: FileRuleSpec<M, O>): FileRule<M, O>;
export function defineRule<M extends Messages, O extends z.ZodType>(spec: RepoRuleSpec<M, O>): RepoRule<M, O>;
export function defineRule<M extends Messages, O extends z.ZodType>(
  spec: FileRuleSpec<M, O> | RepoRuleSpec<M, O>,
): FileRule<M, O> | RepoRule<M, O> {
  if (!RULE_ID.test(spec.id)) throw new Error(`Rule id "${spec.id}" must be kebab-case.`);
  const ids = Object.keys(spec.meta.messages);
  if (ids.length === 0) throw new Error(`Rule "${spec.id}" declares no messages.`);
  for (const id of ids) {
    if (!MESSAGE_ID.test(id)) throw new Error(`Rule "${spec.id}": messageId "${id}" must be camelCase.`);
  }
  const { options, ...rest } = spec.meta;
  const meta = { ...rest, docs: docsUrl(spec.id) } as RuleMeta<M, O> & { docs: string };
  if (typeof options === 'function') {
    const build = options;
    let schema: O | undefined;
    Object.defineProperty(meta, 'options', { enumerable: true, get: () => (schema ??= checkedSchema(spec.id, build())) });
  } else {
    meta.options = checkedSchema(spec.id, options);
  }
  return { ...spec, meta } as FileRule<M, O> | RepoRule<M, O>;
}
