import * as fs from 'node:fs';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { UsageError } from './errors.js';
import { VERSION } from './version.js';

/**
 * The lint-staged glob: instruction files and the manifests their references resolve through. It
 * has no slash, so lint-staged matches it against each staged file's basename in any directory.
 */
export const LINT_STAGED_GLOB =
  '{AGENTS.md,AGENTS.override.md,CLAUDE.md,GEMINI.md,package.json,pnpm-workspace.yaml,Makefile,GNUmakefile,makefile,justfile,Justfile,.justfile,Taskfile.yml,Taskfile.yaml,.agents-lint.json,agents-lint.config.json}';
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
  if (changes.length) fs.writeFileSync(pkgPath, JSON.stringify(pkg, null, indent) + '\n');

  const hookDir = path.join(options.dir, '.husky');
  const hook = path.join(hookDir, 'pre-commit');
  const current = safeRead(hook);
  if (current === undefined) {
    fs.mkdirSync(hookDir, { recursive: true });
    fs.writeFileSync(hook, `${HOOK_LINE}\n`, { mode: 0o755 });
    changes.push('.husky/pre-commit: created, running lint-staged');
  } else if (!current.includes('lint-staged')) {
    fs.writeFileSync(hook, `${current.replace(/\n?$/, '\n')}${HOOK_LINE}\n`);
    changes.push('.husky/pre-commit: appended "npx lint-staged"');
  }

  for (const line of changes) options.log(line);
  // husky 9's bare `husky` command points git's core.hooksPath at .husky/_ (husky's docs, "How it works").
  const huskyBin = path.join(options.dir, 'node_modules', '.bin', 'husky');
  const gitHooksPath = spawnSync('git', ['config', '--get', 'core.hooksPath'], { cwd: options.dir, encoding: 'utf8' });
  const inGit = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { cwd: options.dir, encoding: 'utf8' }).stdout.trim() === 'true';
  if (!inGit) {
    options.log('note: not inside a git repository; run "git init" and then "npx husky" to activate the hook');
  } else if (gitHooksPath.stdout.trim() === '.husky/_') {
    // Already active.
  } else if (fs.existsSync(huskyBin)) {
    const run = spawnSync(huskyBin, [], { cwd: options.dir, encoding: 'utf8' });
    if (run.status === 0) {
      changes.push('git: activated the hooks in .husky (core.hooksPath)');
      options.log('git: activated the hooks in .husky (core.hooksPath)');
    } else {
      options.log(`note: running husky failed (${(run.stderr || run.stdout).trim()}); run "npx husky" yourself`);
    }
  } else {
    options.log('next: run "npm install" to install husky and lint-staged; its "prepare" script activates the hook');
  }
  if (changes.length === 0) options.log('agents-lint init: already set up; nothing changed');
  return { changes };
}

function safeRead(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}
