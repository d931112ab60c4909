import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import markdown from '@eslint/markdown';
import { rules } from '../../rules/index.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';
import { RuleTester, plugin } from './eslint-under-test.js';
import { asEslint, engineFindings, eslintLints, fixedText, fixtureDirs } from './fixture-cases.js';

// The plugin's worker reads Codex's home like the CLI: an empty one, never the machine's ~/.codex.
process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ plugins: { markdown }, language: 'markdown/gfm', settings: { 'agents-lint': { recheckMs: 0 } } });

/**
 * Every rule through ESLint's RuleTester, on the rule's own fixture repositories (each case's
 * filename points into one, so repository-level rules see its chains and manifests): a file of its
 * first valid fixture, and the first file of its invalid fixtures that the rule reports on, whose
 * expected errors (and fixed output) are what the CLI's engine reports there.
 */
for (const rule of rules) {
  // Valid: the files of the rule's first valid fixture on which the engine reports nothing of the
  // rule with default options (some valid fixtures are valid under the options their test gives).
  const validRoot = fixtureDirs(rule.id, 'valid')[0]!;
  const reported = new Set((await engineFindings(validRoot)).filter((d) => d.ruleId === rule.id).map((d) => d.file));
  const validFiles = fs.readdirSync(validRoot, { recursive: true, encoding: 'utf8' }).filter((rel) => eslintLints(validRoot, rel) && !reported.has(rel));
  let invalid: { filename: string; code: string; errors: object[]; output?: string } | undefined;
  for (const root of fixtureDirs(rule.id, 'invalid')) {
    const found = (await engineFindings(root)).filter((d) => d.ruleId === rule.id && eslintLints(root, d.file));
    if (found.length === 0) continue;
    const rel = found[0]!.file;
    const filename = path.join(root, rel);
    const bytes = fs.readFileSync(filename);
    const mine = found.filter((d) => d.file === rel);
    const fixes = mine.flatMap((d) => (d.fix ? [d.fix] : []));
    invalid = {
      filename,
      code: bytes.toString('utf8'),
      errors: mine.map((d) => ({ messageId: d.messageId, data: { message: d.message }, ...asEslint(d, bytes) })),
      ...(fixes.length ? { output: fixedText(filename, fixes) } : {}),
    };
    break;
  }
  describe(rule.id, () => {
    it('has a valid fixture file ESLint lints', () => expect(validFiles.length).toBeGreaterThan(0));
    if (invalid) {
      tester.run(rule.id, plugin.rules[rule.id]!, {
        valid: validFiles.map((rel) => ({ filename: path.join(validRoot, rel), code: fs.readFileSync(path.join(validRoot, rel), 'utf8') })),
        invalid: [invalid],
      });
    } else {
      // Rules that report only on manifests and config files (package.json, .agents-lint.json,
      // .codex/config.toml) or on files no program can read: ESLint lints neither with this plugin.
      tester.run(rule.id, plugin.rules[rule.id]!, { valid: validFiles.map((rel) => ({ filename: path.join(validRoot, rel), code: fs.readFileSync(path.join(validRoot, rel), 'utf8') })), invalid: [] });
      it('reports, in its invalid fixtures, only on files ESLint does not lint with the plugin', async () => {
        const all = [];
        for (const root of fixtureDirs(rule.id, 'invalid')) all.push(...(await engineFindings(root)).filter((d) => d.ruleId === rule.id).map((d) => ({ root, file: d.file })));
        expect(all.length).toBeGreaterThan(0);
        for (const { root, file } of all) expect(eslintLints(root, file), file).toBe(false);
      });
    }
  });
}

describe('engine', () => {
  const root = fixtureDirs('no-empty-instructions', 'valid').find((d) => d.endsWith('valid-content'))!;
  const filename = path.join(root, 'AGENTS.md');
  tester.run('engine', plugin.rules['engine']!, {
    valid: [{ filename, code: fs.readFileSync(filename, 'utf8') }],
    invalid: [
      {
        // An agents-lint-disable comment without a reason, which suppresses nothing: the CLI's two findings on it.
        filename,
        code: `${fs.readFileSync(filename, 'utf8')}\n<!-- agents-lint-disable-next-line no-vague-rules -->\nKeep it.\n`,
        errors: [{ messageId: 'unusedDisable' }, { messageId: 'missingReason' }],
      },
    ],
  });
});
