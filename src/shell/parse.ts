/**
 * One wrapper over shell parsing; nothing here throws.
 *
 * Two layers: `checkShellSyntax` asks sh-syntax (the WASM build of mvdan/sh, a real bash parser)
 * whether a script is valid bash; `parseShell` is a small synchronous lexer that yields simple
 * commands with exact offsets. The lexer exists because sh-syntax 0.7 serialises only statement
 * positions: every `Stmt.Cmd` in its JSON AST is `{ Pos, End }` with no words or node type
 * (observed: `parse('pnpm run build')` → `Stmts[0].Cmd` = `{"Pos":…,"End":…}`), and each call
 * instantiates a fresh Go runtime (~17 ms), so rules cannot call it synchronously anyway.
 */

export interface ShellWord {
  /** The word after quote removal (only meaningful when `dynamic` is false). */
  value: string;
  /** Offsets in the parsed source, end exclusive, quotes included. */
  start: number;
  end: number;
  /** Holds an expansion ($VAR, $(…), `…`, globs, ~) that cannot be resolved statically. */
  dynamic: boolean;
}

export interface ShellAssignment {
  name: string;
  word: ShellWord;
}

export interface SimpleCommand {
  argv: ShellWord[];
  env: ShellAssignment[];
  start: number;
  end: number;
}

/** Commands in source order; `enter`/`leave` bracket subshells (`( … )`, `$( … )`), where a `cd` stays local. */
export type ShellEvent = { type: 'command'; command: SimpleCommand } | { type: 'enter' } | { type: 'leave' };

export interface ParsedScript {
  events: ShellEvent[];
  /** False when the lexer met unbalanced quotes or parentheses. */
  ok: boolean;
}

/** Reserved words that introduce compound commands; the command proper starts after them. */
const PREFIX_KEYWORDS = new Set(['if', 'then', 'else', 'elif', 'do', 'while', 'until', '!', 'time', '{']);
/** Words that end a compound command and run nothing. */
const CLOSING_KEYWORDS = new Set(['fi', 'done', 'esac', '}', 'then', 'else', 'do']);
/** Compound commands whose words are not a command line (loop variables, case patterns). */
const SKIPPED_KEYWORDS = new Set(['for', 'case', 'select', 'function', 'in']);
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*=/;

export function parseShell(source: string, offset = 0, depth = 0): ParsedScript {
  const events: ShellEvent[] = [];
  let ok = true;
  let i = 0;
  const n = source.length;
  let argv: ShellWord[] = [];
  let env: ShellAssignment[] = [];
  let skipCommand = false;
  let pendingRedirect = false;
  const heredocs: string[] = [];

  const flush = () => {
    if (!skipCommand && argv.length > 0) {
      const first = argv[0];
      const last = argv[argv.length - 1];
      if (first && last) events.push({ type: 'command', command: { argv, env, start: (env[0]?.word.start ?? first.start), end: last.end } });
    }
    argv = [];
    env = [];
    skipCommand = false;
    pendingRedirect = false;
  };

  const pushWord = (word: ShellWord, raw: string) => {
    if (pendingRedirect) {
      pendingRedirect = false;
      return;
    }
    if (argv.length === 0 && !word.dynamic) {
      if (PREFIX_KEYWORDS.has(raw)) return;
      if (CLOSING_KEYWORDS.has(raw)) return;
      if (SKIPPED_KEYWORDS.has(raw)) {
        skipCommand = true;
        argv.push(word);
        return;
      }
    }
    if (argv.length === 0 && ASSIGNMENT.test(raw)) {
      const eq = raw.indexOf('=');
      env.push({ name: raw.slice(0, eq), word: { ...word, value: word.value.slice(eq + 1), start: word.start + eq + 1 } });
      return;
    }
    // `name() {` defines a function: its body runs only when called.
    if (raw.endsWith('()')) skipCommand = true;
    argv.push(word);
  };

  const skipHeredocs = () => {
    // Called at a newline: drop the lines of every pending here-document.
    while (heredocs.length > 0) {
      const delimiter = heredocs.shift() ?? '';
      while (i < n) {
        let lineEnd = source.indexOf('\n', i);
        if (lineEnd < 0) lineEnd = n;
        const line = source.slice(i, lineEnd).replace(/^\t+/, '').trimEnd();
        i = Math.min(n, lineEnd + 1);
        if (line === delimiter) break;
      }
    }
  };

  /** Index just past the `)` matching the `(` at `open`, honouring quotes; -1 when unbalanced. */
  const matchParen = (open: number): number => {
    let level = 0;
    for (let j = open; j < n; j++) {
      const c = source[j];
      if (c === '\\') j++;
      else if (c === "'") {
        j = source.indexOf("'", j + 1);
        if (j < 0) return -1;
      } else if (c === '"') {
        for (j++; j < n && source[j] !== '"'; j++) if (source[j] === '\\') j++;
        if (j >= n) return -1;
      } else if (c === '(') level++;
      else if (c === ')') {
        level--;
        if (level === 0) return j + 1;
      }
    }
    return -1;
  };

  const nested = (innerStart: number, innerEnd: number) => {
    if (depth > 16) return;
    const inner = parseShell(source.slice(innerStart, innerEnd), offset + innerStart, depth + 1);
    if (!inner.ok) ok = false;
    events.push({ type: 'enter' }, ...inner.events, { type: 'leave' });
  };

  /** Reads `$…` at i; returns the end index. Always dynamic. */
  const readDollar = (): number => {
    const next = source[i + 1];
    if (next === '(') {
      const close = matchParen(i + 1);
      if (close < 0) {
        ok = false;
        return n;
      }
      // $(( arithmetic )) runs nothing; $( command ) does.
      if (source[i + 2] !== '(') nested(i + 2, close - 1);
      return close;
    }
    if (next === '{') {
      const close = source.indexOf('}', i + 2);
      if (close < 0) {
        ok = false;
        return n;
      }
      return close + 1;
    }
    if (next === "'") {
      const close = source.indexOf("'", i + 2);
      if (close < 0) {
        ok = false;
        return n;
      }
      return close + 1;
    }
    let j = i + 1;
    if (j < n && /[@*#?$!0-9-]/.test(source[j] ?? '')) return j + 1;
    while (j < n && /[A-Za-z0-9_]/.test(source[j] ?? '')) j++;
    return j;
  };

  while (i < n) {
    const c = source[i] ?? '';
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
      continue;
    }
    if (c === '\n') {
      flush();
      i++;
      skipHeredocs();
      continue;
    }
    if (c === '\\' && source[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (c === '#') {
      const nl = source.indexOf('\n', i);
      i = nl < 0 ? n : nl;
      continue;
    }
    if (c === ';' || c === '&' || c === '|') {
      flush();
      i += source[i + 1] === c || (c === '|' && source[i + 1] === '&') ? 2 : 1;
      continue;
    }
    if (c === '(') {
      flush();
      const close = matchParen(i);
      if (close < 0) {
        ok = false;
        break;
      }
      nested(i + 1, close - 1);
      i = close;
      continue;
    }
    if (c === ')') {
      // Only reached when unbalanced: a `case` pattern or a stray parenthesis.
      flush();
      i++;
      continue;
    }
    if (c === '<') {
      // Documentation placeholders (`pnpm --filter <package> build`) stand for a word we cannot know,
      // also of a few words (`cargo test -p <formatter crate>`): one word, never split into two. Each
      // word starts with a letter and the `>` follows a word, so a redirection (`sort <in >out`) is none.
      const placeholder = /^<[A-Za-z][\w.:/-]*(?: [A-Za-z][\w.:/-]*){0,4}>/.exec(source.slice(i, i + 80));
      if (placeholder) {
        pushWord({ value: placeholder[0], start: offset + i, end: offset + i + placeholder[0].length, dynamic: true }, placeholder[0]);
        i += placeholder[0].length;
        continue;
      }
    }
    if (c === '<' || c === '>') {
      // Redirections: the next word is a file or descriptor, not an argument.
      if (source[i + 1] === '(') {
        const close = matchParen(i + 1);
        if (close < 0) {
          ok = false;
          break;
        }
        nested(i + 2, close - 1);
        i = close;
        continue;
      }
      if (c === '<' && source[i + 1] === '<' && source[i + 2] !== '<') {
        let j = i + 2;
        if (source[j] === '-') j++;
        while (source[j] === ' ' || source[j] === '\t') j++;
        const m = /^(['"]?)([^\s'";&|<>()]+)\1/.exec(source.slice(j));
        if (m) {
          heredocs.push(m[2] ?? '');
          i = j + m[0].length;
          continue;
        }
      }
      i++;
      while (source[i] === '>' || source[i] === '<' || source[i] === '&' || source[i] === '|') i++;
      if (/[0-9-]/.test(source[i] ?? '') && source[i - 1] === '&') {
        while (/[0-9-]/.test(source[i] ?? '')) i++;
      } else pendingRedirect = true;
      continue;
    }

    // A word: read until an unquoted metacharacter.
    const start = i;
    let value = '';
    let dynamic = false;
    while (i < n) {
      const ch = source[i] ?? '';
      if (' \t\r\n;&|()<>'.includes(ch)) break;
      if (ch === '\\') {
        if (source[i + 1] === '\n') {
          i += 2;
          continue;
        }
        value += source[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (ch === "'") {
        const close = source.indexOf("'", i + 1);
        if (close < 0) {
          ok = false;
          value += source.slice(i + 1);
          i = n;
          break;
        }
        value += source.slice(i + 1, close);
        i = close + 1;
        continue;
      }
      if (ch === '"') {
        i++;
        while (i < n && source[i] !== '"') {
          const d = source[i];
          if (d === '\\' && i + 1 < n && '$`"\\\n'.includes(source[i + 1] ?? '')) {
            value += source[i + 1];
            i += 2;
          } else if (d === '$') {
            dynamic = true;
            i = readDollar();
          } else if (d === '`') {
            dynamic = true;
            const close = source.indexOf('`', i + 1);
            if (close < 0) {
              ok = false;
              i = n;
            } else {
              nested(i + 1, close);
              i = close + 1;
            }
          } else {
            value += d;
            i++;
          }
        }
        if (i >= n) ok = false;
        i++;
        continue;
      }
      if (ch === '$') {
        dynamic = true;
        i = readDollar();
        continue;
      }
      if (ch === '`') {
        dynamic = true;
        const close = source.indexOf('`', i + 1);
        if (close < 0) {
          ok = false;
          i = n;
          break;
        }
        nested(i + 1, close);
        i = close + 1;
        continue;
      }
      if ((ch === '*' || ch === '?' || ch === '[') && !(ch === '[' && i === start)) dynamic = true;
      if (ch === '~' && i === start) dynamic = true;
      // Brace expansion (`{a,b}`) and placeholders (`{pkg}`) both stand for words we cannot know.
      if (ch === '{' && source.indexOf('}', i) > i + 1) dynamic = true;
      value += ch;
      i++;
    }
    const raw = source.slice(start, Math.min(i, n));
    // An ellipsis (`pnpm run ...`) elides the word in prose.
    if (/^(\.{3}|…)$/.test(value)) dynamic = true;
    // A descriptor number glued to a redirection (`2>&1`) is not an argument.
    if (/^[0-9]+$/.test(raw) && (source[i] === '>' || source[i] === '<')) continue;
    pushWord({ value, start: offset + start, end: offset + Math.min(i, n), dynamic }, raw);
  }
  flush();
  return { events, ok };
}

/** Just the commands, flattened (subshell brackets dropped). */
export function simpleCommands(source: string): SimpleCommand[] {
  return parseShell(source).events.flatMap((e) => (e.type === 'command' ? [e.command] : []));
}

type ShParse = (text: string) => Promise<unknown>;
let shParse: Promise<ShParse | null> | undefined;

/**
 * Whether sh-syntax accepts the script as bash. Resolves to null when the WASM parser cannot be
 * loaded, so callers fall back to the lexer's own balance check. Never rejects.
 */
export async function checkShellSyntax(source: string): Promise<boolean | null> {
  shParse ??= import('sh-syntax').then(
    (m) => (text: string) => m.parse(text),
    () => null,
  );
  const parse = await shParse;
  if (!parse) return null;
  try {
    await parse(source);
    return true;
  } catch {
    return false;
  }
}
