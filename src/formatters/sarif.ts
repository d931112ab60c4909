import { pathToFileURL } from 'node:url';
import type { Diagnostic } from '../util/diagnostic.js';
import { uriPath } from '../repo/raw-path.js';

/** What a formatter needs to know about a rule (a subset of a rule object). */
export interface RuleInfo {
  id: string;
  meta: { description: string; docs: string; severity: 'off' | 'warn' | 'error'; tags?: readonly string[] };
}

export interface SarifOptions {
  /** Absolute repository root: results use root-relative URIs under the %SRCROOT% base. */
  root: string;
  rules: readonly RuleInfo[];
  version: string;
}

const INFORMATION_URI = 'https://www.npmjs.com/package/agents-lint';

/** Findings without a rule (fatal errors, directive and config problems) get a stable pseudo-rule. */
const pseudoRuleId = (d: Diagnostic) => d.ruleId ?? `agents-lint/${d.messageId}`;

function physical(file: string, line: number, column: number, endLine: number, endColumn: number) {
  return {
    artifactLocation: { uri: uriPath(file), uriBaseId: '%SRCROOT%' },
    // SARIF columns default to UTF-16 code units and an exclusive end, exactly like ours (§3.30).
    region: { startLine: line, startColumn: column, endLine, endColumn },
  };
}

/**
 * SARIF 2.1.0 (OASIS), the shape GitHub code scanning ingests: one run, the rules as reporting
 * descriptors with their docs URL, one result per finding with its region and related locations.
 */
export function formatSarif(diagnostics: readonly Diagnostic[], options: SarifOptions): string {
  const descriptors = options.rules.map((r) => ({
    id: r.id,
    shortDescription: { text: r.meta.description },
    helpUri: r.meta.docs,
    defaultConfiguration: { level: r.meta.severity === 'warn' ? 'warning' : r.meta.severity === 'off' ? 'none' : 'error' },
    properties: { tags: [...(r.meta.tags ?? [])] },
  }));
  const index = new Map(descriptors.map((d, i) => [d.id, i]));
  for (const d of diagnostics) {
    const id = pseudoRuleId(d);
    if (index.has(id)) continue;
    index.set(id, descriptors.length);
    descriptors.push({
      id,
      shortDescription: { text: d.fatal ? 'agents-lint could not check a file or a rule crashed' : `agents-lint ${d.messageId} problem` },
      helpUri: INFORMATION_URI,
      defaultConfiguration: { level: d.severity === 2 ? 'error' : 'warning' },
      properties: { tags: [] },
    });
  }
  const results = diagnostics.map((d) => {
    const result: Record<string, unknown> = {
      ruleId: pseudoRuleId(d),
      ruleIndex: index.get(pseudoRuleId(d)),
      level: d.severity === 2 ? 'error' : 'warning',
      message: { text: d.message },
    };
    if (d.file) result['locations'] = [{ physicalLocation: physical(d.file, d.line, d.column, d.endLine, d.endColumn) }];
    if (d.related?.length) {
      result['relatedLocations'] = d.related.map((r, i) => ({
        id: i + 1,
        physicalLocation: physical(r.file, r.line, r.column, r.line, r.column),
        message: { text: r.message },
      }));
    }
    result['properties'] = { messageId: d.messageId, data: d.data };
    return result;
  });
  const rootUri = pathToFileURL(options.root).href.replace(/\/?$/, '/');
  const log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'agents-lint', version: options.version, informationUri: INFORMATION_URI, rules: descriptors } },
        originalUriBaseIds: { '%SRCROOT%': { uri: rootUri } },
        columnKind: 'utf16CodeUnits',
        results,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
}
