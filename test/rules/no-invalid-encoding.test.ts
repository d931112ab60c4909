import rule from '../../rules/no-invalid-encoding.js';
import { testRule } from '../helpers/test-rule.js';

const F = 'rules/no-invalid-encoding';
const UTF16_TEXT = '# Setup\r\n\r\nRun `make test` \u2014 it\u2019s quick.\r\n';

testRule(rule, {
  valid: [
    // Multi-byte characters, CRLF and a lone CR: Codex keeps line endings verbatim, nothing to report.
    { fixture: `${F}/valid-utf8`, name: 'UTF-8 with CRLF and a lone CR is fine' },
  ],
  invalid: [
    {
      fixture: `${F}/invalid-bom`,
      name: 'a BOM is reported, and counted as mid-text where the file is not first in the chain',
      errors: [
        { file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 2, messageId: 'bom', data: { midTextCwds: 0 } },
        { file: 'packages/api/AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 2, messageId: 'bom', data: { midTextCwds: 1 } },
      ],
      output: { 'AGENTS.md': '# Repo\n\nUse pnpm.\n', 'packages/api/AGENTS.md': '# API\n\nRun `pnpm test`.\n' },
    },
    {
      fixture: `${F}/invalid-utf8`,
      name: 'one diagnostic per maximal invalid run, with the bytes and what the agent sees',
      errors: [
        { file: 'AGENTS.md', line: 3, column: 2, endLine: 3, endColumn: 3, messageId: 'invalidUtf8', data: { byteOffset: 10, line: 3, column: 2, bytes: 'FF', replacements: 1, windows1252: '\u00ff' } },
        { file: 'AGENTS.md', line: 3, column: 4, endLine: 3, endColumn: 5, messageId: 'invalidUtf8', data: { byteOffset: 12, line: 3, column: 4, bytes: 'C3', replacements: 1, windows1252: '\u00c3' } },
        // A truncated 3-byte sequence is one maximal subpart: one U+FFFD for two bytes.
        { file: 'AGENTS.md', line: 3, column: 7, endLine: 3, endColumn: 8, messageId: 'invalidUtf8', data: { byteOffset: 15, line: 3, column: 7, bytes: 'E2 82', replacements: 1, windows1252: '\u00e2\u201a' } },
        { file: 'AGENTS.md', line: 4, column: 4, endLine: 4, endColumn: 5, messageId: 'invalidUtf8', data: { byteOffset: 21, line: 4, column: 4, bytes: '92', replacements: 1, windows1252: '\u2019' } },
        { file: 'AGENTS.md', line: 5, column: 11, endLine: 5, endColumn: 13, messageId: 'invalidUtf8', data: { byteOffset: 48, line: 5, column: 11, bytes: 'FF FE', replacements: 2, windows1252: '\u00ff\u00fe' } },
      ],
    },
    {
      fixture: `${F}/invalid-many`,
      name: 'runs past the cap are summed up in one message',
      options: { maxInvalidUtf8: 2 },
      errors: [
        { file: 'AGENTS.md', line: 3, column: 2, endLine: 3, endColumn: 3, messageId: 'invalidUtf8', data: { byteOffset: 9, line: 3, column: 2, bytes: '80', replacements: 1, windows1252: '\u20ac' } },
        { file: 'AGENTS.md', line: 3, column: 5, endLine: 3, endColumn: 6, messageId: 'invalidUtf8', data: { byteOffset: 12, line: 3, column: 5, bytes: '80', replacements: 1, windows1252: '\u20ac' } },
        { file: 'AGENTS.md', line: 3, column: 8, endLine: 3, endColumn: 9, messageId: 'moreInvalidUtf8', data: { count: 3, firstByteOffset: 15 } },
      ],
    },
    {
      fixture: `${F}/invalid-utf16le-bom`,
      name: 'UTF-16LE with a BOM is re-encoded as UTF-8',
      errors: [{ file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 3, messageId: 'utf16', data: { encoding: 'UTF-16LE', bom: true, fixable: true } }],
      output: { 'AGENTS.md': UTF16_TEXT },
    },
    {
      fixture: `${F}/invalid-utf16be`,
      name: 'UTF-16BE without a BOM is detected by its NUL pattern',
      errors: [{ file: 'docs/AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 1, messageId: 'utf16', data: { encoding: 'UTF-16BE', bom: false, fixable: true } }],
      output: { 'docs/AGENTS.md': UTF16_TEXT, 'AGENTS.md': '# Root\n' },
    },
    {
      fixture: `${F}/invalid-utf32le-bom`,
      errors: [{ file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 5, messageId: 'utf32', data: { encoding: 'UTF-32LE', bom: true, fixable: true } }],
      output: { 'AGENTS.md': '# Wide\n\nHi \u00e9.\n' },
    },
    {
      fixture: `${F}/invalid-utf16-broken`,
      name: 'UTF-16 with a lone surrogate is reported without a fix',
      errors: [{ file: 'AGENTS.md', line: 1, column: 1, endLine: 1, endColumn: 3, messageId: 'utf16', data: { encoding: 'UTF-16LE', bom: true, fixable: false } }],
    },
  ],
});
