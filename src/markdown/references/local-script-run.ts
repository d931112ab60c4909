import { negatesExistence } from './negation-cues.js';
import type { SentenceContext } from './sentence-context.js';

// Whether a code span runs a local script (a command) rather than naming a path.

/** Directories whose files are run as commands by convention. */
const SCRIPT_DIRS = /(?:^|\/)(?:bin|scripts?|\.scripts|tools|hack|ci)\//;
const SHELL_SCRIPT = /\.(?:sh|bash|zsh|ksh|fish|py|rb|pl)$/;
const JS_SCRIPT = /\.(?:js|mjs|cjs|ts|mts|cts)$/;
/** What makes a lone `scripts/x.sh` a run rather than a mention: "run `scripts/x.sh`", "execute the script `scripts/x.sh`". */
const RUN_CUE = /\b(?:run|runs|running|execute|executes|executing|exec|invoke|invokes|invoking|call|calls|calling|launch|launches|launching)(?:\s+(?:the\s+)?script)?\s*$/i;
/** A lone `./x.sh` after these words is a file being talked about, not run. */
const MENTION_CUE = /\b(?:edit|edits|editing|see|read|open|opens|modify|change|update|create|add|write|copy|move|rename|delete|remove|review|in|into|from|under|inside|to|at|of|named|called)\s*$/i;

/**
 * Whether an inline code span runs a local script (`./scripts/dev.sh`, `bin/dev`,
 * `scripts/x.sh --flag`) rather than naming a path: such a span is a command, checked by the command
 * rules (existence and the executable bit), and is not also a path reference.
 */
export function readsAsLocalRun(argv: readonly string[], context: SentenceContext | (() => SentenceContext)): boolean {
  const head = scriptHead(argv[0] ?? '');
  if (head === null) return false;
  if (argv.length > 1) return true;
  // The sentence is looked at only for a lone script-like path (callers may pass it unbuilt).
  const around = typeof context === 'function' ? context() : context;
  if (negatesExistence(around) || around.qualified || MENTION_CUE.test(around.before)) return false;
  // A lone extensionless `./api` is most often a module specifier ("re-exports `./api`"): a run
  // only when it looks like a script or the sentence says so.
  if (head.explicit) return head.inScriptDir || SHELL_SCRIPT.test(argv[0]!) || JS_SCRIPT.test(argv[0]!) || RUN_CUE.test(around.before);
  // Without `./`, only a script under bin/, scripts/, ... reads as a run, and outside bin/ only after "run".
  return head.inScriptDir && (head.inBin || RUN_CUE.test(around.before));
}

/** Whether a one-word span could be a local script run at all (readsAsLocalRun is false for it otherwise). */
export function mayRunLocally(head: string): boolean {
  return scriptHead(head) !== null;
}

interface ScriptHead {
  /** Written `./x` or `../x`. */
  explicit: boolean;
  inScriptDir: boolean;
  /** An extensionless file directly under a top `bin/` (`bin/dev`). */
  inBin: boolean;
}

/** What a command head says by itself, by head: the same spans recur across files. */
const scriptHeads = new Map<string, ScriptHead | null>();

/** The head as a script run (`./gradlew`, `bin/dev`, `scripts/setup.sh`, `scripts/seed.ts`), or null (`./src/index.ts`, `./docs`). */
function scriptHead(head: string): ScriptHead | null {
  let known = scriptHeads.get(head);
  if (known !== undefined) return known;
  known = null;
  if (/^(?:\.{1,2}\/)?[\w.@+-]+(?:\/[\w.@+-]+)*$/.test(head) && head.includes('/')) {
    const explicit = /^\.{1,2}\//.test(head);
    const rest = head.replace(/^(?:\.{1,2}\/)+/, '');
    const base = rest.slice(rest.lastIndexOf('/') + 1);
    const inScriptDir = SCRIPT_DIRS.test(rest);
    const extensionless = !base.includes('.');
    const scriptLike = extensionless ? inScriptDir || (explicit && !rest.includes('/')) : SHELL_SCRIPT.test(base) || (JS_SCRIPT.test(base) && inScriptDir);
    if (scriptLike) known = { explicit, inScriptDir, inBin: extensionless && /^bin\//.test(rest) };
  }
  if (scriptHeads.size >= 50_000) scriptHeads.clear();
  scriptHeads.set(head, known);
  return known;
}
