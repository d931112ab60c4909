import * as fs from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';
import { tempRepo } from '../integration/repo.js';
import { editor, findingLines as lines } from './eslint-under-test.js';
import { asEslint, engineFindings } from './fixture-cases.js';

process.env['CODEX_HOME'] = EMPTY_CODEX_HOME;


describe('a JSON file in ESLint', () => {
  // tools/package.json is parsed only because the root AGENTS.md runs its build script: a finding
  // on it comes from a rule checking an instruction file in another directory.
  const broken = '{\n  "name": "tools",\n  "scripts": { "build": "tsc", },\n}\n';
  const root = tempRepo({ 'package.json': '{ "name": "root", "private": true }\n', 'AGENTS.md': '# Rules\n\nBuild with `cd tools && npm run build`.\n', 'tools/package.json': broken });
  const manifest = path.join(root, 'tools/package.json');

  it("gets the CLI's findings on it from a run over the whole repository", async () => {
    const cli = (await engineFindings(root)).filter((d) => d.file === 'tools/package.json');
    expect(cli.map((d) => d.ruleId)).toEqual(['no-invalid-manifest']);
    const [result] = await editor(root).lintFiles([manifest]);
    const bytes = fs.readFileSync(manifest);
    expect(lines(result!)).toEqual(cli.map((d) => `${asEslint(d, bytes).line}:${asEslint(d, bytes).column} agents-lint/${d.ruleId} ${d.message}`));
  });

  it('lints an unsaved buffer, and a change on disk, at the next lint', async () => {
    const eslint = editor(root);
    const fixed = broken.replace('"tsc", }', '"tsc" }').replace('},\n}', '}\n}');
    const [buffer] = await eslint.lintText(fixed, { filePath: manifest });
    expect(lines(buffer!)).toEqual([]);
    // The buffer was not saved: the disk's text still has the finding.
    const [disk] = await eslint.lintFiles([manifest]);
    expect(lines(disk!).map((l) => l.split(' ')[1])).toEqual(['agents-lint/no-invalid-manifest']);
    fs.writeFileSync(manifest, fixed);
    const [saved] = await eslint.lintFiles([manifest]);
    expect(lines(saved!)).toEqual([]);
  });
});
