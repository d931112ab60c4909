import * as z from './zod.js';
import type { FileRule, Messages, RepoRule, RuleContext, RepoRuleContext, RuleMeta } from './types.js';
import { VERSION } from '../version.js';

const RULE_ID = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;
const MESSAGE_ID = /^[a-z][a-zA-Z0-9]*$/;

export function docsUrl(id: string): string {
  return `https://github.com/agents-lint/agents-lint/blob/v${VERSION}/rules/${id}.md`;
}

interface FileRuleSpec<M extends Messages, O extends z.ZodType> {
  id: string;
  meta: RuleMeta<M, O> & { scope: 'file' };
  check(ctx: RuleContext<M>, options: z.output<O>): void;
}
interface RepoRuleSpec<M extends Messages, O extends z.ZodType> {
  id: string;
  meta: RuleMeta<M, O> & { scope: 'repo' };
  check(ctx: RepoRuleContext<M>, options: z.output<O>): void;
}

/**
 * Validates a rule's shape at import time: a malformed rule is an author's bug and fails loudly,
 * long before it meets a user's repository.
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
  if (!(spec.meta.options instanceof z.ZodType)) throw new Error(`Rule "${spec.id}": meta.options must be a zod schema.`);
  if (spec.meta.options.safeParse(undefined).success === false && spec.meta.options.safeParse({}).success === false) {
    throw new Error(`Rule "${spec.id}": options must have defaults for every key (an empty object must parse).`);
  }
  return { ...spec, meta: { ...spec.meta, docs: docsUrl(spec.id) } } as FileRule<M, O> | RepoRule<M, O>;
}
