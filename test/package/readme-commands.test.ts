import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { OFFLINE, PROJECT, sh } from '../integration/repo.js';

// Issue 35, "done when": the README's commands, run as written in a new temporary directory from the
// package `npm pack` makes, do what the README says. The commands and the output they promise are
// read from README.md itself, so the README cannot drift from what the package does.
const README = fs.readFileSync(path.join(PROJECT, 'README.md'), 'utf8');

/** The body of the first fenced block of `lang` after `marker` in the README. */
function blockAfter(marker: string, lang: string): string {
  const at = README.indexOf(marker);
  expect(at, `README has "${marker}"`).toBeGreaterThanOrEqual(0);
  const open = README.indexOf('```' + lang + '\n', at);
  expect(open, `README has a ${lang} block after "${marker}"`).toBeGreaterThan(at);
  const start = open + lang.length + 4;
  return README.slice(start, README.indexOf('\n```', start));
}

/** A block's shell lines as [command, comment] pairs (`a && b` is two commands with one comment). */
function commands(block: string): { argv: string[]; comment: string }[] {
  return block.split('\n').flatMap((line) => {
    const hash = line.indexOf(' #');
    const [code, comment] = hash === -1 ? [line, ''] : [line.slice(0, hash), line.slice(hash + 2).trim()];
    return code
      .split('&&')
      .map((c) => c.trim())
      .filter(Boolean)
      .map((c) => ({ argv: c.split(/\s+/), comment }));
  });
}

const made: string[] = [];
afterAll(() => made.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

describe("the README's commands, from the packed package", () => {
  it.skipIf(OFFLINE)('install the tarball into a new project and lint the demo monorepo as the README shows (needs the npm registry; AGENTS_LINT_OFFLINE=1 skips)', () => {
    const quickStart = commands(blockAfter('# agents-lint', 'sh'));
    const demoRun = quickStart.find((c) => c.argv[0] === 'npx' && c.argv[1] === 'agents-lint');
    expect(demoRun?.argv).toEqual(['npx', 'agents-lint', 'fixtures/demo-monorepo']);
    const promisedExit = Number(/exits (\d)/.exec(demoRun!.comment)?.[1]);
    const sample = blockAfter('A few lines of what the first prints', 'text').split('\n');

    const install = commands(blockAfter('## Installing', 'sh'));
    const pack = install.find((c) => c.argv.join(' ') === 'npm pack');
    const addDependency = install.find((c) => c.argv.slice(0, 3).join(' ') === 'npm install --save-dev');
    const lintProject = install.find((c) => c.argv.join(' ') === 'npx agents-lint');
    expect([pack, addDependency, lintProject].every(Boolean), 'README: npm pack, npm install --save-dev <tarball>, npx agents-lint').toBe(true);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-readme-'));
    made.push(dir);
    // `npm pack` in the checkout, written to the temporary directory (the checkout is built: dist/
    // is what ships; its prepare script would build it again, so scripts are skipped).
    const packed = spawnSync('npm', [...pack!.argv.slice(1), '--ignore-scripts', '--json', '--pack-destination', dir], { cwd: PROJECT, encoding: 'utf8' });
    expect(packed.status, packed.stderr).toBe(0);
    const tarball = (JSON.parse(packed.stdout) as { filename: string }[])[0]!.filename;
    // The name the README says it writes, and installs.
    expect(pack!.comment).toBe(`writes ${tarball}`);
    expect(path.basename(addDependency!.argv[3]!)).toBe(tarball);

    // "In your project": a new one, holding a copy of the demo monorepo where the README runs it.
    const project = path.join(dir, 'project');
    fs.mkdirSync(project);
    fs.writeFileSync(path.join(project, 'package.json'), '{ "name": "my-project", "private": true }\n');
    fs.cpSync(path.join(PROJECT, 'fixtures/demo-monorepo'), path.join(project, 'fixtures/demo-monorepo'), { recursive: true, verbatimSymlinks: true });

    // The README's install line, its placeholder path replaced by the tarball (dependencies come
    // from npm's cache when it has them).
    const installed = sh(project, addDependency!.argv[0]!, [...addDependency!.argv.slice(1, 3), path.join(dir, tarball), '--prefer-offline', '--no-audit', '--no-fund']);
    expect(installed.status, installed.stderr + installed.stdout).toBe(0);
    const manifest = JSON.parse(fs.readFileSync(path.join(project, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    expect(Object.keys(manifest.devDependencies ?? {})).toEqual(['agents-lint']);
    // npx runs the installed copy, not one from the registry, and the library entry point loads too.
    expect(fs.existsSync(path.join(project, 'node_modules/.bin/agents-lint'))).toBe(true);
    const { version } = JSON.parse(fs.readFileSync(path.join(PROJECT, 'package.json'), 'utf8')) as { version: string };
    expect(sh(project, 'npx', ['--no-install', 'agents-lint', '--version'])).toMatchObject({ status: 0, stdout: `${version}\n` });
    const api = sh(project, process.execPath, ['--input-type=module', '-e', "const m = await import('agents-lint'); console.log(typeof m.lint, m.VERSION)"]);
    expect(api.stdout).toBe(`function ${version}\n`);

    // `npx agents-lint fixtures/demo-monorepo`: the exit code and the lines the README shows.
    const demo = sh(project, demoRun!.argv[0]!, demoRun!.argv.slice(1));
    expect(demo.status, demo.stderr).toBe(promisedExit);
    expect(promisedExit).toBe(1);
    const out = demo.stdout.split('\n');
    // Every line of the sample is printed, in the sample's order (the sample skips lines between).
    let from = 0;
    for (const line of sample.filter(Boolean)) {
      const at = out.indexOf(line, from);
      expect(at, `printed: ${line}\n\n${demo.stdout}`).toBeGreaterThanOrEqual(from);
      from = at + 1;
    }
    const summary = sample.find((l) => l.startsWith('✖ '));
    expect(summary).toMatch(/^✖ \d+ problems \(\d+ errors, \d+ warnings\)$/);
    expect(out.filter((l) => l.startsWith('✖ '))).toEqual([summary]);
    expect(out.filter((l) => /^ {2}\d+:\d+ /.test(l))).toHaveLength(Number(/\d+/.exec(summary!)![0]));

    // `npx agents-lint` in the project: the repository holding the current directory, which is the
    // project with the demo in it; the installed package under node_modules is not linted.
    const whole = sh(project, lintProject!.argv[0]!, lintProject!.argv.slice(1));
    expect(whole.status, whole.stderr).toBe(1);
    const files = whole.stdout.split('\n').filter((l) => l !== '' && !l.startsWith(' ') && !l.startsWith('✖'));
    expect(files.length).toBeGreaterThan(5);
    expect(files.filter((f) => !f.startsWith('fixtures/demo-monorepo/'))).toEqual([]);
  }, 120_000);
});
