import { randomBytes } from 'node:crypto';
import { Command, CommanderError, Option } from 'commander';
// The CLI's code (the bin, src/launch/launcher.ts, runs it from the bundle). Only what every command
// needs is imported statically: each action imports its own modules, which the bundle evaluates on
// first import, so `--version`, `--help` and `init` never initialise the engine, the rules or parsers.
import type { LintOptions } from './engine/lint.js';
import type { FormatName } from './formatters/index.js';
import * as nodeFs from 'node:fs';
import * as nodePath from 'node:path';
import { ConfigError, UsageError } from './errors.js';
import { VERSION } from './version.js';
import type { TrustFlag } from './discovery/hosts/codex.js';
import type { CacheSession, Spool } from './engine/cache.js';
import type { Diagnostic } from './util/diagnostic.js';
import { sha1 } from './sha1.js';
import { batched, writeFully, writePieces } from './repo/write-fully.js';
import { writeAtomically } from './repo/atomic-write.js';
import { printable } from './formatters/stylish.js';
import { plural } from './util/text.js';
import { rendersAsNothing } from './util/invisible.js';
import { decodePath, nativePath } from './repo/raw-path.js';
import { isInside } from './util/inside.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

interface CommonFlags {
  root?: string;
  config?: string;
  rule?: string[];
  codexConfig?: string[];
  codexTrust?: TrustFlag;
  cwd?: string[];
  hosts?: string[];
  color: boolean;
  debug?: boolean;
}

function lintOptions(paths: string[], flags: CommonFlags): LintOptions {
  return {
    paths,
    root: flags.root,
    config: flags.config,
    ruleFlags: flags.rule ?? [],
    codexOverrides: flags.codexConfig ?? [],
    codexTrust: flags.codexTrust,
    cwds: flags.cwd ?? [],
    hosts: flags.hosts ?? [],
    leanHeap: true,
  };
}


function useColor(flags: CommonFlags): boolean {
  return flags.color && Boolean(process.stdout.isTTY) && !process.env['NO_COLOR'];
}

/**
 * Everything besides the lint result that decides what a run prints: with --cache, a warm run
 * replays the bytes a cold run printed under the same key (the result's own inputs are checked by
 * the cache itself).
 */
function replayKeyOf(flags: CommonFlags & { format: string; quiet?: boolean; verbose?: boolean; maxWarnings?: number; outputFile?: string; baseline?: string }): string {
  let baseline: string | null = null;
  if (flags.baseline) {
    try {
      baseline = nodeFs.readFileSync(nodePath.resolve(flags.baseline), 'utf8');
    } catch {
      baseline = null;
    }
  }
  const key = JSON.stringify({
    format: flags.format,
    quiet: flags.quiet ?? false,
    verbose: flags.verbose ?? false,
    maxWarnings: flags.maxWarnings ?? null,
    outputFile: flags.outputFile ? nodePath.resolve(flags.outputFile) : null,
    baseline: flags.baseline ? [nodePath.resolve(flags.baseline), baseline] : null,
    cwd: process.cwd(),
    workspace: process.env['GITHUB_WORKSPACE'] || null,
    color: !flags.outputFile && useColor(flags),
    terminal: !flags.outputFile && Boolean(process.stdout.isTTY),
  });
  return sha1(key);
}

/**
 * Formats whose output a program parses or renders (GitHub's runner reads workflow commands from
 * `github`; `markdown` goes to a job summary): a diff of repository text may not share standard
 * output with them.
 */
const STRUCTURED = new Set(['json', 'sarif', 'junit', 'github', 'markdown']);

/** A diff line for a terminal: zero-width and tag characters (what the fixes remove) escaped, or the - and + lines would look the same. */
const shownOnTerminal = (line: string) => Array.from(printable(line), (c) => (rendersAsNothing(c.codePointAt(0)!) ? `\\u{${c.codePointAt(0)!.toString(16)}}` : c)).join('');

/**
 * Bytes to standard output before the report, in order with it: a file or pipe is written
 * synchronously either way. Shown on a terminal (a diff of a stranger's file may hold escape
 * sequences), each line's control characters are escaped; piped or redirected, the bytes are exact,
 * so `git apply` takes them.
 */
function writeStdout(bytes: Uint8Array): void {
  if (bytes.length === 0 || stdoutClosed) return;
  if (process.stdout.isTTY) process.stdout.write(Buffer.from(bytes).toString('utf8').split('\n').map(shownOnTerminal).join('\n'));
  else if (stdoutIsFile()) writeFully(1, bytes);
  else process.stdout.write(bytes);
}

/**
 * What --fix leaves, counted from the report: the files it rewrote (or refused) one by one, the
 * others in one line. A fix that overlapped another is applied by the next --fix; everything else
 * needs a person.
 */
class LeftAfterFix {
  private readonly perFile = new Map<string, { manual: number; fixable: number }>();
  private others = { problems: 0, files: 0 };
  constructor(
    private readonly written: ReadonlySet<string>,
    private readonly refused: ReadonlySet<string>,
  ) {}

  count(list: readonly Diagnostic[]): void {
    if (list.length === 0) return;
    const file = list[0]!.file;
    if (!this.written.has(file) && !this.refused.has(file)) {
      this.others.problems += list.length;
      this.others.files++;
      return;
    }
    // A refused file's fixes never apply: all of it is manual work.
    const fixable = this.refused.has(file) ? 0 : list.filter((d) => d.fix).length;
    this.perFile.set(file, { manual: list.length - fixable, fixable });
  }

  lines(): string[] {
    const out: string[] = [];
    const need = (n: number) => (n === 1 ? 'needs' : 'need');
    for (const [file, { manual, fixable }] of this.perFile) {
      if (manual > 0) out.push(`${plural(manual, 'problem')} left in ${printable(file)} ${need(manual)} a manual fix`);
      if (fixable > 0) out.push(`${plural(fixable, 'more problem')} in ${printable(file)} can be fixed by running --fix again (${fixable === 1 ? 'its fix' : 'their fixes'} overlapped others)`);
    }
    const { problems, files } = this.others;
    if (problems > 0) out.push(`${plural(problems, 'problem')} in ${plural(files, this.written.size + this.refused.size > 0 ? 'other file' : 'file')} ${need(problems)} a manual fix`);
    return out;
  }
}

/** Opens the --output-file for writing (its directory created), truncating it. */
function openOutput(file: string): number {
  nodeFs.mkdirSync(nodePath.dirname(nodePath.resolve(file)), { recursive: true });
  return nodeFs.openSync(file, 'w');
}

/**
 * Whether standard output is what Node writes with a synchronous file stream (fs.writeSync): a file,
 * or a character device that is not a terminal, like /dev/null (libuv's UV_FILE).
 */
function stdoutIsFile(): boolean {
  try {
    const stat = nodeFs.fstatSync(1);
    return stat.isFile() || (stat.isCharacterDevice() && !process.stdout.isTTY);
  } catch {
    return false;
  }
}

function parseMaxWarnings(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < -1) throw new UsageError(`--max-warnings expects a whole number, got "${value}"`);
  return n;
}

function addCommon(cmd: Command): Command {
  return cmd
    .option('--root <dir>', 'repository root (default: nearest ancestor with .git or a config with "root": true)')
    .option('-c, --config <file>', 'use this config file instead of the one at the root')
    .option('--codex-config <key=value>', "override a Codex setting like codex's -c (repeatable)", collect)
    .addOption(
      new Option('--codex-trust <level>', 'treat the project as trusted or untrusted by Codex; "unset" follows the user config exactly as Codex does').choices(['trusted', 'untrusted', 'unset']),
    )
    .option('--cwd <dir>', 'also simulate Codex from this working directory (repeatable)', collect)
    .option('--hosts <list>', 'agent hosts to simulate, comma-separated: codex, claude-code, gemini-cli, opencode, amp, copilot, copilot-vscode, cursor, zed, windsurf, goose, or all (default: codex plus the hosts whose files the repository holds)', collect)
    .option('--no-color', 'disable colours')
    .option('--debug', 'print stack traces of internal errors, and how --cache was used');
}

export async function main(argv: string[]): Promise<number> {
  const program = new Command();
  let exitCode = 0;
  program
    .name('agents-lint')
    // Options after a subcommand belong to it (explain has its own --format).
    .enablePositionalOptions()
    .description('Lint AGENTS.md and other coding-agent instruction files as the agents actually load them.')
    .version(VERSION, '-v, --version')
    .argument('[paths...]', 'files or directories to lint (default: the current directory)')
    // Kept in step with FORMATS in formatters/index.ts (a CLI test checks every format).
    .addOption(new Option('-f, --format <format>', 'output format').choices(['stylish', 'json', 'sarif', 'github', 'junit', 'markdown']).default('stylish'))
    .option('-o, --output-file <file>', 'write the report to this file instead of standard output')
    .option('--baseline <file>', 'report only findings not recorded in this baseline file')
    .option('--write-baseline <file>', 'record every current finding in this baseline file and exit 0')
    .option('--no-inline-config', 'ignore <!-- agents-lint-disable ... --> comments')
    .option('--quiet', 'report errors only')
    .option('--verbose', 'stylish: print how to fix each finding, its related locations and (in a terminal) the lines it points at')
    .option('--max-warnings <n>', 'exit 1 when there are more warnings than this', parseMaxWarnings)
    .option('--rule <id:severity>', 'set a rule severity, e.g. no-empty-instructions:warn (repeatable)', collect)
    .option('--print-config', 'print the resolved configuration and exit')
    .option('--fix', 'apply safe fixes to files, atomically, then report what remains')
    .option('--fix-dry-run', 'print the unified diff --fix would apply, writing nothing, then report as usual')
    .option('--cache', 'reuse the previous result when no file, manifest, config or agents-lint version changed')
    .option('--cache-location <file>', 'where --cache keeps its state (default: a file per repository in ~/.cache/agents-lint)')
    .exitOverride()
    .configureOutput({ outputError: (str, write) => write(str.replace(/^error: /, 'agents-lint: ')) });
  addCommon(program).action(async (paths: string[], flags: CommonFlags & { format: string; quiet?: boolean; verbose?: boolean; maxWarnings?: number; printConfig?: boolean; fix?: boolean; fixDryRun?: boolean; cache?: boolean; cacheLocation?: string; outputFile?: string; baseline?: string; writeBaseline?: string; inlineConfig: boolean }) => {
    const options = { ...lintOptions(paths, flags), inlineConfig: flags.inlineConfig };
    if (flags.fix && flags.fixDryRun) throw new UsageError('--fix and --fix-dry-run cannot be used together: --fix-dry-run shows what --fix would write');
    // The diff goes to standard output, where it would corrupt a report a program parses.
    if (flags.fixDryRun && !flags.outputFile && STRUCTURED.has(flags.format)) {
      throw new UsageError(`--fix-dry-run prints a diff on standard output, which would corrupt the ${flags.format} report; write the report elsewhere with --output-file`);
    }
    if (flags.printConfig) {
      const [{ prepare }, { printableConfig }] = await Promise.all([import('./engine/lint.js'), import('./config/print.js')]);
      process.stdout.write(JSON.stringify(printableConfig(prepare(options)), null, 2) + '\n');
      return;
    }
    // --cache: a warm run with the same output flags replays what the cold run printed, byte for byte.
    const replayKey = flags.cache && !flags.fix && !flags.fixDryRun && !flags.writeBaseline ? replayKeyOf(flags) : undefined;
    let session: CacheSession | undefined;
    const lint = async (o: LintOptions) => {
      if (!flags.cache) return (await import('./engine/lint.js')).lintRun(o);
      session = await (await import('./engine/cache.js')).openCache(o, { location: flags.cacheLocation, replayKey });
      return session.replay ? null : session.run();
    };
    let stderr = '';
    const warn = (line: string) => {
      stderr += line;
      process.stderr.write(line);
    };
    // The report is written piece by piece (stdout to a file or pipe is synchronous on POSIX), a
    // file's pieces joined into writes of 64 KiB, so a huge report is never held whole; with --cache
    // the pieces are also spooled for the replay.
    const emit = (pieces: Iterable<string | Uint8Array>, keep?: Spool) => {
      const fd = flags.outputFile ? openOutput(flags.outputFile) : null;
      // Standard output to a file (or /dev/null) is a synchronous stream whose every write is one
      // writeSync: written so directly, without the stream's per-piece work.
      const target = fd ?? (stdoutIsFile() ? 1 : null);
      try {
        if (target !== null && !keep) writePieces(target, pieces);
        else
          for (const piece of batched(pieces)) {
            keep?.write(piece);
            if (target !== null) writeFully(target, piece);
            else if (!stdoutClosed) process.stdout.write(piece);
          }
      } finally {
        if (fd !== null) nodeFs.closeSync(fd);
      }
    };
    let run = await lint(options);
    if (flags.debug && session) {
      const how = session.how();
      process.stderr.write(`agents-lint: cache ${how.whole ? 'reused the whole result' : `reused ${how.reusedFiles} file outcome(s), linted ${how.lintedFiles}`}\n`);
    }
    if (run === null && session?.replay) {
      const { replay } = session;
      emit(replay.output.chunks());
      if (replay.stderr) process.stderr.write(replay.stderr);
      exitCode = replay.exitCode;
      return;
    }
    if (run === null) throw new Error('the cache returned neither a replay nor a result');
    for (const notice of run.notices) warn(`agents-lint: warning: ${printable(notice)}\n`);
    // The files --fix rewrote or refused: what is left in them is said file by file after the report.
    const [written, refused] = [new Set<string>(), new Set<string>()];
    if (flags.fix || flags.fixDryRun) {
      const fixable: Diagnostic[] = [];
      for (const list of run.byFile()) for (const d of list) if (d.fix) fixable.push(d);
      if (fixable.length > 0 && flags.fixDryRun) {
        const [{ planFixes }, { unifiedDiff }] = await Promise.all([import('./engine/fix.js'), import('./engine/unified-diff.js')]);
        // In GitHub Actions, a line of the diff (repository text: "\r::error ...") must not be taken
        // for a workflow command: the runner ignores commands until the random token ends the pause.
        const pause = process.env['GITHUB_ACTIONS'] === 'true' ? randomBytes(16).toString('hex') : null;
        if (pause) writeStdout(Buffer.from(`::stop-commands::${pause}\n`));
        for (const plan of planFixes(run.root, fixable)) {
          if ('refused' in plan) {
            warn(`agents-lint: would not fix ${printable(plan.file)}: it ${plan.refused}\n`);
            continue;
          }
          writeStdout(unifiedDiff(plan.file, plan.before, plan.accepted));
          warn(`agents-lint: would fix ${plural(plan.accepted.length, 'problem')} in ${printable(plan.file)}\n`);
        }
        if (pause) writeStdout(Buffer.from(`::${pause}::\n`));
      } else if (fixable.length > 0) {
        const { applyFixes } = await import('./engine/fix.js');
        const outcome = applyFixes(run.root, fixable);
        for (const file of outcome.written) warn(`agents-lint: fixed ${plural(outcome.applied.get(file) ?? 0, 'problem')} in ${printable(file)}\n`);
        for (const r of outcome.refused) warn(`agents-lint: did not fix ${printable(r.file)}: it ${r.reason}\n`);
        for (const file of outcome.written) written.add(file);
        for (const r of outcome.refused) refused.add(r.file);
        // Lint again so the report (and exit code) reflect the files as they are now.
        run = (await lint(options)) ?? run;
      }
    }
    const { createBaseline, diskLineSource, baselineMatcher, parseBaseline, serializeBaseline } = await import('./engine/baseline.js');
    const root = run.root;
    const readText = (abs: string) => readQuotable(root, abs);
    const lines = diskLineSource(root, readText);
    if (flags.writeBaseline) {
      const baseline = createBaseline(
        (function* (lists: Iterable<Diagnostic[]>) {
          for (const list of lists) yield* list;
        })(run.byFile()),
        lines,
      );
      // Every non-fatal finding is counted in one entry or another.
      const recorded = baseline.entries.reduce((n, e) => n + e.count, 0);
      try {
        writeAtomically(nodePath.resolve(flags.writeBaseline), (fd) => writeFully(fd, serializeBaseline(baseline)));
      } catch (error) {
        throw new UsageError(`cannot write the baseline ${flags.writeBaseline}: ${(error as Error).message}`);
      }
      process.stderr.write(`agents-lint: recorded ${recorded} finding(s) in ${flags.writeBaseline}\n`);
      session?.save();
      return;
    }
    let matcher: ReturnType<typeof baselineMatcher> | undefined;
    if (flags.baseline) {
      const text = readText(nodePath.resolve(flags.baseline));
      if (text === undefined) throw new UsageError(`cannot read the baseline ${flags.baseline}; create it with --write-baseline ${flags.baseline}`);
      try {
        matcher = baselineMatcher(parseBaseline(text), lines);
      } catch (error) {
        throw new UsageError(`${flags.baseline}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    // Counted as they are written: the exit code needs only the totals.
    let errors = 0;
    let warnings = 0;
    let fatal = false;
    const quiet = flags.quiet ?? false;
    const left = flags.fix ? new LeftAfterFix(written, refused) : undefined;
    const reported = function* (lists: Iterable<Diagnostic[]>) {
      for (const list of lists) {
        const kept = matcher ? list.filter(matcher.keep) : list;
        left?.count(kept);
        for (const d of kept) {
          if (d.severity === 2) errors++;
          else warnings++;
          if (d.fatal) fatal = true;
        }
        const shown = quiet ? kept.filter((d) => d.severity === 2) : kept;
        if (shown.length > 0) yield shown;
      }
    };
    const toTerminal = !flags.outputFile && Boolean(process.stdout.isTTY);
    const { formatFileLists } = await import('./formatters/index.js');
    const output = formatFileLists(flags.format as FormatName, reported(run.byFile()), {
      root,
      cwd: process.cwd(),
      workspace: process.env['GITHUB_WORKSPACE'] || undefined,
      rules: run.rules,
      files: run.files,
      version: VERSION,
      color: !flags.outputFile && useColor(flags),
      source: toTerminal ? (file) => readText(nodePath.join(root, file)) : undefined,
      verbose: flags.verbose ?? false,
    });
    const printed = replayKey === undefined || !session ? undefined : new (await import('./engine/cache.js')).Spool();
    emit(output, printed);
    if (matcher && flags.baseline) {
      const hidden = matcher.hidden();
      const stale = matcher.stale();
      if (hidden > 0) warn(`agents-lint: ${plural(hidden, 'finding')} hidden by the baseline ${flags.baseline}.\n`);
      if (stale > 0) warn(`agents-lint: the baseline ${flags.baseline} records ${plural(stale, 'finding')} this run no longer has (fixed, or the line changed); run with --write-baseline ${flags.baseline} to prune ${stale === 1 ? 'it' : 'them'}.\n`);
    }
    if (left) for (const line of left.lines()) warn(`agents-lint: ${line}\n`);
    if (fatal) exitCode = 2;
    else if (errors > 0) exitCode = 1;
    else if (flags.maxWarnings !== undefined && flags.maxWarnings >= 0 && warnings > flags.maxWarnings) {
      warn(`agents-lint found too many warnings (maximum: ${flags.maxWarnings}).\n`);
      exitCode = 1;
    }
    try {
      session?.save(printed === undefined ? undefined : { output: printed, stderr, exitCode });
    } finally {
      printed?.dispose();
    }
  });
  program
    .command('init')
    .description('set up husky + lint-staged so commits run agents-lint on the instruction files and manifests they touch')
    .action(async () => {
      const { runInit } = await import('./init.js');
      runInit({ dir: process.cwd(), log: (line) => process.stdout.write(`${line}\n`) });
    });
  addCommon(
    program
      .command('explain')
      .description('show exactly what Codex loads for one working directory')
      .argument('[dir]', 'the working directory (default: the current one)')
      .addOption(new Option('-f, --format <format>', 'output format').choices(['text', 'json']).default('text')),
  ).action(async (dir: string | undefined, flags: CommonFlags & { format: string }) => {
    const [{ explain }, { explainHosts, formatHostsText }, { formatExplainText }, { prepare }] = await Promise.all([
      import('./explain.js'),
      import('./discovery/host-explain.js'),
      import('./formatters/explain-text.js'),
      import('./engine/lint.js'),
    ]);
    const options = lintOptions(dir ? [dir] : [], flags);
    // One repository index and discovery view for both parts.
    const ctx = prepare(options);
    const report = explain(options, dir, ctx);
    // Other hosts side by side; the Codex JSON keeps its shape and gains `hosts` only when more are selected.
    const hosts = explainHosts(options, dir, ctx);
    const text = () => formatExplainText(report, { color: useColor(flags) }) + (hosts ? `\n${formatHostsText(hosts, dir ?? '.')}` : '');
    process.stdout.write(flags.format === 'json' ? JSON.stringify(hosts ? { ...report.json, hosts } : report.json, null, 2) + '\n' : text());
  });

  try {
    await program.parseAsync(argv);
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === 'commander.helpDisplayed' || error.code === 'commander.version' || error.code === 'commander.help' ? 0 : 2;
    }
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`agents-lint: ${error.message}\n`);
      return 2;
    }
    const debug = argv.includes('--debug');
    process.stderr.write(
      debug && error instanceof Error
        ? `${error.stack}\n`
        : `agents-lint: internal error: ${error instanceof Error ? error.message : String(error)} (run with --debug for details, and please report it)\n`,
    );
    return 2;
  }
}

/**
 * Whether the reader of standard output went away before the report was written (`agents-lint |
 * head`: EPIPE). Like a command killed by SIGPIPE, the CLI then writes nothing more there and says
 * nothing about it; unlike one, it still ends with the run's own exit code, so a pipeline that
 * checks it (pipefail) sees whether the lint found errors.
 */
let stdoutClosed = false;

function onStdoutError(error: NodeJS.ErrnoException, stray: (error: unknown) => void): void {
  if (error.code === 'EPIPE') stdoutClosed = true;
  else stray(error);
}

/**
 * Runs the CLI as the `agents-lint` command: the exit code is set when the command settles. An error
 * thrown outside the command's own promise (a library's timer or microtask) still gets one clear
 * line and exit code 2, never a bare stack trace; --debug shows the stack.
 */
export function runCli(argv: string[]): void {
  const onStray = (error: unknown) => {
    const debug = argv.includes('--debug');
    process.stderr.write(
      debug && error instanceof Error
        ? `${error.stack}\n`
        : `agents-lint: internal error: ${error instanceof Error ? error.message : String(error)} (run with --debug for details, and please report it)\n`,
    );
    process.exit(2);
  };
  process.on('uncaughtException', onStray);
  process.on('unhandledRejection', onStray);
  process.stdout.on('error', (error: NodeJS.ErrnoException) => onStdoutError(error, onStray));

  main(argv).then(
    (code) => {
      process.exitCode = code;
    },
    () => {
      process.exitCode = 2;
    },
  );
}

/** How much of a file the report quotes from (code frames, baseline lines): what content rules read. */
const QUOTE_BYTES = 256 * 1024;

/**
 * A repository file's text for quoting in a report, or undefined: only a regular file whose real
 * location is inside the repository (a link to ~/.npmrc is not quoted), and at most QUOTE_BYTES of
 * it (a link to /dev/zero is not read without end). Opened non-blocking, so a FIFO never waits.
 */
function readQuotable(root: string, abs: string): string | undefined {
  let fd: number | undefined;
  try {
    const real = decodePath(nodeFs.realpathSync.native(nativePath(abs), 'buffer'));
    if (!isInside(real, decodePath(nodeFs.realpathSync.native(nativePath(root), 'buffer')))) return undefined;
    fd = nodeFs.openSync(nativePath(real), nodeFs.constants.O_RDONLY | (nodeFs.constants.O_NONBLOCK ?? 0));
    if (!nodeFs.fstatSync(fd).isFile()) return undefined;
    const buffer = Buffer.allocUnsafe(QUOTE_BYTES);
    let filled = 0;
    for (let n = 1; n > 0 && filled < QUOTE_BYTES; filled += n) n = nodeFs.readSync(fd, buffer, filled, QUOTE_BYTES - filled, filled);
    return buffer.subarray(0, filled).toString('utf8');
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) nodeFs.closeSync(fd);
  }
}
