import * as path from 'node:path';
import type { InstructionFile } from '../markdown/instruction-file.js';
import type { RepoIndex } from '../repo/repo-index.js';
import { inDotDirectory, type DiscoveryView } from '../discovery/view.js';
import { isRecord } from '../repo/manifests.js';
import { commandsOf, type CommandRef } from '../markdown/commands.js';
import { INTRODUCES_EXAMPLE, sentenceContext, type SentenceContext } from '../markdown/references/sentence-context.js';
import { resolveCommand, type Finding } from './runners/index.js';
import { fileIn, keyLocation, parentOf } from './runners/common.js';
import { joinRel } from '../markdown/references/repo-facts.js';
import { nodePackageAt, workspaceNodePackages } from './runners/node-packages.js';
import type { LookedIn } from './runners/types.js';

export interface CommandFinding extends Finding {
  command: CommandRef;
}

const FINDINGS = Symbol('command findings');

/**
 * Unresolved references of every command in the file, computed once for all command rules. A command
 * without a `cd` runs wherever the agent starts: from the file's own directory or any working
 * directory that loads the file (a root AGENTS.md is read from every package), or the repository root. A reference is
 * reported only when it fails from all of them: the other directories are tried only for a command
 * that fails from the file's own, and only until every reference of it has resolved somewhere
 * (what those tries would have read, manifests included, is not needed for the answer). An inline
 * command may also run in a directory its sentence names ("run `npm test` from `clients/web/`"):
 * it is tried from each such existing directory last, and the finding, when one is left, still
 * names where it was looked for from the file's own directory.
 */
export function commandFindings(file: InstructionFile, repo: RepoIndex, discovery: DiscoveryView): CommandFinding[] {
  return file.derived(FINDINGS, () => commandFindingsUncached(file, repo, discovery));
}

function commandFindingsUncached(file: InstructionFile, repo: RepoIndex, discovery: DiscoveryView): CommandFinding[] {
  const fileDir = path.posix.dirname(file.path) === '.' ? '' : path.posix.dirname(file.path);
  let loadCwds: string[] | undefined;
  const out: CommandFinding[] = [];
  for (const command of commandsOf(file)) {
    if (command.prohibited || command.cwd === null) continue;
    let failing = resolveCommand(repo, command.argv, command.cwd);
    if (failing.length === 0) continue;
    // `cd src/pkg/infra` in a file of src/pkg, written from the repository root: when the directory
    // does not exist from the file's own, the one it names from the root is where the command runs.
    if (command.cd && command.rootCwd !== null && command.rootCwd !== command.cwd && !repo.isDir(command.cwd) && repo.isDir(command.rootCwd)) {
      failing = resolveCommand(repo, command.argv, command.rootCwd);
      if (failing.length === 0) continue;
    }
    if (!command.cd) {
      // And from the repository root, where agents are most often started (Claude Code reads a
      // package's file there once it works in the package).
      loadCwds ??= [...new Set(['', ...discovery.loadsOf(file.path).map((l) => l.cwd)])].filter((c) => c !== fileDir);
      let fromRoot: Finding[] | undefined;
      for (const cwd of loadCwds) {
        const alt = resolveCommand(repo, command.argv, cwd);
        if (cwd === '') fromRoot = alt;
        failing = stillFailing(failing, alt);
        if (failing.length === 0) break;
      }
      // "Run `npm run test` from `clients/web/`": the sentence says where the command runs.
      if (failing.length > 0 && command.origin === 'inline') {
        for (const cwd of namedDirs(file, repo, command, fileDir)) {
          if (cwd === fileDir || loadCwds.includes(cwd)) continue;
          failing = stillFailing(failing, resolveCommand(repo, command.argv, cwd));
          if (failing.length === 0) break;
        }
      }
      // A file in a host's config directory (.github/copilot-instructions.md) is read by an agent
      // started at the repository root, never in .github: what is left is reported as looked for
      // from the root (`go test ./path` resolves from the agent's directory, not the file's).
      if (failing.length > 0 && fileDir !== '' && inDotDirectory(fileDir)) {
        const rootFindings = fromRoot ?? resolveCommand(repo, command.argv, '');
        failing = failing.map((f) => rootFindings.find((a) => a.word.start === f.word.start && a.kind === f.kind) ?? f);
      }
    }
    for (const f of failing) out.push({ ...f, command });
  }
  return out;
}

/** The findings of `failing` that resolving from another directory (`alt`) leaves failing too. */
function stillFailing(failing: Finding[], alt: readonly Finding[]): Finding[] {
  return failing.filter((f) => alt.some((a) => a.word.start === f.word.start && a.kind === f.kind));
}

/** A span that moves to a directory: `cd clients/web`, `pushd web && npm ci`. */
const CD_SPAN = /^(?:cd|pushd)\s+([\w./@+-]+)(?:\s*(?:&&|;)|$)/;
/** A span that may name a directory: one word of path characters, not starting with `/` or `../`. */
const DIR_SPAN = /^(?:\.\/)?[\w@+-][\w./@+-]*$/;

/**
 * The existing directories the sentence around an inline command names in code (`clients/web/`,
 * `clients/web`, or a `cd clients/web` span): the text may say the command runs there. A name is
 * read from the file's directory and, for a file below the root, from the repository root too;
 * only directories of the repository count.
 */
function namedDirs(file: InstructionFile, repo: RepoIndex, command: CommandRef, fileDir: string): string[] {
  const { from, to } = sentenceContext(file)(command.start, command.end);
  const spans = file.inlineCode();
  const dirs = new Set<string>();
  // The first span of the sentence, by bisection (spans are in document order).
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if ((spans[mid]?.start ?? 0) < from) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < spans.length; i++) {
    const span = spans[i];
    if (!span || span.start >= to) break;
    if (span.end > to || (span.start <= command.start && command.end <= span.end)) continue;
    const value = span.value.trim();
    const cd = CD_SPAN.exec(value)?.[1];
    const named = cd ?? (DIR_SPAN.test(value) ? value : undefined);
    if (named === undefined) continue;
    const bases = cd !== undefined || fileDir === '' ? [fileDir] : [fileDir, ''];
    for (const base of bases) {
      const dir = joinRel(base, named.replace(/\/$/, ''));
      if (dir && repo.isDir(dir)) dirs.add(dir);
    }
  }
  return [...dirs];
}

export type PackageManager = 'npm' | 'pnpm' | 'yarn' | 'bun';

export interface PackageManagerPolicy {
  expected: PackageManager[];
  /** The file that says so (packageManager field or lockfile). */
  evidence: LookedIn;
  /** Said by a `packageManager` field, which Corepack enforces. */
  byField: boolean;
}

const LOCKFILES: [string, PackageManager][] = [
  ['pnpm-lock.yaml', 'pnpm'],
  ['yarn.lock', 'yarn'],
  ['package-lock.json', 'npm'],
  ['npm-shrinkwrap.json', 'npm'],
  ['bun.lockb', 'bun'],
  ['bun.lock', 'bun'],
];

const policies = new WeakMap<RepoIndex, Map<string, PackageManagerPolicy | null>>();

/**
 * The package manager a directory uses: the nearest `packageManager` field (Corepack enforces it),
 * else the lockfiles of the nearest directory that has any. Decided once per directory: every
 * command of a file runs in the same few.
 */
export function packageManagerPolicy(repo: RepoIndex, dir: string): PackageManagerPolicy | null {
  let perRepo = policies.get(repo);
  if (!perRepo) policies.set(repo, (perRepo = new Map()));
  let policy = perRepo.get(dir);
  if (policy === undefined) perRepo.set(dir, (policy = policyUncached(repo, dir)));
  return policy;
}

function policyUncached(repo: RepoIndex, dir: string): PackageManagerPolicy | null {
  for (let d: string | null = dir; d !== null; d = parentOf(d)) {
    const manifest = fileIn(d, 'package.json');
    const json = repo.json(manifest);
    const field = isRecord(json) ? json['packageManager'] : undefined;
    if (typeof field === 'string') {
      const name = /^(npm|pnpm|yarn|bun)@/.exec(field)?.[1] as PackageManager | undefined;
      if (name) return { expected: [name], evidence: keyLocation(repo, manifest, 'packageManager'), byField: true };
    }
    const locks = LOCKFILES.filter(([f]) => repo.has(fileIn(d as string, f)));
    const first = locks[0];
    if (first) return { expected: [...new Set(locks.map(([, pm]) => pm))], evidence: { file: fileIn(d, first[0]), line: 1, column: 1 }, byField: false };
  }
  return null;
}

const USES: Record<string, PackageManager> = { npm: 'npm', pnpm: 'pnpm', pnpx: 'pnpm', yarn: 'yarn', bun: 'bun', bunx: 'bun' };

export interface PackageManagerFinding {
  command: CommandRef;
  used: PackageManager;
  policy: PackageManagerPolicy;
  /** Installs or changes dependencies (else it is reported because Corepack refuses it). */
  writesLockfile: boolean;
}

/** Commands that use a package manager other than the one the repository is set up for. */
/** Subcommands of npm, pnpm, yarn and bun that write the lockfile (a bare `yarn`, `pnpm` or `bun` installs too). */
const LOCKFILE_WRITERS = new Set(['install', 'i', 'ci', 'add', 'update', 'up', 'upgrade', 'remove', 'rm', 'uninstall', 'un', 'dedupe', 'ddp', 'link', 'ln', 'import']);
/**
 * An inline command described rather than prescribed: in a note after a dash ("`installer.ts` — on
 * Windows, runs `npm install x`"), or after "via" or a verb saying what something does ("it runs").
 */
const DESCRIBES_BEFORE = /(?:[—–][^.!?;]{0,40}|\b(?:via|through|runs|installs|spawns|executes|invokes))\s*$/iu;

const published = new WeakMap<RepoIndex, ReadonlySet<string>>();

/** The names of the repository's own packages that are published (a package.json not marked private). */
function publishedNames(repo: RepoIndex): ReadonlySet<string> {
  let names = published.get(repo);
  if (!names) {
    const own = new Set<string>();
    for (const pkg of [nodePackageAt(repo, ''), ...workspaceNodePackages(repo)]) {
      const json = pkg?.name ? repo.json(pkg.manifest) : undefined;
      if (pkg?.name && isRecord(json) && json['private'] !== true) own.add(pkg.name);
    }
    published.set(repo, (names = own));
  }
  return names;
}

/**
 * `npm add @trigger.dev/react-hooks` in the repository that publishes it: setup for the package's
 * users (who install it from the registry), not a step of working on this repository, whose own
 * packages are linked by the workspace. Every package named must be one of them.
 */
function installsOwnPackages(repo: RepoIndex, args: string[], sub: string | undefined): boolean {
  if (sub !== 'add' && sub !== 'install' && sub !== 'i') return false;
  const specs = args.slice(args.indexOf(sub) + 1).filter((a) => !a.startsWith('-'));
  if (specs.length === 0) return false;
  const own = publishedNames(repo);
  return specs.every((spec) => own.has(/^(@[^/@]+\/[^@]+|[^@]+)/.exec(spec)?.[1] ?? spec));
}

export function packageManagerFindings(file: InstructionFile, repo: RepoIndex): PackageManagerFinding[] {
  const out: PackageManagerFinding[] = [];
  let around: ((start: number, end: number) => SentenceContext) | undefined;
  for (const command of commandsOf(file)) {
    // "Never use npm" agrees with a pnpm repository: prohibitions are not uses.
    if (command.prohibited || command.cwd === null) continue;
    const head = command.argv[0];
    const used = head && !head.dynamic ? USES[head.value] : undefined;
    if (!used) continue;
    const args = command.argv.slice(1).map((w) => w.value);
    // Installing a tool globally (`npm i -g pnpm`) or into another prefix is not running the project
    // with npm; only what writes a lockfile is (`npm run lint` in a pnpm repository works as written).
    if (args.includes('-g') || args.includes('--global') || args.some((a) => a.startsWith('--prefix'))) continue;
    // "`installer.ts` — runs `npm install x` on first use", "installed via `npm install`": what the
    // product does, not a command for working on the repository.
    if (command.origin === 'inline') {
      const before = (around ??= sentenceContext(file))(command.start, command.end).before;
      if (DESCRIBES_BEFORE.test(before)) continue;
      // "Prefix nx with the workspace's package manager (e.g., `pnpm nx build`)": an example of a
      // pattern, not a command to run.
      if (INTRODUCES_EXAMPLE().test(before.replace(/\s+/g, ' '))) continue;
    }
    const policy = packageManagerPolicy(repo, command.cwd);
    if (!policy || policy.expected.includes(used)) continue;
    // Corepack refuses yarn and pnpm in a project whose packageManager names another; anything else
    // goes wrong only when it writes a lockfile (`npm run lint` in a pnpm repository works as written).
    const sub = args.find((a) => !a.startsWith('-'));
    const refused = policy.byField && (used === 'yarn' || used === 'pnpm');
    const writesLockfile = sub === undefined ? used !== 'npm' : LOCKFILE_WRITERS.has(sub);
    if (!(refused || writesLockfile) || installsOwnPackages(repo, args, sub)) continue;
    out.push({ command, used, policy, writesLockfile });
  }
  return out;
}
