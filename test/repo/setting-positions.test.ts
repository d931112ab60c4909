import { describe, expect, it } from 'vitest';
import { jsonArrayStringSpans, tomlArrayStringSpans } from '../../src/repo/setting-positions.js';

const literals = (text: string, spans: { start: number; end: number }[]) => spans.map((s) => text.slice(s.start, s.end));

describe('tomlArrayStringSpans', () => {
  it('finds each string literal of a top-level array, in the four TOML string forms', () => {
    const text = [
      '# project_doc_fallback_filenames = ["commented"]',
      'title = "a [bracket] and project_doc_fallback_filenames = [\\"no\\"]"',
      'nested = [',
      '  [1, 2],',
      ']',
      'multi = """',
      'project_doc_fallback_filenames = ["inside a string"]',
      '"""',
      '"project_doc_fallback_filenames" = [ "A.md", # comment with "quotes"',
      "  'B.md', \"\"\"C.md\"\"\", '''D.md''',",
      '  "E\\".md",',
      ']',
    ].join('\n');
    expect(literals(text, tomlArrayStringSpans(text, 'project_doc_fallback_filenames'))).toEqual(['"A.md"', "'B.md'", '"""C.md"""', "'''D.md'''", '"E\\".md"']);
  });

  it('ignores the key inside a table: Codex reads it only at the top level', () => {
    const text = '[profiles.x]\nproject_doc_fallback_filenames = ["A.md"]\n';
    expect(tomlArrayStringSpans(text, 'project_doc_fallback_filenames')).toEqual([]);
  });

  it('returns [] when the key is absent or not an array', () => {
    expect(tomlArrayStringSpans('project_doc_max_bytes = 3\n', 'project_doc_fallback_filenames')).toEqual([]);
    expect(tomlArrayStringSpans('project_doc_fallback_filenames = "A.md"\n', 'project_doc_fallback_filenames')).toEqual([]);
  });
});

describe('jsonArrayStringSpans', () => {
  it('finds the entries at a key path in JSONC', () => {
    const text = '{\n  // comment\n  "codex": { "config": { "project_doc_fallback_filenames": ["A.md", 3, "B\\u002e.md",] } }\n}\n';
    expect(literals(text, jsonArrayStringSpans(text, ['codex', 'config', 'project_doc_fallback_filenames']))).toEqual(['"A.md"', '"B\\u002e.md"']);
    expect(jsonArrayStringSpans(text, ['codex', 'nope'])).toEqual([]);
  });
});
