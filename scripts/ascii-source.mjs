// Rewrites a script so that its text is pure ASCII and it does exactly what it did.
//
// Why: V8 keeps a source with any character above U+007F as a two-byte string. The CLI bundle had
// 36 such lines (regular expressions and String.raw patterns for French, Chinese, ... text, and
// comments), so every run decoded 2.2 MB of UTF-8 into a 4.4 MB two-byte string. esbuild's
// `charset: 'ascii'` escapes strings but leaves regular expression literals and tagged templates,
// where an escape could change the meaning. Here each of those is rewritten the way that keeps it:
// - a regular expression literal: the character as \uXXXX (\u{X} with the u or v flag), which the
//   pattern reads as the character itself;
// - a String.raw template: the character as a substitution, ${"\uXXXX"}, whose value String.raw
//   inserts as it is (an escape in the raw text would stay a backslash sequence);
// - a string literal or an untagged template: \uXXXX;
// - a comment: its non-ASCII characters dropped.
// Anything else (an identifier, a template with another tag) stops the build: it cannot be
// rewritten without changing what the code does. The one visible difference: a rewritten pattern's
// `.source` shows the escapes (no code reads the source of such a literal).
import { tokenizer, tokTypes } from 'acorn';

const NON_ASCII = /[^\0-\x7f]/;
const NON_ASCII_ALL = /[^\0-\x7f]/gu;

const hex4 = (unit) => `\\u${unit.toString(16).padStart(4, '0')}`;
/** Escapes as UTF-16 code units: right in string literals, templates and non-unicode patterns. */
const unitEscapes = (text) => text.replace(/[^\0-\x7f]/g, (c) => hex4(c.charCodeAt(0)));
/** Escapes as code points: a unicode-mode pattern reads a surrogate pair escape as one astral character too, but \u{X} says it plainly. */
const pointEscapes = (text) => text.replace(NON_ASCII_ALL, (c) => `\\u{${c.codePointAt(0).toString(16)}}`);

export function asciiSource(code) {
  const edits = [];
  const onComment = (block, text, start, end) => {
    if (NON_ASCII.test(text)) edits.push({ start, end, text: block ? `/*${text.replace(NON_ASCII_ALL, '')}*/` : `//${text.replace(NON_ASCII_ALL, '')}` });
  };
  // Where the tokenizer is: in a template's text ('template', with its tag), in a ${...}
  // substitution ('sub') or in a block ('brace'), innermost last.
  const contexts = [];
  const recent = [];
  const tokens = tokenizer(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, onComment });
  for (const token of tokens) {
    const top = contexts[contexts.length - 1];
    if (token.type === tokTypes.backQuote) {
      if (top?.kind === 'template') contexts.pop();
      else {
        const [a, b, c] = recent;
        const isRaw = a?.type === tokTypes.name && a.value === 'String' && b?.type === tokTypes.dot && c?.type === tokTypes.name && c.value === 'raw';
        // A template right after a name, `)`, `]` or another template is tagged.
        const tagged = c !== undefined && (c.type === tokTypes.name || c.type === tokTypes.parenR || c.type === tokTypes.bracketR || c.type === tokTypes.backQuote);
        contexts.push({ kind: 'template', tag: isRaw ? 'raw' : tagged ? 'other' : null });
      }
    } else if (token.type === tokTypes.dollarBraceL) contexts.push({ kind: 'sub' });
    else if (token.type === tokTypes.braceL) contexts.push({ kind: 'brace' });
    else if (token.type === tokTypes.braceR) contexts.pop();
    const raw = code.slice(token.start, token.end);
    if (NON_ASCII.test(raw)) {
      if (token.type === tokTypes.regexp) {
        const { pattern, flags } = token.value;
        const body = /[uv]/.test(flags) ? pointEscapes(pattern) : unitEscapes(pattern);
        edits.push({ start: token.start, end: token.end, text: `/${body}/${flags}` });
      } else if (token.type === tokTypes.template || token.type === tokTypes.invalidTemplate) {
        const tag = top?.kind === 'template' ? top.tag : undefined;
        if (tag === 'raw') edits.push({ start: token.start, end: token.end, text: raw.replace(NON_ASCII_ALL, (c) => `\${"${unitEscapes(c)}"}`) });
        else if (tag === null) edits.push({ start: token.start, end: token.end, text: unitEscapes(raw) });
        else throw new Error(`ascii-source: a template with a tag other than String.raw holds non-ASCII text at offset ${token.start}: ${raw.slice(0, 60)}`);
      } else if (token.type === tokTypes.string) {
        edits.push({ start: token.start, end: token.end, text: unitEscapes(raw) });
      } else {
        throw new Error(`ascii-source: cannot rewrite non-ASCII ${token.type.label} at offset ${token.start}: ${raw.slice(0, 60)}`);
      }
    }
    recent.push(token);
    if (recent.length > 3) recent.shift();
  }
  let out = '';
  let at = 0;
  for (const edit of edits.sort((x, y) => x.start - y.start)) {
    out += code.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  out += code.slice(at);
  if (NON_ASCII.test(out)) throw new Error('ascii-source: non-ASCII text is left after the rewrite');
  return out;
}
