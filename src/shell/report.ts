import { closest } from '../util/text.js';
import type { MessageFn, ReportDescriptor, RuleContext } from '../kit/types.js';
import { commandFindings, type CommandFinding } from './analyze.js';
import type { FindingKind, FindingProblem, LookedIn } from './runners/types.js';

/** The data of every command rule's messages (the JSON output's `data`: its keys are public). */
export type CommandFindingData = { tool: string; name: string; what: string; where: string; suggestion: string };

/** What a command rule decides for itself; the rest of the reporting is the same for all of them. */
export interface CommandFindingReport<Id extends string> {
  /** The kind of finding the rule owns. */
  kind: FindingKind;
  /** The rule's messageId for each problem of its kind; a problem left out is not reported. */
  messageIds: Partial<Record<FindingProblem, Id>>;
  /** The message of the related location (where the name was looked for); undefined leaves it out. */
  relatedMessage(messageId: Id, finding: CommandFinding, lookedIn: LookedIn): string | undefined;
}

/**
 * Reports the unresolved command references of one kind in the file under check: each on the word
 * that names it, with the closest defined name as `suggestion` ('' when none is close) and the file
 * it was looked for in as the related location. Names in `ignore` are never reported.
 */
export function reportCommandFindings<M extends Record<string, MessageFn<CommandFindingData>>>(
  { file, repo, discovery, report }: RuleContext<M>,
  ignore: readonly string[],
  how: CommandFindingReport<keyof M & string>,
): void {
  for (const f of commandFindings(file, repo, discovery)) {
    if (f.kind !== how.kind || ignore.includes(f.name)) continue;
    const messageId = how.messageIds[f.problem];
    if (messageId === undefined) continue;
    const lookedIn = f.related;
    const message = lookedIn && how.relatedMessage(messageId, f, lookedIn);
    // Every message of M takes the same data, which TypeScript cannot see through the generic M.
    report({
      messageId,
      data: { tool: f.tool, name: f.name, what: f.what, where: f.where, suggestion: closest(f.name, f.candidates) ?? '' },
      loc: { offset: f.word.start, endOffset: f.word.end },
      related: lookedIn && message !== undefined ? [{ ...lookedIn, message }] : undefined,
    } as ReportDescriptor<M>);
  }
}
