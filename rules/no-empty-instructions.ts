import { defineRule, z, isRustWhitespaceOnly, CODEX_OVERRIDE, CODEX_DEFAULT } from '../src/kit/index.js';

export default defineRule({
  id: 'no-empty-instructions',
  meta: {
    description: 'Disallow instruction files that are empty or hold only whitespace',
    severity: 'error',
    scope: 'file',
    tags: ['content', 'discovery'],
    fixable: false,
    messages: {
      empty: (d: { file: string; size: number }) =>
        `${d.file} is ${d.size === 0 ? 'empty' : 'whitespace-only'}: agents load nothing from it. Write the instructions or delete the file.`,
      emptyOverride: (d: { file: string; size: number; shadowed: string }) =>
        `${d.file} is ${d.size === 0 ? 'empty' : 'whitespace-only'}, yet Codex still selects it. Codex then never loads ${d.shadowed} beside it, so this directory silently contributes nothing. Delete the override or give it content.`,
    },
    options: () => z.strictObject({}),
  },
  check({ file, repo, report }) {
    // Rust's char::is_whitespace, not JS trim(): a BOM-only file is not empty to Codex (§2.4).
    if (!isRustWhitespaceOnly(file.text)) return;
    const dir = file.path.includes('/') ? file.path.slice(0, file.path.lastIndexOf('/') + 1) : '';
    const base = file.path.slice(dir.length);
    const sibling = `${dir}${CODEX_DEFAULT}`;
    const end = { offset: 0, endOffset: file.text.length };
    if (base === CODEX_OVERRIDE && repo.has(sibling)) {
      report({
        messageId: 'emptyOverride',
        data: { file: file.path, size: file.bytes.length, shadowed: sibling },
        loc: end,
        related: [{ file: sibling, line: 1, column: 1, message: 'hidden by the empty override' }],
      });
      return;
    }
    report({ messageId: 'empty', data: { file: file.path, size: file.bytes.length }, loc: end });
  },
});
