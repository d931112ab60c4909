import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';
import { tempRepo } from '../integration/repo.js';
import { editor, findingLines as lines } from './eslint-under-test.js';
import { asEslint, engineFindings } from './fixture-cases.js';

process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;


describe('a TOML or YAML file in ESLint (agents-lint/text)', () => {
  // The workspace files are parsed because the engine lists each workspace's packages: a syntax
  // error in them is the CLI's no-invalid-manifest finding, which ESLint shows on the file itself.
  const brokenToml = '[workspace]\nmembers = ["crates/*"\n';
  const brokenYaml = 'packages:\n  - "packages/*\n';
  const root = tempRepo({ 'AGENTS.md': '# Repo\n\nRun `npm test` before every commit.\n', 'Cargo.toml': brokenToml, 'pnpm-workspace.yaml': brokenYaml, 'package.json': '{ "name": "root", "private": true }\n' });

  for (const rel of ['Cargo.toml', 'pnpm-workspace.yaml']) {
    it(`gets the CLI's findings on ${rel} from a run over the whole repository`, async () => {
      const cli = (await engineFindings(root)).filter((d) => d.file === rel);
      expect(cli.map((d) => d.ruleId)).toEqual(['no-invalid-manifest']);
      const file = path.join(root, rel);
      const [result] = await editor(root).lintFiles([file]);
      const bytes = fs.readFileSync(file);
      expect(lines(result!)).toEqual(cli.map((d) => `${asEslint(d, bytes).line}:${asEslint(d, bytes).column} agents-lint/${d.ruleId} ${d.message}`));
    });
  }

  it('lints an unsaved buffer; reads no eslint-disable comment in it', async () => {
    const eslint = editor(root);
    const file = path.join(root, 'Cargo.toml');
    const [fixed] = await eslint.lintText('[workspace]\nmembers = ["crates/*"]\n', { filePath: file });
    expect(lines(fixed!)).toEqual([]);
    // The language has no comment directives (docs/eslint.md): the finding stays, and nothing is reported about the comment.
    const [commented] = await eslint.lintText(`# eslint-disable agents-lint/no-invalid-manifest\n${brokenToml}`, { filePath: file });
    expect(lines(commented!).map((l) => l.split(' ')[1])).toEqual(['agents-lint/no-invalid-manifest']);
  });
});
