import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { UsageError } from './errors.js';
import { VERSION } from './version.js';
import { GIT_TIMEOUT_MS, gitEnv } from './repo/git-listing.js';
import { defaultCacheDir } from './engine/cache-location.js';
import { isInside } from './util/inside.js';
import { writeAtomically } from './repo/atomic-write.js';
import { writeFully } from './repo/write-fully.js';

/**
 * The lint-staged glob: every staged file. agents-lint itself decides from the names alone whether
 * any of them can change a finding (instruction files of every host, manifests, the config, the
 * hosts' settings) and exits at once when none can; a list of names kept here would fall behind it.
 */
export const LINT_STAGED_GLOB = '*';
export const LINT_STAGED_COMMAND = 'agents-lint';
const HOOK_LINE = 'npx lint-staged';
const LINT_STAGED_FILES = ['.lintstagedrc', '.lintstagedrc.json', '.lintstagedrc.yaml', '.lintstagedrc.yml', '.lintstagedrc.mjs', '.lintstagedrc.cjs', '.lintstagedrc.js', 'lint-staged.config.js', 'lint-staged.config.mjs', 'lint-staged.config.cjs'];

export interface InitOptions {
  /** The project directory (holds package.json). */
  dir: string;
  log: (line: string) => void;
}

export interface InitResult {
  changes: string[];
}

/**
 * Sets up husky + lint-staged to run agents-lint on staged instruction files and manifests. It is
 * idempotent (a second run changes nothing) and never prompts, so it is safe in scripts and CI.
 */
export function runInit(options: InitOptions): InitResult {
  const pkgPath = path.join(options.dir, 'package.json');
  let text: string;
  try {
    text = fs.readFileSync(pkgPath, 'utf8');
  } catch {
    throw new UsageError(`no package.json in ${options.dir}; run "npm init -y" first, then agents-lint init`);
  }
  let pkg: Record<string, unknown>;
  try {
    pkg = JSON.parse(text) as Record<string, unknown>;
  } catch (error) {
    throw new UsageError(`${pkgPath} is not valid JSON (${error instanceof Error ? error.message : String(error)}); fix it, then run agents-lint init again`);
  }
  const indent = /^[ \t]+(?=")/m.exec(text)?.[0] ?? '  ';
  const changes: string[] = [];
  const record = (key: string): Record<string, unknown> => {
    const value = pkg[key];
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
    const fresh: Record<string, unknown> = {};
    pkg[key] = fresh;
    return fresh;
  };
  const has = (name: string) => [pkg['dependencies'], pkg['devDependencies']].some((deps) => typeof deps === 'object' && deps !== null && name in deps);

  for (const [name, range] of [['husky', '^9.1.7'], ['lint-staged', '^16.0.0'], ['agents-lint', `^${VERSION}`]] as const) {
    if (has(name)) continue;
    record('devDependencies')[name] = range;
    changes.push(`package.json: added devDependency ${name}@${range}`);
  }
  const scripts = record('scripts');
  const prepare = scripts['prepare'];
  if (typeof prepare !== 'string' || prepare.trim() === '') {
    scripts['prepare'] = 'husky';
    changes.push('package.json: added script "prepare": "husky" (installs the git hooks on npm install)');
  } else if (!/\bhusky\b/.test(prepare)) {
    scripts['prepare'] = `${prepare} && husky`;
    changes.push(`package.json: appended "&& husky" to the "prepare" script`);
  }

  const separateConfig = LINT_STAGED_FILES.find((f) => fs.existsSync(path.join(options.dir, f)));
  if (separateConfig) {
    const content = safeRead(path.join(options.dir, separateConfig)) ?? '';
    if (!content.includes(LINT_STAGED_COMMAND)) {
      options.log(`note: lint-staged is configured in ${separateConfig}, which agents-lint init does not edit; add: "${LINT_STAGED_GLOB}": "${LINT_STAGED_COMMAND}"`);
    }
  } else {
    const staged = record('lint-staged');
    const mentioned = Object.values(staged).some((v) => (Array.isArray(v) ? v : [v]).some((c) => typeof c === 'string' && /(^|\s|\/)agents-lint(\s|$)/.test(c)));
    if (!mentioned) {
      staged[LINT_STAGED_GLOB] = LINT_STAGED_COMMAND;
      changes.push('package.json: added a lint-staged entry running agents-lint on instruction files and manifests');
    }
  }
  // Everything init writes is checked first: a repository may hold symlinks where these files go.
  const hookDir = path.join(options.dir, '.husky');
  const hook = path.join(hookDir, 'pre-commit');
  refuseUnsafe(options.dir, pkgPath);
  refuseUnsafe(options.dir, hookDir, 'dir');
  refuseUnsafe(options.dir, hook);
  // --cache keeps its files outside the work tree, unless $XDG_CACHE_HOME or the home directory
  // points into the project (a dev container whose home is the checkout): then they must not be committed.
  const ignored = cacheIgnoreEntry(options.dir);
  const gitignore = path.join(options.dir, '.gitignore');
  if (ignored) refuseUnsafe(options.dir, gitignore);
  if (changes.length) writeRegular(pkgPath, JSON.stringify(pkg, null, indent) + '\n');

  const current = safeRead(hook);
  if (current === undefined) {
    fs.mkdirSync(hookDir, { recursive: true });
    writeRegular(hook, `${HOOK_LINE}\n`, 0o755);
    changes.push('.husky/pre-commit: created, running lint-staged');
  } else if (!current.includes('lint-staged')) {
    writeRegular(hook, `${current.replace(/\n?$/, '\n')}${HOOK_LINE}\n`);
    changes.push('.husky/pre-commit: appended "npx lint-staged"');
  }

  if (ignored) {
    const current = safeRead(gitignore);
    const listed = (current ?? '').split(/\r?\n/).map((l) => l.trim().replace(/^\//, '').replace(/\/$/, ''));
    if (!listed.includes(ignored.slice(1, -1))) {
      writeRegular(gitignore, `${current === undefined || current === '' ? '' : current.replace(/\n?$/, '\n')}${ignored}\n`);
      changes.push(`.gitignore: added ${ignored} (where agents-lint --cache keeps its files on this machine)`);
    }
  }

  for (const line of changes) options.log(line);
  // husky 9's bare `husky` command points git's core.hooksPath at .husky/_ (husky's docs, "How it
  // works"). init runs nothing from the repository (its node_modules/.bin/husky could be anything):
  // it says what to run.
  const git = (args: string[]) => spawnSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd: options.dir, encoding: 'utf8', env: gitEnv(), timeout: GIT_TIMEOUT_MS });
  const inGit = git(['rev-parse', '--is-inside-work-tree']).stdout?.trim() === 'true';
  // The cache directory outside this project, yet inside the git work tree around it (the project is
  // a package of a monorepo whose checkout is the home directory): a .gitignore there is not init's to
  // write (it writes inside the project only), so it says what to add. (Git is asked about a path in
  // the directory, which may not exist yet: a `dir/` pattern matches a path known to be a directory.)
  const top = inGit && !ignored ? git(['rev-parse', '--show-toplevel']).stdout?.trim() : undefined;
  const cacheDir = realPathOf(path.resolve(options.dir, defaultCacheDir()));
  if (top && isInside(cacheDir, realPathOf(top)) && cacheDir !== realPathOf(top) && git(['check-ignore', '-q', path.join(cacheDir, 'entry')]).status !== 0) {
    options.log(`note: agents-lint --cache keeps its files in ${cacheDir}, inside this git work tree: add /${path.relative(realPathOf(top), cacheDir).split(path.sep).join('/')}/ to ${path.join(top, '.gitignore')}`);
  }
  if (!inGit) {
    options.log('next: run "git init", then "npm install" (its "prepare" script runs husky, which activates the hook)');
  } else if (git(['config', '--get', 'core.hooksPath']).stdout?.trim() !== '.husky/_') {
    options.log('next: run "npm install"; its "prepare" script runs husky, which activates the hook');
  }
  if (changes.length === 0) options.log('agents-lint init: already set up; nothing changed');
  else {
    const touched = [...new Set(changes.map((c) => c.slice(0, c.indexOf(':'))))];
    options.log(`next: commit ${touched.length > 1 ? `${touched.slice(0, -1).join(', ')} and ${touched[touched.length - 1]}` : touched[0]}; run "npx agents-lint" to see the current findings`);
  }
  return { changes };
}

/**
 * The .gitignore line (`/path/`, from the project directory) for the default cache directory when
 * it lies inside the project; undefined when it lies elsewhere, as it does by default.
 */
function cacheIgnoreEntry(dir: string): string | undefined {
  const project = realPathOf(dir);
  const cache = realPathOf(path.resolve(dir, defaultCacheDir()));
  if (cache === project || !isInside(cache, project)) return undefined;
  return `/${path.relative(project, cache).split(path.sep).join('/')}/`;
}

/**
 * Refuses (a usage error, before anything is written) a path init would write that is a symlink,
 * not a regular file (or directory), or whose real location is outside the project.
 */
function refuseUnsafe(dir: string, file: string, kind: 'file' | 'dir' = 'file'): void {
  let stat: fs.Stats | undefined;
  try {
    stat = fs.lstatSync(file);
  } catch {
    stat = undefined;
  }
  const rel = path.relative(dir, file);
  if (stat) {
    if (stat.isSymbolicLink()) throw new UsageError(`${rel} is a symlink; agents-lint init writes only regular files inside the project, so it changed nothing`);
    if (kind === 'file' ? !stat.isFile() : !stat.isDirectory()) throw new UsageError(`${rel} is not a regular ${kind === 'file' ? 'file' : 'directory'}; agents-lint init changed nothing`);
  }
  if (!isInside(realPathOf(path.dirname(file)), realPathOf(dir))) throw new UsageError(`${rel} lies outside the project; agents-lint init changed nothing`);
}

/** Where `p` really is: its nearest existing ancestor resolved (symlinks followed), the rest appended. */
function realPathOf(p: string): string {
  try {
    return fs.realpathSync(p);
  } catch {
    const parent = path.dirname(p);
    return parent === p ? p : path.join(realPathOf(parent), path.basename(p));
  }
}

/** Writes a regular file atomically (repo/atomic-write.ts), keeping an existing file's mode unless one is given. */
function writeRegular(file: string, content: string, mode?: number): void {
  writeAtomically(file, (fd) => writeFully(fd, content), mode);
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
