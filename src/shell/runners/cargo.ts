import * as path from 'node:path';
import type { RepoIndex } from '../../repo/repo-index.js';
import { isRecord } from '../../repo/manifests.js';
import { fileIn, finding, get, keyLocation, literal, parentOf, parseArgs, recordKeys } from './common.js';
import type { Finding, Runner } from './types.js';

/** cargo's built-in commands and aliases (`cargo --list` of Rust 1.8x). */
export const CARGO_COMMANDS = new Set(
  ('add b bench build c check clean clippy config d doc fetch fix fmt generate-lockfile git-checkout help info init install ' +
    'locate-project login logout metadata miri new owner package pkgid publish r read-manifest remove report rm run rustc ' +
    'rustdoc search t test tree uninstall update vendor verify-project version yank')
    .split(' '),
);
/** Widely installed third-party subcommands (`cargo-<name>` binaries on PATH). */
export const CARGO_EXTERNAL = new Set(
  ('nextest watch deny audit insta llvm-cov udeps expand edit outdated hack machete release dist binstall tarpaulin ' +
    'criterion fuzz make about sort shear semver-checks component msrv bloat flamegraph lambda leptos tauri wasm-pack ' +
    'zigbuild xwin ndk apk bundle dinghy geiger license public-api readme sweep upgrade workspaces set-version mutants ' +
    'careful cross codspeed pgo run-bin autoinherit features spellcheck')
    .split(' '),
);

/** Aliases from `[alias]` in .cargo/config.toml (or .cargo/config) at or above `dir`. */
export function cargoAliases(repo: RepoIndex, dir: string): { names: Set<string>; files: string[] } {
  const names = new Set<string>();
  const files: string[] = [];
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    for (const name of ['.cargo/config.toml', '.cargo/config']) {
      const file = fileIn(d, name);
      const value = repo.toml(file);
      if (isRecord(value)) {
        files.push(file);
        for (const a of recordKeys(value['alias'])) names.add(a);
      }
    }
  }
  return { names, files };
}

/** Package names of the cargo workspace around `dir`: the root package and every member's. */
export function cargoPackages(repo: RepoIndex, dir: string): { names: Set<string>; manifest: string | null } {
  const names = new Set<string>();
  let manifest: string | null = null;
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    const file = fileIn(d, 'Cargo.toml');
    if (repo.has(file)) manifest = file;
  }
  if (!manifest) return { names, manifest };
  const rootDir = path.posix.dirname(manifest) === '.' ? '' : path.posix.dirname(manifest);
  const add = (file: string) => {
    const name = get(repo.toml(file), 'package', 'name');
    if (typeof name === 'string') names.add(name);
  };
  add(manifest);
  for (const pkg of repo.workspacePackages()) if (pkg.source === 'cargo' && (rootDir === '' || pkg.dir.startsWith(`${rootDir}/`))) add(fileIn(pkg.dir, 'Cargo.toml'));
  return { names, manifest };
}

const CARGO_VALUE_FLAGS = new Set(['-p', '--package', '--bin', '--example', '--test', '--bench', '--features', '-F', '--target', '--manifest-path', '--profile', '-j', '--jobs', '--exclude', '--color', '-Z', '--config', '--target-dir']);

export const cargo: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), CARGO_VALUE_FLAGS, true);
  const command = parsed.positionals[0];
  if (!literal(command)) return [];
  // `cargo +nightly build` selects a toolchain.
  if (command.value.startsWith('+')) return cargo([argv[0] ?? command, ...parsed.rest], ctx);
  if (parsed.flags.some((f) => f.name === '--manifest-path')) return [];
  const out: Finding[] = [];
  const v = command.value;
  if (!CARGO_COMMANDS.has(v) && !CARGO_EXTERNAL.has(v)) {
    const aliases = cargoAliases(ctx.repo, ctx.cwd);
    const onPath = ctx.repo.dirs.has(v) && v === 'xtask';
    if (!aliases.names.has(v) && !onPath) {
      const where = aliases.files[0] ?? (ctx.cwd ? `${ctx.cwd}/.cargo/config.toml` : '.cargo/config.toml');
      out.push(finding({ kind: 'target', problem: 'not-defined', word: command, tool: 'cargo', name: v, what: 'cargo subcommand or alias', where, related: aliases.files[0] ? keyLocation(ctx.repo, aliases.files[0], /^\[alias\]/m) : undefined, candidates: [...aliases.names, ...CARGO_COMMANDS].filter((c) => c.length > 2) }));
    }
    return out;
  }
  const rest = parseArgs(parsed.rest, CARGO_VALUE_FLAGS);
  const packages = rest.flags.filter((f) => (f.name === '-p' || f.name === '--package') && f.value).map((f) => f.value!);
  if (packages.length) {
    const ws = cargoPackages(ctx.repo, ctx.cwd);
    if (!ws.manifest || ws.names.size === 0) return out;
    for (const p of packages) {
      // A spec may carry a version (`serde@1.0`) or be a dependency of the workspace: only plain names are checked.
      if (!literal(p) || /[@:#*]/.test(p.value) || ws.names.has(p.value)) continue;
      if (cargoDependsOn(ctx.repo, p.value)) continue;
      out.push(finding({ kind: 'target', problem: 'not-defined', word: p, tool: 'cargo', name: p.value, what: 'cargo package', where: ws.manifest, related: keyLocation(ctx.repo, ws.manifest, /^\[(workspace|package)\]/m), candidates: ws.names }));
    }
  }
  return out;
};

/** `cargo test -p serde` is valid for any package in the dependency graph; check declared dependencies. */
function cargoDependsOn(repo: RepoIndex, name: string): boolean {
  for (const file of repo.filesNamed('Cargo.toml')) {
    const t = repo.toml(file);
    for (const key of ['dependencies', 'dev-dependencies', 'build-dependencies']) {
      if (recordKeys(get(t, key)).includes(name) || recordKeys(get(t, 'workspace', key)).includes(name)) return true;
    }
  }
  return false;
}
