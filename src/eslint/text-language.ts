import { TextSourceCode, type TextRoot } from './text-source-code.js';

/** What ESLint gives a language to parse: the file's text (a byte order mark already taken off). */
interface TextFile {
  body: string | Uint8Array;
}

/**
 * `agents-lint/text`: an ESLint language for the files the engine reports on that no official ESLint
 * language reads (TOML and YAML: text-files.ts). It parses every text, into one node covering it:
 * the engine judges the file (a TOML or YAML syntax error is its no-invalid-manifest finding), so
 * ESLint must run the rules on any text, not stop at a parsing error of its own.
 */
export const textLanguage = {
  meta: { name: 'agents-lint/text' },
  fileType: 'text' as const,
  lineStart: 1 as const,
  columnStart: 1 as const,
  nodeTypeKey: 'type',
  visitorKeys: { Text: [] as string[] },
  defaultLanguageOptions: {},

  /**
   * The language has no options. Others are let through rather than rejected: a config object
   * without `files` (a project's `languageOptions` for all its files) applies here too.
   */
  validateLanguageOptions(): void {},

  parse(file: TextFile): { ok: true; ast: TextRoot } {
    const text = textOf(file);
    const lines = text.split(/\r?\n/);
    const last = lines[lines.length - 1]!;
    return {
      ok: true,
      ast: { type: 'Text', range: [0, text.length], loc: { start: { line: 1, column: 1 }, end: { line: lines.length, column: last.length + 1 } } },
    };
  },

  createSourceCode(file: TextFile, parsed: { ast: TextRoot }): TextSourceCode {
    return new TextSourceCode({ text: textOf(file), ast: parsed.ast });
  },
};

function textOf(file: TextFile): string {
  return typeof file.body === 'string' ? file.body : new TextDecoder().decode(file.body);
}
