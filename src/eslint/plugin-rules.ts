import * as path from 'node:path';
import type { MarkdownRuleDefinition } from '@eslint/markdown';
import type { Root } from 'mdast';
import type { AnyRule, Messages } from '../kit/types.js';
import { lintInWorker } from './engine-client.js';
import { DEFAULT_RECHECK_MS, type LintRequest } from './session.js';
import type { EslintMessage } from './positions.js';

/** The rule that reports the engine's own findings (ruleId null in the CLI's output): see ENGINE_RULE. */
export const ENGINE_RULE_ID = 'engine';

/**
 * The engine's findings that belong to no rule, by messageId: its inline comments'
 * (`agents-lint-disable` without a reason, naming no rule, suppressing nothing), a file it cannot
 * read, parse or read whole, a rule that crashed, a config file it cannot use, an expired `ignores`
 * entry (on the config file). ESLint reports only what a rule reports, so the plugin's `engine`
 * rule reports them, with the CLI's messages.
 */
const ENGINE_MESSAGES = ['missingReason', 'unknownRule', 'unusedDisable', 'unparsable', 'contentCapped', 'unreadable', 'outsideRepository', 'fatal', 'config', 'expiredIgnore'];

/** The messages of one lint, per ESLint run over a text (its SourceCode object), shared by every rule. */
const lints = new WeakMap<object, Map<string, EslintMessage[]>>();

type Context = Parameters<MarkdownRuleDefinition['create']>[0];

/** How long the index is trusted without a look at the disk: `settings['agents-lint'].recheckMs` (docs/eslint.md). */
function recheckMs(context: Context): number {
  const value = (context.settings?.['agents-lint'] as { recheckMs?: unknown } | undefined)?.recheckMs;
  return typeof value === 'number' && value >= 0 ? value : DEFAULT_RECHECK_MS;
}

/**
 * The engine's findings on the file ESLint lints now: one lint of the text for all the plugin's
 * rules, or a lint of one rule alone when eslint.config.js gives it options (they replace the
 * config file's for that rule, so they must reach the engine).
 */
function messagesFor(context: Context, ruleId: string | null): EslintMessage[] {
  const file = context.physicalFilename;
  // Text given without a path (`eslint --stdin` with no --stdin-filename) has no repository around it.
  if (!path.isAbsolute(file)) return [];
  const sourceCode = context.sourceCode;
  const options = ruleId === null ? undefined : (context.options[0] as unknown);
  const only = ruleId !== null && options !== undefined ? { ruleId, options } : undefined;
  const key = only ? `${ruleId}\0${JSON.stringify(options)}` : '';
  let byKey = lints.get(sourceCode);
  if (!byKey) lints.set(sourceCode, (byKey = new Map()));
  let messages = byKey.get(key);
  if (!messages) {
    // A Markdown text (@eslint/markdown's tree is an mdast root) is an instruction file; any other
    // (@eslint/json's Document, agents-lint/text's Text) is a file the engine reads for them: a
    // manifest, a config file, a host's settings.
    const markdown = (sourceCode.ast as { type?: unknown }).type === 'root';
    // ESLint's tree goes along (the worker gets a copy: cheaper than parsing again), unless
    // frontmatter or math options made @eslint/markdown parse differently from the engine.
    const { frontmatter, math } = (context.languageOptions ?? {}) as { frontmatter?: unknown; math?: unknown };
    const tree = markdown && !frontmatter && !math ? (sourceCode.ast as Root) : undefined;
    const request: LintRequest = { file, text: sourceCode.text, recheckMs: recheckMs(context), ...(only ? { only } : {}), ...(tree ? { tree } : {}), ...(markdown ? {} : { dependency: true }) };
    byKey.set(key, (messages = lintInWorker(request).messages));
  }
  return messages;
}

/**
 * One of the CLI's rules as an ESLint rule: the same implementation (the engine runs it), the same
 * messages (each messageId's text is the engine's message), positions and fixes in ESLint's terms
 * (positions.ts). `ruleId` null: the engine's own findings (ENGINE_MESSAGES).
 */
function adapt(ruleId: string | null, meta: { description: string; docs?: string; fixable: boolean; messageIds: readonly string[] }): MarkdownRuleDefinition {
  const messages = Object.fromEntries(meta.messageIds.map((id) => [id, '{{ message }}']));
  return {
    meta: {
      type: 'problem',
      docs: { description: meta.description, ...(meta.docs ? { url: meta.docs } : {}) },
      ...(meta.fixable ? { fixable: 'code' as const } : {}),
      // Options are checked by the rule's own schema, in the engine, as the config file's are.
      schema: false,
      messages,
    },
    create(context) {
      const report = () => {
        for (const m of messagesFor(context, ruleId)) {
          if (m.ruleId !== ruleId) continue;
          const fix = m.fix;
          context.report({
            loc: { start: { line: m.line, column: m.column }, end: { line: m.endLine, column: m.endColumn } },
            ...(m.messageId in messages ? { messageId: m.messageId, data: { message: m.message } } : { message: m.message }),
            ...(fix ? { fix: (fixer) => fixer.replaceTextRange(fix.range, fix.text) } : {}),
          });
        }
      };
      // The root of the text, once, in any of the languages: @eslint/markdown's `root`, @eslint/json's
      // `Document`, the plugin's own `Text` (text-language.ts).
      return { root: report, Document: report, Text: report };
    },
  };
}

/** The plugin's rules: each of the CLI's by its id, and `engine`. */
export function pluginRules(rules: readonly AnyRule[]): Record<string, MarkdownRuleDefinition> {
  const out: Record<string, MarkdownRuleDefinition> = {};
  for (const rule of rules) {
    out[rule.id] = adapt(rule.id, { description: rule.meta.description, docs: rule.meta.docs, fixable: rule.meta.fixable, messageIds: Object.keys(rule.meta.messages as Messages) });
  }
  out[ENGINE_RULE_ID] = adapt(null, {
    description: "Report agents-lint's own problems: its disable comments (no reason, an unknown rule, nothing suppressed), a file it cannot read or parse, a rule that crashed, an expired ignores entry",
    fixable: false,
    messageIds: ENGINE_MESSAGES,
  });
  return out;
}
