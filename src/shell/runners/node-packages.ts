import picomatch from 'picomatch';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { fileIn, nearestFile, parentOf, recordKeys } from './common.js';

/** A package.json the package managers can run scripts from. */
export interface NodePackage {
  dir: string;
  manifest: string;
  name: string | null;
  scripts: ReadonlySet<string>;
  bins: ReadonlySet<string>;
  deps: ReadonlySet<string>;
}

/** The set of a package that declares none: most packages have no bins, many no dependencies (one Set each was ~100 bytes, 10,000 times over). */
const NONE: ReadonlySet<string> = new Set();
const setOf = (items: Iterable<string>): ReadonlySet<string> => {
  const set = new Set(items);
  return set.size === 0 ? NONE : set;
};

const byRepo = new WeakMap<RepoIndex, Map<string, NodePackage | null>>();

export function nodePackageAt(repo: RepoIndex, dir: string): NodePackage | null {
  let cache = byRepo.get(repo);
  if (!cache) byRepo.set(repo, (cache = new Map()));
  if (cache.has(dir)) return cache.get(dir) ?? null;
  const manifest = fileIn(dir, 'package.json');
  const json = repo.json(manifest);
  let pkg: NodePackage | null = null;
  if (isRecord(json)) {
    const bin = json['bin'];
    const name = typeof json['name'] === 'string' ? json['name'] : null;
    const bins = setOf(typeof bin === 'string' && name ? [name.replace(/^@[^/]+\//, '')] : recordKeys(bin));
    const deps = new Set<string>();
    for (const key of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) for (const d of recordKeys(json[key])) deps.add(d);
    pkg = { dir, manifest, name, scripts: setOf(recordKeys(json['scripts'])), bins, deps: deps.size === 0 ? NONE : deps };
  }
  cache.set(dir, pkg);
  return pkg;
}

/** The package a command in `cwd` runs in: the nearest package.json at or above it. */
export function nearestNodePackage(repo: RepoIndex, cwd: string): NodePackage | null {
  const manifest = nearestFile(repo, cwd, ['package.json']);
  if (manifest === null) return null;
  return nodePackageAt(repo, manifest === 'package.json' ? '' : manifest.slice(0, -'/package.json'.length));
}

/** The workspace root above a package (the top-most package.json that declares workspaces), or ''. */
export function workspaceRoot(repo: RepoIndex): NodePackage | null {
  return nodePackageAt(repo, '');
}

export function workspaceNodePackages(repo: RepoIndex): NodePackage[] {
  const out: NodePackage[] = [];
  const seen = new Set<string>();
  for (const ws of repo.workspacePackages()) {
    // A directory is listed once per ecosystem (a crate with a package.json beside it): one package.
    if (seen.has(ws.dir)) continue;
    seen.add(ws.dir);
    const pkg = nodePackageAt(repo, ws.dir);
    if (pkg) out.push(pkg);
  }
  return out;
}

/**
 * pnpm's `--filter` selectors: a name (scope optional when unique), a glob over names, `./dir` or
 * `{dir}` paths, with `...` (dependents/dependencies) and `^` modifiers stripped; `!` excludes.
 * Source: https://pnpm.io/filtering. Returns null for selectors this static check cannot evaluate.
 */
export function selectPackages(repo: RepoIndex, selector: string, cwd: string): NodePackage[] | null {
  let s = selector;
  if (s.startsWith('!')) return null;
  if (s.includes('[')) return null; // git-range selectors (`[origin/main]`) depend on history.
  s = s.replace(/^\.\.\.\^?/, '').replace(/\^?\.\.\.$/, '');
  const all = [nodePackageAt(repo, ''), ...workspaceNodePackages(repo)].filter((p): p is NodePackage => p !== null);
  const braces = /^\{(.+)\}$/.exec(s);
  if (braces || s.startsWith('./') || s.startsWith('../') || s === '.') {
    const rel = (braces?.[1] ?? s).replace(/^\.\//, '');
    const base = cwd ? `${cwd}/${rel}` : rel;
    const norm = base.split('/').reduce<string[]>((acc, part) => (part === '..' ? acc.slice(0, -1) : part === '.' || part === '' ? acc : [...acc, part]), []).join('/');
    const match = picomatch(norm || '.', { dot: true });
    return all.filter((p) => norm === '' || p.dir === norm || p.dir.startsWith(`${norm}/`) || match(p.dir || '.'));
  }
  if (/[*?]/.test(s)) {
    const match = picomatch(s);
    return all.filter((p) => p.name !== null && (match(p.name) || match(p.name.replace(/^@[^/]+\//, ''))));
  }
  const exact = all.filter((p) => p.name === s);
  if (exact.length) return exact;
  return all.filter((p) => p.name !== null && p.name.replace(/^@[^/]+\//, '') === s);
}

export function packageNames(repo: RepoIndex): string[] {
  return workspaceNodePackages(repo).flatMap((p) => (p.name ? [p.name] : []));
}

/** Binary names of well-known packages whose executable is not named after the package. */
const KNOWN_BINS: Record<string, string[]> = {
  typescript: ['tsc', 'tsserver'],
  '@biomejs/biome': ['biome'],
  '@playwright/test': ['playwright'],
  '@changesets/cli': ['changeset'],
  '@angular/cli': ['ng'],
  '@nestjs/cli': ['nest'],
  '@vue/cli-service': ['vue-cli-service'],
  'vue-tsc': ['vue-tsc'],
  '@sveltejs/kit': ['svelte-kit'],
  'npm-run-all': ['npm-run-all', 'run-s', 'run-p'],
  'npm-run-all2': ['npm-run-all', 'run-s', 'run-p'],
  '@storybook/cli': ['storybook', 'sb'],
  storybook: ['storybook', 'sb'],
  '@microsoft/api-extractor': ['api-extractor'],
  'ts-node': ['ts-node', 'ts-node-esm'],
  '@swc/cli': ['swc'],
  '@babel/cli': ['babel'],
  'react-scripts': ['react-scripts'],
  prisma: ['prisma'],
  'drizzle-kit': ['drizzle-kit'],
  '@astrojs/check': ['astro-check'],
  '@oxlint/cli': ['oxlint'],
  'tsc-alias': ['tsc-alias'],
  jest: ['jest'],
  '@jest/core': ['jest'],
  wrangler: ['wrangler'],
  'lint-staged': ['lint-staged'],
  husky: ['husky'],
  rimraf: ['rimraf'],
  'cross-env': ['cross-env', 'cross-env-shell'],
};

/** Tools agents may run through `exec`/`npx` that live outside node_modules. */
export const GLOBAL_TOOLS = new Set([
  'git', 'gh', 'docker', 'docker-compose', 'podman', 'kubectl', 'helm', 'terraform', 'node', 'npm', 'pnpm', 'yarn', 'bun', 'deno',
  'corepack', 'python', 'python3', 'pip', 'pip3', 'uv', 'uvx', 'go', 'cargo', 'rustc', 'rustup', 'make', 'just', 'task', 'bash',
  'sh', 'zsh', 'echo', 'cat', 'ls', 'cp', 'mv', 'rm', 'mkdir', 'touch', 'find', 'grep', 'rg', 'sed', 'awk', 'curl', 'wget',
  'jq', 'tar', 'unzip', 'env', 'which', 'test', 'true', 'false', 'sleep', 'xargs', 'tee', 'head', 'tail', 'sort', 'diff',
  'chmod', 'chown', 'ln', 'pwd', 'export', 'source', 'printf', 'open', 'code', 'ssh', 'scp', 'rsync', 'brew', 'apt', 'apt-get',
]);

function binsOfDependency(dep: string): string[] {
  const known = KNOWN_BINS[dep];
  if (known) return known;
  const bare = dep.replace(/^@[^/]+\//, '');
  const scope = /^@([^/]+)\//.exec(dep)?.[1];
  // Most packages name their executable after themselves, or after the scope (`@playwright/test`).
  return scope ? [bare, scope, `${scope}-${bare}`] : [dep];
}

/**
 * Whether `name` can be run as a local binary from `dir`: an installed `node_modules/.bin` entry at
 * or above it, a `bin` declared by a workspace package, or a declared dependency known to provide it.
 */
export function hasNodeBinary(repo: RepoIndex, dir: string, name: string): boolean {
  if (GLOBAL_TOOLS.has(name)) return true;
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    const probe = repo.fs.probe(repo.abs(fileIn(d, `node_modules/.bin/${name}`)));
    if (probe.kind === 'file') return true;
  }
  const packages = [nodePackageAt(repo, ''), nearestNodePackage(repo, dir), ...workspaceNodePackages(repo)];
  for (const pkg of packages) {
    if (!pkg) continue;
    if (pkg.bins.has(name)) return true;
    for (const dep of pkg.deps) if (binsOfDependency(dep).includes(name)) return true;
  }
  return false;
}
