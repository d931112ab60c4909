import { globMatcher } from './glob-matcher.js';
import { posixDirname } from './join.js';
import { isRecord, stringArray } from './manifests.js';

export interface WorkspacePackage {
  /** Repository-relative directory ('' for the root). */
  dir: string;
  /** The ecosystem that declared it. */
  source: 'npm' | 'pnpm' | 'lerna' | 'nx' | 'cargo' | 'go' | 'uv';
}

/** The manifests findWorkspacePackages finds by name (RepoIndex.filesNamed), for a run that scans for names it will ask. */
export const WORKSPACE_MANIFEST_NAMES: readonly string[] = ['package.json', 'project.json', 'Cargo.toml', 'go.mod', 'pyproject.toml'];

/**
 * Workspace package directories of every ecosystem the repository declares. Globs are matched against
 * the index's directories (which already honour .gitignore and skip node_modules), so no second walk
 * of the disk is needed; each pattern only matches directories holding the ecosystem's manifest.
 */
/** What findWorkspacePackages reads of a repository (RepoIndex answers it; named here, so the index can import this module). */
export interface WorkspaceManifests {
  filesNamed(name: string): readonly string[];
  json(rel: string): unknown;
  yaml(rel: string): unknown;
  toml(rel: string): unknown;
  text(rel: string): string | null;
}

/** The manifest ecosystem of a source: npm, pnpm, lerna and nx all declare package.json/project.json packages of one Node workspace. */
function ecosystemOf(source: WorkspacePackage['source']): string {
  return source === 'cargo' || source === 'go' || source === 'uv' ? source : 'node';
}

/**
 * Each directory is listed once per ecosystem: a directory can be a pnpm package and a Cargo crate at
 * once (a package.json beside a Cargo.toml), and each ecosystem's runner needs to find it.
 */
export function findWorkspacePackages(repo: WorkspaceManifests): WorkspacePackage[] {
  const found = new Map<string, WorkspacePackage>();
  const key = (source: WorkspacePackage['source'], dir: string) => `${dir}\0${ecosystemOf(source)}`;
  const add = (source: WorkspacePackage['source'], patterns: string[], manifest: string) => {
    const include = patterns.filter((p) => !p.startsWith('!')).map(normalizePattern);
    const exclude = patterns.filter((p) => p.startsWith('!')).map((p) => normalizePattern(p.slice(1)));
    if (include.length === 0) return;
    const isIncluded = globMatcher(include, { dot: false });
    const isExcluded = exclude.length ? globMatcher(exclude) : null;
    // An indexed loop, no call for an empty exclude list: thousands of packages, in V8's interpreter.
    const manifests = repo.filesNamed(manifest);
    for (let i = 0; i < manifests.length; i++) {
      const dir = posixDirname(manifests[i]!);
      if (dir === '.' || found.has(key(source, dir))) continue;
      if (isIncluded(dir) && (isExcluded === null || !isExcluded(dir))) found.set(key(source, dir), { dir, source });
    }
  };

  const pkg = repo.json('package.json');
  if (isRecord(pkg)) {
    const ws = pkg['workspaces'];
    add('npm', Array.isArray(ws) ? stringArray(ws) : isRecord(ws) ? stringArray(ws['packages']) : [], 'package.json');
  }
  const pnpm = repo.yaml('pnpm-workspace.yaml');
  if (isRecord(pnpm)) add('pnpm', stringArray(pnpm['packages']), 'package.json');
  const lerna = repo.json('lerna.json');
  if (isRecord(lerna)) add('lerna', stringArray(lerna['packages']), 'package.json');
  for (const file of repo.filesNamed('project.json')) {
    const dir = posixDirname(file);
    // nx: every project.json declares a project, wherever it sits.
    if (dir !== '.' && !found.has(key('nx', dir)) && isRecord(repo.json(file))) found.set(key('nx', dir), { dir, source: 'nx' });
  }
  const cargo = repo.toml('Cargo.toml');
  const cargoWs = isRecord(cargo) ? cargo['workspace'] : undefined;
  if (isRecord(cargoWs)) add('cargo', [...stringArray(cargoWs['members']), ...stringArray(cargoWs['exclude']).map((e) => `!${e}`)], 'Cargo.toml');
  const goWork = repo.text('go.work');
  if (goWork !== null) add('go', goWorkUses(goWork), 'go.mod');
  const py = repo.toml('pyproject.toml');
  const uvWs = isRecord(py) && isRecord(py['tool']) && isRecord(py['tool']['uv']) ? py['tool']['uv']['workspace'] : undefined;
  if (isRecord(uvWs)) add('uv', [...stringArray(uvWs['members']), ...stringArray(uvWs['exclude']).map((e) => `!${e}`)], 'pyproject.toml');

  // By directory (then ecosystem): keys (`dir\0ecosystem`) sorted without a comparator, which compares natively (the
  // same code-unit order as `<`; the NUL separator sorts a directory before its subdirectories), not
  // by a call per comparison in V8's interpreter.
  const keys = [...found.keys()].sort();
  return keys.map((k) => found.get(k)!);
}

function normalizePattern(pattern: string): string {
  return pattern.replace(/^\.\//, '').replace(/\/+$/, '') || '.';
}

/** `use ./a` and `use ( ./a ./b )` directives of a go.work file. */
export function goWorkUses(text: string): string[] {
  const uses: string[] = [];
  const withoutComments = text.replace(/\/\/[^\n]*/g, '');
  for (const match of withoutComments.matchAll(/^\s*use\s*(?:\(([^)]*)\)|(\S+))/gm)) {
    const block = match[1] ?? match[2] ?? '';
    for (const item of block.split(/\s+/)) if (item) uses.push(item.replace(/^"|"$/g, ''));
  }
  return uses;
}
