import * as path from 'node:path';
import type { InstructionFile, Statement } from './instruction-file.js';
import { checkShellSyntax, parseShell, type ParsedScript, type ShellAssignment, type ShellWord } from '../shell/parse.js';
import { mayRunLocally, readsAsLocalRun } from './references/local-script-run.js';
import { sentenceContext, type SentenceContext } from './references/sentence-context.js';

export type CommandOrigin = 'block' | 'inline';

/** A simple command an instruction file tells the agent to run, with offsets in the file's text. */
export interface CommandRef {
  argv: ShellWord[];
  env: ShellAssignment[];
  /** Repo-relative directory it runs in; null after a `cd` that cannot be resolved statically. */
  cwd: string | null;
  /** A `cd` chose the directory, so the other working directories that load the file do not apply. */
  cd: boolean;
  /**
   * After a `cd`: the directory the same `cd`s reach from the repository root (`cd src/pkg/infra`
   * written from the root in a file below it), tried when `cwd` is no directory; null when none.
   */
  rootCwd: string | null;
  origin: CommandOrigin;
  /** Written as something not to do ("never run `npm install`"): not a claim that it works. */
  prohibited: boolean;
  start: number;
  end: number;
}

/** Languages whose blocks are shell. `console` and its aliases hold a transcript (prompt + output). */
const SHELL_LANGS = new Set(['sh', 'bash', 'shell', 'zsh']);
const CONSOLE_LANGS = new Set(['console', 'shell-session', 'shellsession', 'sh-session']);

/** Tools whose name as the first word makes an inline span or an untagged block read as a command. */
export const COMMAND_TOOLS = new Set([
  'npm', 'pnpm', 'yarn', 'bun', 'npx', 'pnpx', 'bunx', 'corepack', 'make', 'just', 'task', 'cargo', 'go', 'uv', 'uvx',
  'poetry', 'pdm', 'hatch', 'poe', 'tox', 'nox', 'deno', 'turbo', 'nx',
]);

/** Wrappers that run the rest of the line as a command. */
const WRAPPERS = new Set(['env', 'sudo', 'command', 'exec', 'nohup', 'time']);

/**
 * Cues that make an inline command something not to run, or no longer runnable, rather than a claim
 * that it works. They are matched against the sentence around the span with every code span blanked
 * out (references/sentence-context.ts), so words inside code never count.
 */
const PROHIBITION_BEFORE =
  /\b(never|don'?t|do not|does not|must not|mustn'?t|should not|shouldn'?t|cannot|can'?t|avoid|not|no longer|stop using|forbidden|prohibited|used to|formerly|previously|deprecated|obsolete)\b[^.!?;:]*$/i;
/**
 * "instead of `x`", "rather than `x`", "in place of `x`": only the span (or list of spans) right
 * after the cue, so "instead of `make old`, run `make new`" still checks `make new`.
 */
const ALTERNATIVE_BEFORE = /\b(instead of|rather than|in place of)\s+(?:(?:running|using|calling|invoking|typing)\s+)?(?:[\s,/]|\b(?:or|and|nor)\b)*$/i;
const PROHIBITION_AFTER =
  /^[^.!?;]*?\b((is|are) (not|no longer|never)|no longer|used to|deprecated|obsolete|superseded|forbidden|removed|unsupported|not supported|won'?t work|does not work|doesn'?t work|(do|does|did)(?: not|n'?t) exist|is gone|(was|were|has been|have been|got|is being|gets) (replaced|dropped|retired|renamed)|replaced (by|with))\b/i;
const BLOCK_PROHIBITION =
  /\b(never|don'?t|do not|must not|avoid|deprecated|no longer work|used to|previously|formerly|(was|were|has been|have been) (replaced|removed))\b[^.!?]*[:.]?\s*$/i;

/** A code block read as a shell script. */
interface Script {
  text: string;
  /** Script offset → file text offset (one more entry than the text, for end offsets). */
  map: number[];
  prohibited: boolean;
  /** Untagged blocks must pass the real parser and read as commands throughout. */
  untagged: boolean;
  blockStart: number;
}

const COMMANDS = Symbol('commands');
const syntaxOk = new WeakMap<InstructionFile, Map<number, boolean | null>>();

/**
 * Runs the async sh-syntax check over the file's untagged blocks once, so the synchronous
 * extraction can stay conservative about them. The engine awaits this for rules with `needsCommands`.
 */
export async function prepareCommands(file: InstructionFile): Promise<void> {
  if (syntaxOk.has(file)) return;
  const results = new Map<number, boolean | null>();
  // A file that cannot hold a code block has no untagged one: its tree is not built here, but
  // when its rules run (the engine lets each file's tree go after them, so one is alive at a time).
  if (!mayHoldCodeBlock(file.text)) {
    syntaxOk.set(file, results);
    return;
  }
  for (const script of blockScripts(file)) {
    if (script.untagged) results.set(script.blockStart, await checkShellSyntax(script.text));
  }
  syntaxOk.set(file, results);
}

/** Every command the file mentions, extracted once and shared by all command rules. */
export function commandsOf(file: InstructionFile): CommandRef[] {
  return file.derived(COMMANDS, () => commandsUncached(file));
}

function commandsUncached(file: InstructionFile): CommandRef[] {
  const found: CommandRef[] = [];
  const fileDir = dirOf(file.path);
  const checked = syntaxOk.get(file);
  for (const script of blockScripts(file)) {
    const parsed = parseShell(script.text);
    if (script.untagged) {
      if (!parsed.ok || checked?.get(script.blockStart) === false) continue;
    }
    const map = (o: number) => script.map[o] ?? script.map[script.map.length - 1] ?? 0;
    const { refs, allTools } = commandRefs(parsed, fileDir, map, 'block', script.prohibited);
    // Be conservative with untagged blocks: every command must start with a known tool.
    if (script.untagged && !allTools) continue;
    found.push(...refs);
  }
  // Inline spans: most are paths, names and identifiers, so what the span's first command is (the
  // same for the same text in every file) is decided first, and its sentence is read only for a
  // span that is a command.
  let around: ((start: number, end: number) => SentenceContext) | undefined;
  for (const span of file.inlineCode()) {
    // One plain word (`README.md`, `src/index.ts`) is a command of one word, itself: not a tool
    // command (those take two words or more), so a command only as a local script run, which has
    // a `/`. Most spans are such words, and their parse is never needed.
    const plain = PLAIN_WORD.test(span.value);
    if (plain && !span.value.includes('/')) continue;
    // A plain word with a `/` is one only if its head reads as a script (`bin/dev`, `./x.sh`).
    if (plain && !mayRunLocally(span.value)) continue;
    const parsed = plain ? undefined : parseInline(span.value);
    const head = parsed ? parsed.head : { value: span.value, dynamic: false, argc: 1 };
    // Be conservative with inline spans: the first command must start with a known tool.
    if (!head || head.dynamic) continue;
    let context: SentenceContext | undefined;
    const sentence = () => (context ??= (around ??= sentenceContext(file))(span.start, span.end));
    const tool = COMMAND_TOOLS.has(head.value) && head.argc >= 2;
    // A local script run (`./scripts/dev.sh`) is a command; pathReferences leaves the same span alone.
    if (!tool && !(head.value.includes('/') && readsAsLocalRun(span.value.trim().split(/\s+/), sentence))) continue;
    const { before, after } = sentence();
    const prohibited = PROHIBITION_BEFORE.test(before) || ALTERNATIVE_BEFORE.test(before) || PROHIBITION_AFTER.test(after);
    const length = span.value.length;
    const map = (o: number) => span.valueStart + (o >= 0 && o <= length ? o : length);
    found.push(...commandRefs((parsed ?? parseInline(span.value)).script, fileDir, map, 'inline', prohibited).refs);
  }
  return found;
}

/** The simple commands of a parsed script, with `cd` followed and offsets mapped to the file's text. */
function commandRefs(parsed: ParsedScript, fileDir: string, map: (o: number) => number, origin: CommandOrigin, prohibited: boolean): { refs: CommandRef[]; allTools: boolean } {
  const refs: CommandRef[] = [];
  const initial = { cwd: fileDir as string | null, cd: false, rootCwd: '' as string | null };
  const stack: (typeof initial)[] = [{ ...initial }];
  let allTools = true;
  const shift = (w: ShellWord): ShellWord => ({ ...w, start: map(w.start), end: map(w.end) });
  for (const event of parsed.events) {
    if (event.type === 'enter') stack.push({ ...(stack[stack.length - 1] ?? initial) });
    else if (event.type === 'leave') {
      if (stack.length > 1) stack.pop();
    } else {
      const state = stack[stack.length - 1] ?? { ...initial };
      const argv = unwrap(event.command.argv);
      const first = argv[0];
      if (!first) continue;
      if (!first.dynamic && (first.value === 'cd' || first.value === 'pushd')) {
        state.cwd = changeDir(state.cwd, argv[1]);
        state.rootCwd = changeDir(state.rootCwd, argv[1]);
        state.cd = true;
        continue;
      }
      if (first.dynamic || !(COMMAND_TOOLS.has(first.value) || first.value.includes('/'))) allTools = false;
      refs.push({
        argv: argv.map(shift),
        env: event.command.env.map((a) => ({ name: a.name, word: shift(a.word) })),
        cwd: state.cwd,
        cd: state.cd,
        rootCwd: state.cd && fileDir !== '' ? state.rootCwd : null,
        origin,
        prohibited,
        start: map(event.command.start),
        end: map(event.command.end),
      });
    }
  }
  return { refs, allTools };
}

interface InlineScript {
  script: ParsedScript;
  /** The program of the span's first command (after `cd`s and wrappers), and how many words it has. */
  head: { value: string; dynamic: boolean; argc: number } | null;
}

/**
 * A word the lexer reads as itself: no quote, escape, expansion, glob, assignment, redirection,
 * separator or space (so neither a keyword with a `/` nor anything but one word).
 */
const PLAIN_WORD = /^[\w./@+:%,^-]+$/;

/** Inline spans by text: `npm test` and `pnpm build` recur across every file of a repository. */
const inlineScripts = new Map<string, InlineScript>();

function parseInline(text: string): InlineScript {
  let known = inlineScripts.get(text);
  if (known) return known;
  const script = parseShell(text);
  let head: InlineScript['head'] = null;
  for (const event of script.events) {
    if (event.type !== 'command') continue;
    const argv = unwrap(event.command.argv);
    const first = argv[0];
    if (!first || (!first.dynamic && (first.value === 'cd' || first.value === 'pushd'))) continue;
    head = { value: first.value, dynamic: first.dynamic, argc: argv.length };
    break;
  }
  // Bounded: a long-lived process must not keep every span it saw.
  if (inlineScripts.size >= 20_000) inlineScripts.clear();
  inlineScripts.set(text, (known = { script, head }));
  return known;
}

/** Strips `env A=1`, `sudo`, `time` and the like, so argv[0] is the program that really runs. */
function unwrap(argv: ShellWord[]): ShellWord[] {
  let i = 0;
  while (i < argv.length) {
    const w = argv[i];
    if (!w || w.dynamic || !WRAPPERS.has(w.value)) break;
    i++;
    while (i < argv.length) {
      const next = argv[i];
      if (!next || !(next.value.startsWith('-') || /^[A-Za-z_][A-Za-z0-9_]*=/.test(next.value))) break;
      i++;
    }
  }
  return argv.slice(i);
}

function changeDir(cwd: string | null, target: ShellWord | undefined): string | null {
  if (cwd === null || !target || target.dynamic) return null;
  const value = target.value;
  if (value === '-' || value.startsWith('/') || value.startsWith('~') || value === '') return null;
  const joined = path.posix.normalize(path.posix.join(cwd || '.', value));
  if (joined === '..' || joined.startsWith('../')) return null;
  return joined === '.' ? '' : joined.replace(/\/$/, '');
}

function dirOf(rel: string): string {
  const d = path.posix.dirname(rel);
  return d === '.' ? '' : d;
}

const SCRIPTS = Symbol('block scripts');

/** Index of the last statement starting at or before `offset` (statements are in document order). */
function statementAt(statements: readonly Statement[], offset: number): number {
  let lo = 0;
  let hi = statements.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((statements[mid]?.start ?? 0) <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found;
}

/** The file's shell, console and untagged code blocks as scripts, made once. */
function blockScripts(file: InstructionFile): Script[] {
  return file.derived(SCRIPTS, () => blockScriptsUncached(file));
}

function blockScriptsUncached(file: InstructionFile): Script[] {
  const scripts: Script[] = [];
  const text = file.text;
  let statements: Statement[] | undefined;
  for (const block of file.codeBlocks()) {
    const lang = block.lang?.split(/[\s{]/)[0] ?? null;
    const isShell = lang !== null && SHELL_LANGS.has(lang);
    const isConsole = lang !== null && CONSOLE_LANGS.has(lang);
    if (lang !== null && !isShell && !isConsole) continue;
    const lines = block.value.split('\n');
    // A directory tree (`docs/`, `  v3/   # comment`, `├── src/`) lists names, not commands.
    if (!isConsole && isTreeListing(lines)) continue;
    // A shell block written as a transcript (`$ cmd` then output) is read like a console block.
    const prompted = isConsole || lines.some((l) => /^\s*\$ /.test(l));
    statements ??= file.statements();
    let at = statementAt(statements, block.start);
    while (at >= 0 && (statements[at]?.end ?? 0) > block.start) at--;
    const before = at >= 0 ? statements[at] : undefined;
    const gap = before ? text.slice(before.end, block.start) : '';
    const prohibited = !!before && /^[\s>*+-]*$/.test(gap) && BLOCK_PROHIBITION.test(before.text);
    let scriptText = '';
    const map: number[] = [];
    lines.forEach((line, k) => {
      const lineStart = block.lineOffsets[k] ?? block.start;
      let from = 0;
      if (prompted) {
        const m = /^(\s*)(\$|>) /.exec(line);
        if (!m) return;
        from = m[0].length;
      }
      for (let j = from; j < line.length; j++) {
        scriptText += line[j];
        map.push(lineStart + j);
      }
      scriptText += '\n';
      map.push(lineStart + line.length);
    });
    map.push(map[map.length - 1] ?? block.end);
    scripts.push({ text: scriptText, map, prohibited, untagged: lang === null, blockStart: block.start });
  }
  return scripts;
}

/** Box-drawing glyphs of `tree` output: no shell command holds them. */
const TREE_GLYPHS = /[├└│┣┗┃]/;
/**
 * One line of a tree listing: indentation or tree glyphs, one name without spaces, then nothing or
 * a `#` comment. (`├── src/`, `  get-started/     # Installation`, `README.md`.)
 */
const TREE_LINE = /^[\s│├└─┣┗┃|`'+\\-]*[^\s#│├└─]+\s*(?:\s#.*)?$/;
/** A directory entry: a name ending in `/`, which no shell can run. */
const TREE_DIR = /^[\s│├└─┣┗┃|`'+\\-]*[^\s#│├└─]+\/\s*(?:\s#.*)?$/;

/**
 * Whether a block's lines are a tree listing rather than commands: every non-blank line is one name
 * (with an optional `# comment`) or glyphs alone, and the block draws tree glyphs or lists a
 * directory as `name/`. A script of local runs (`./scripts/dev.sh`) lists no directory and stays a script.
 */
export function isTreeListing(lines: readonly string[]): boolean {
  let tree = false;
  let any = false;
  for (const line of lines) {
    if (line.trim() === '') continue;
    any = true;
    if (/^[\s│├└─┣┗┃|]+$/.test(line)) {
      tree ||= TREE_GLYPHS.test(line);
      continue;
    }
    if (!TREE_LINE.test(line)) return false;
    if (TREE_GLYPHS.test(line) || TREE_DIR.test(line)) tree = true;
  }
  return any && tree;
}

/** The `prepare` hook of command rules: the sh-syntax checks for every file in scope, awaited once. */
export async function prepareCommandFiles(files: readonly InstructionFile[]): Promise<void> {
  for (const file of files) await prepareCommands(file);
}

/**
 * Whether `text` may hold a code block: a fenced one needs a run of three backticks or tildes, and
 * an indented one four columns of indentation past its containers' prefixes, so four spaces in a
 * row or a tab. (Over-answering yes only costs the early parse.)
 */
function mayHoldCodeBlock(text: string): boolean {
  return text.includes('```') || text.includes('~~~') || text.includes('    ') || text.includes('\t');
}
