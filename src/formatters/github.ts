import * as path from 'node:path';
import type { Diagnostic } from '../util/diagnostic.js';
import { escapeRawBytes } from '../repo/raw-path.js';

export interface GithubOptions {
  root: string;
  /** Paths are written relative to this directory: GitHub resolves them from $GITHUB_WORKSPACE. */
  base: string;
}

// The escaping of @actions/core's command.ts (escapeData / escapeProperty): the runner decodes
// exactly these, and an unescaped newline or "::" would end or corrupt the command.
export const escapeData = (s: string) => escapeRawBytes(s).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
export const escapeProperty = (s: string) => escapeData(s).replace(/:/g, '%3A').replace(/,/g, '%2C');

/** GitHub Actions workflow commands: one `::error` or `::warning` annotation per finding. */
export function formatGithub(diagnostics: readonly Diagnostic[], options: GithubOptions): string {
  return diagnostics
    .map((d) => {
      const props: [string, string | number][] = [];
      if (d.file) {
        props.push(['file', path.relative(options.base, path.join(options.root, d.file)).split(path.sep).join('/')]);
        props.push(['line', d.line], ['col', d.column], ['endLine', d.endLine], ['endColumn', d.endColumn]);
      }
      props.push(['title', d.ruleId ?? `agents-lint ${d.messageId}`]);
      const list = props.map(([k, v]) => `${k}=${escapeProperty(String(v))}`).join(',');
      return `::${d.severity === 2 ? 'error' : 'warning'} ${list}::${escapeData(d.message)}\n`;
    })
    .join('');
}
