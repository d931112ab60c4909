import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { lint } from '../../src/engine/lint.js';
import { gitListingSettled, prefetchGitListing } from '../../src/repo/git-listing.js';
import { UsageError } from '../../src/errors.js';
import { makeRepo, removeRepo } from '../helpers/temp-repo.js';
import { EMPTY_CODEX_HOME } from '../helpers/paths.js';

// The CLI starts `git ls-files` before it loads the engine; a lint run works out its settings (root,
// config, rules, Codex's config) while git still runs, and only then waits for the listing.

const root = makeRepo(
  {
    'AGENTS.md': '# Root\n\n- Run `npm test` before committing.\n',
    'pkg/AGENTS.md': '# Pkg\n\n- See [the guide](docs/missing.md).\n- Follow best practices.\n',
    'pkg/package.json': '{ "name": "pkg" }\n',
    'untracked.md': 'listed by --others\n',
  },
  { git: true, config: true },
);
execFileSync('git', ['-C', root, 'add', 'AGENTS.md', 'pkg/AGENTS.md', 'pkg/package.json', '.agents-lint.json']);
afterAll(() => removeRepo(root));

const options = (paths: string[]) => ({ paths, cwd: root, codexHome: EMPTY_CODEX_HOME });

describe('a lint run while git lists the repository', () => {
  it('reports what a run without the prefetch reports', async () => {
    const direct = await lint(options(['pkg/AGENTS.md']));
    expect(direct.diagnostics.length).toBeGreaterThan(0);
    prefetchGitListing(root);
    const overlapped = await lint(options(['pkg/AGENTS.md']));
    expect(overlapped).toEqual(direct);
  });

  it('fails on a missing path before the listing is in', async () => {
    prefetchGitListing(root);
    let settled = false;
    void gitListingSettled().then(() => (settled = true));
    await expect(lint(options([path.join('pkg', 'nope.md')]))).rejects.toThrow(UsageError);
    // git's exit is an event of a later turn of the loop: the run did not wait for it.
    expect(settled).toBe(false);
    await gitListingSettled();
    expect(settled).toBe(true);
  });
});
