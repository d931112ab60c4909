import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { finding, get, keyLocation, literal, nearestFile, parseArgs, recordKeys } from './common.js';
import type { Finding, Runner, RunnerContext } from './types.js';
import type { ShellWord } from '../parse.js';

/** Executables of well-known Python distributions not named after the distribution. */
const PY_BINS: Record<string, string[]> = {
  sphinx: ['sphinx-build', 'sphinx-apidoc', 'sphinx-autogen'],
  'sphinx-autobuild': ['sphinx-autobuild'],
  django: ['django-admin'],
  pytest: ['pytest', 'py.test'],
  'jupyter-core': ['jupyter'],
  jupyterlab: ['jupyter', 'jupyter-lab'],
  'pyinstaller': ['pyinstaller', 'pyi-makespec'],
  'python-semantic-release': ['semantic-release'],
  'poethepoet': ['poe'],
  'mkdocs-material': ['mkdocs'],
  'maturin': ['maturin'],
  'pip-tools': ['pip-compile', 'pip-sync'],
  'typer': ['typer'],
  'ipython': ['ipython', 'ipython3'],
  // Plugins that install their tool as a dependency: pytest-cov requires coverage.
  'pytest-cov': ['coverage'],
};
const PY_GLOBAL = new Set(['python', 'python3', 'pip', 'pip3', 'py', 'bash', 'sh', 'git', 'make', 'docker', 'echo', 'env']);

function normalize(name: string): string {
  return name.toLowerCase().replace(/[._]+/g, '-');
}

function requirementName(spec: unknown): string | null {
  if (typeof spec !== 'string') return null;
  const m = /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)/.exec(spec);
  return m?.[1] ? normalize(m[1]) : null;
}

/** Every distribution any pyproject.toml in the repository declares, in any group or tool table. */
const depsCache = new WeakMap<RepoIndex, Set<string>>();

export function pythonDependencies(repo: RepoIndex): Set<string> {
  const cached = depsCache.get(repo);
  if (cached) return cached;
  const out = new Set<string>();
  depsCache.set(repo, out);
  const addList = (v: unknown) => {
    for (const s of Array.isArray(v) ? v : []) {
      const n = requirementName(s);
      if (n) out.add(n);
    }
  };
  const addRecordOfLists = (v: unknown) => {
    if (isRecord(v)) for (const list of Object.values(v)) addList(list);
  };
  for (const file of repo.filesNamed('pyproject.toml')) {
    const t = repo.toml(file);
    addList(get(t, 'project', 'dependencies'));
    addRecordOfLists(get(t, 'project', 'optional-dependencies'));
    addRecordOfLists(get(t, 'dependency-groups'));
    addList(get(t, 'tool', 'uv', 'dev-dependencies'));
    addRecordOfLists(get(t, 'tool', 'pdm', 'dev-dependencies'));
    for (const k of recordKeys(get(t, 'tool', 'poetry', 'dependencies'))) out.add(normalize(k));
    for (const k of recordKeys(get(t, 'tool', 'poetry', 'dev-dependencies'))) out.add(normalize(k));
    const groups = get(t, 'tool', 'poetry', 'group');
    if (isRecord(groups)) for (const g of Object.values(groups)) for (const k of recordKeys(get(g, 'dependencies'))) out.add(normalize(k));
    const envs = get(t, 'tool', 'hatch', 'envs');
    if (isRecord(envs)) for (const e of Object.values(envs)) {
      addList(get(e, 'dependencies'));
      addList(get(e, 'extra-dependencies'));
    }
  }
  // Lockfiles list every installed distribution, transitive ones included (`coverage` via
  // pytest-cov). uv.lock, poetry.lock and pdm.lock are TOML with one `name = "..."` per [[package]];
  // a line scan avoids parsing lockfiles of several megabytes.
  for (const file of repo.files.filter((f) => /(^|\/)(uv|poetry|pdm)\.lock$/.test(f))) {
    for (const m of (repo.text(file) ?? '').matchAll(/^name = "([^"]+)"/gm)) if (m[1]) out.add(normalize(m[1]));
  }
  for (const file of repo.files.filter((f) => /(^|\/)requirements[^/]*\.(txt|in)$/.test(f))) {
    for (const line of (repo.text(file) ?? '').split('\n')) {
      const n = requirementName(line);
      if (n && !line.trim().startsWith('-')) out.add(n);
    }
  }
  return out;
}

export function hasPythonBinary(repo: RepoIndex, name: string): boolean {
  if (PY_GLOBAL.has(name)) return true;
  const deps = pythonDependencies(repo);
  if (deps.has(normalize(name))) return true;
  for (const dep of deps) if (PY_BINS[dep]?.includes(name)) return true;
  // Entry points declared by the project itself.
  for (const file of repo.filesNamed('pyproject.toml')) {
    const t = repo.toml(file);
    if (recordKeys(get(t, 'project', 'scripts')).includes(name) || recordKeys(get(t, 'project', 'gui-scripts')).includes(name)) return true;
    if (recordKeys(get(t, 'tool', 'poetry', 'scripts')).includes(name)) return true;
  }
  return false;
}

type Tool = 'uv' | 'poetry' | 'pdm' | 'hatch';
const VALUE_FLAGS = new Set(['--with', '--package', '--python', '-p', '--extra', '--group', '--only-group', '--no-group', '--with-requirements', '--with-editable', '--env', '-e', '--directory', '--project', '--index', '--env-file']);

/** Scripts the tool's own `run` resolves before falling back to an executable. */
function toolScripts(repo: RepoIndex, tool: Tool, pyproject: string, env: string | null): Set<string> {
  const t = repo.toml(pyproject);
  if (tool === 'pdm') return new Set(recordKeys(get(t, 'tool', 'pdm', 'scripts')));
  if (tool === 'hatch') return new Set(recordKeys(get(t, 'tool', 'hatch', 'envs', env ?? 'default', 'scripts')));
  return new Set();
}

function runIn(tool: Tool, word: ShellWord, rest: ShellWord[], ctx: RunnerContext, env: string | null): Finding[] {
  const pyproject = nearestFile(ctx.repo, ctx.cwd, ['pyproject.toml']);
  if (!pyproject) return [];
  const name = word.value;
  const scripts = toolScripts(ctx.repo, tool, pyproject, env);
  if (scripts.has(name)) return [];
  // A file path or a module run (`uv run -m`, `uv run src/app.py`) is for the path rules.
  if (name.includes('/') || name.endsWith('.py')) return [];
  if (hasPythonBinary(ctx.repo, name)) return ctx.dispatch([word, ...rest], ctx.cwd);
  return [
    finding({
      kind: 'script', problem: 'not-defined', word, tool: `${tool} run`, name, what: tool === 'pdm' || tool === 'hatch' ? 'script or executable' : 'entry point or executable',
      where: `${pyproject} (scripts and dependencies)`, related: keyLocation(ctx.repo, pyproject, /^\[project\]|^\[tool\./m),
      candidates: [...scripts, ...recordKeys(get(ctx.repo.toml(pyproject), 'project', 'scripts'))],
    }),
  ];
}

/** A hatch environment the project does not define, or null when it is defined or cannot be known. */
function unknownHatchEnv(ctx: RunnerContext, word: ShellWord, env: string): Finding | null {
  const pyproject = nearestFile(ctx.repo, ctx.cwd, ['pyproject.toml']);
  const envs = get(ctx.repo.toml(pyproject ?? ''), 'tool', 'hatch', 'envs');
  if (isRecord(get(envs, env))) return null;
  // hatch fails with "Environment `docs` is not defined" unless hatch.toml defines it, it is one of
  // hatch's internal environments, or it is a matrix name (`test.py3.12`) we do not expand.
  const hatchToml = pyproject?.includes('/') ? `${pyproject.slice(0, pyproject.lastIndexOf('/'))}/hatch.toml` : 'hatch.toml';
  if (!pyproject || !env || ctx.repo.has(hatchToml) || env.includes('.') || env.startsWith('hatch-') || env === 'default') return null;
  return finding({ kind: 'target', problem: 'not-defined', word, tool: 'hatch', name: env, what: 'hatch environment', where: pyproject, related: keyLocation(ctx.repo, pyproject, /^\[tool\.hatch\.envs/m), candidates: recordKeys(envs) });
}

function pythonRunner(tool: Tool): Runner {
  return (argv, ctx) => {
    const parsed = parseArgs(argv.slice(1), VALUE_FLAGS, true);
    const command = parsed.positionals[0];
    if (!literal(command) || command.value !== 'run') return [];
    // `hatch run +py=3.12 test`: matrix selectors before the script (https://hatch.pypa.io/latest/cli/reference/#hatch-run).
    const runArgs = tool === 'hatch' ? parsed.rest.filter((w, i) => !(w.value.startsWith('+') && parsed.rest.slice(0, i).every((p) => p.value.startsWith('+') || p.value.startsWith('-')))) : parsed.rest;
    const rest = parseArgs(runArgs, VALUE_FLAGS, true);
    // `--with` adds packages on the fly; `-m` runs a module: nothing static to check.
    if (rest.flags.some((f) => ['--with', '-m', '--module', '--script', '-s'].includes(f.name))) return [];
    const target = rest.positionals[0];
    if (!literal(target)) return [];
    let env: string | null = null;
    let word = target;
    if (tool === 'hatch') {
      // `hatch -e lint run style` or `hatch run lint:style`.
      const envFlag = parsed.flags.find((f) => (f.name === '-e' || f.name === '--env') && f.value)?.value;
      if (target.value.includes(':')) {
        const colon = target.value.indexOf(':');
        env = target.value.slice(0, colon);
        word = { ...target, value: target.value.slice(colon + 1), start: target.start + colon + 1 };
        const bad = unknownHatchEnv(ctx, { ...target, value: env, end: target.start + colon }, env);
        if (bad) return [bad];
      } else if (envFlag) {
        if (!literal(envFlag)) return [];
        env = envFlag.value;
        const bad = unknownHatchEnv(ctx, envFlag, env);
        if (bad) return [bad];
      }
      if (env !== null && !isRecord(get(ctx.repo.toml(nearestFile(ctx.repo, ctx.cwd, ['pyproject.toml']) ?? ''), 'tool', 'hatch', 'envs', env))) return [];
    }
    return runIn(tool, word, rest.rest, ctx, env);
  };
}

export const uv = pythonRunner('uv');
export const poetry: Runner = (argv, ctx) => {
  // `poetry poe lint` (poethepoet's poetry plugin).
  if (argv[1]?.value === 'poe') return ctx.dispatch(argv.slice(1), ctx.cwd);
  return pythonRunner('poetry')(argv, ctx);
};
export const pdm = pythonRunner('pdm');
export const hatch = pythonRunner('hatch');
