import * as path from 'node:path';
import { reachedInWorker } from './engine-client.js';
import { DEFAULT_RECHECK_MS } from './session.js';

/** A directory's repository root, and when the engine said so. */
const rootOfDirectory = new Map<string, { root: string; at: number }>();
/** Each root's files, from the engine's latest run over it (one set per root, however many directories ask). */
const byRoot = new Map<string, { version: number; files: ReadonlySet<string> }>();

/**
 * Whether `file` is one the engine lints or reads for the instruction files under a name no glob of
 * `configs.recommended` knows, and may report on: an instruction file under a fallback name Codex
 * is configured with (`project_doc_fallback_filenames`), a Markdown file a host imports
 * (`@docs/style.md`: no-broken-import reports the imports inside it), a Taskfile included under a
 * name of its own or run with `task -t`, any manifest a rule parsed (no-invalid-manifest). The engine
 * answers from its run over the repository (Workspace.reached), once per directory and
 * `DEFAULT_RECHECK_MS`; ESLint asks once per file and config array, so a long-lived editor server
 * sees a file that became reached after it reloads its config, as with unreadable.ts.
 */
function reached(file: string): boolean {
  const dir = path.dirname(file);
  const now = Date.now();
  let known = rootOfDirectory.get(dir);
  if (!known || now - known.at >= DEFAULT_RECHECK_MS) {
    const versions = Object.fromEntries([...byRoot].map(([root, run]) => [root, run.version]));
    const answer = reachedInWorker(file, versions);
    if (answer.files) byRoot.set(answer.root, { version: answer.version, files: new Set(answer.files) });
    rootOfDirectory.set(dir, (known = { root: answer.root, at: now }));
  }
  return byRoot.get(known.root)?.files.has(file) ?? false;
}

/**
 * `files` functions for configs.recommended, one per language, each for the file types that
 * language reads: ESLint calls them for every file it walks, so the extension is checked first and
 * the engine is asked only about files of that type. (ESLint's types list strings only; its config
 * arrays take functions in `files` as in `ignores`, in ESLint 9 and 10 alike.)
 */
function reachedWith(extensions: RegExp): (file: string) => boolean {
  return (file) => path.isAbsolute(file) && extensions.test(file) && reached(file);
}

export const reachedMarkdown = reachedWith(/\.(md|markdown|mdc)$/i);
export const reachedJson = reachedWith(/\.(json|jsonc|json5)$/i);
export const reachedText = reachedWith(/\.(toml|ya?ml)$/i);
