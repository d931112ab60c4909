import { defineRule, z, detectEncoding, decodeUnicode, invalidUtf8Runs, hexBytes, windows1252Guess, plural } from '../src/kit/index.js';

const LABEL = { utf16le: 'UTF-16LE', utf16be: 'UTF-16BE', utf32le: 'UTF-32LE', utf32be: 'UTF-32BE', utf8: 'UTF-8' } as const;

export default defineRule({
  id: 'no-invalid-encoding',
  meta: {
    description: 'Disallow instruction files that are not plain UTF-8: invalid bytes, UTF-16/UTF-32, a byte order mark',
    severity: 'error',
    scope: 'file',
    tags: ['encoding', 'codex'],
    fixable: true,
    messages: {
      invalidUtf8: (d: { byteOffset: number; line: number; column: number; bytes: string; replacements: number; windows1252: string | null }) =>
        `Invalid UTF-8 at byte ${d.byteOffset} (line ${d.line}, column ${d.column}): bytes ${d.bytes} (hex). Codex decodes lossily and the agent sees ${'\uFFFD'.repeat(d.replacements)} (U+FFFD) there instead.${
          d.windows1252 === null ? '' : ` In Windows-1252 these bytes read "${d.windows1252}".`
        } Re-save the file as UTF-8.`,
      moreInvalidUtf8: (d: { count: number; firstByteOffset: number }) =>
        `${plural(d.count, 'more run')} of invalid UTF-8 from byte ${d.firstByteOffset} on. They are not listed one by one; the agent sees U+FFFD for each. Re-save the file as UTF-8.`,
      utf16: (d: { encoding: string; bom: boolean; fixable: boolean }) =>
        `This file is ${d.encoding}${d.bom ? ' with a byte order mark' : ''}. Codex reads every instruction file as UTF-8, so the agent gets NUL bytes and U+FFFD instead of text. ${
          d.fixable ? 'Re-encode it as UTF-8 (--fix does).' : 'It is not valid ' + d.encoding + ' either: re-save it as UTF-8.'
        }`,
      utf32: (d: { encoding: string; bom: boolean; fixable: boolean }) =>
        `This file is ${d.encoding}${d.bom ? ' with a byte order mark' : ''}. Codex reads every instruction file as UTF-8, so the agent gets runs of NUL bytes and U+FFFD instead of text, and each character costs 4 bytes of the budget. ${
          d.fixable ? 'Re-encode it as UTF-8 (--fix does).' : 'Re-save it as UTF-8.'
        }`,
      bom: (d: { midTextCwds: number }) =>
        `This file starts with a UTF-8 byte order mark. Codex keeps it: the agent sees U+FEFF, it spends 3 bytes of project_doc_max_bytes${
          d.midTextCwds > 0 ? `, and for ${plural(d.midTextCwds, 'working directory', 'working directories')} it lands in the middle of the instructions, after the files loaded before this one` : ''
        }. Remove the BOM (--fix does).`,
    },
    options: () => z.strictObject({
      maxInvalidUtf8: z.number().int().min(1).default(20).describe('Invalid UTF-8 runs reported one by one per file; the rest are summed up in one message'),
    }),
  },
  check({ file, discovery, report }, { maxInvalidUtf8 }) {
    const bytes = file.bytes;
    const info = detectEncoding(bytes);
    // Codex never detects encodings: every file is decoded as UTF-8 with from_utf8_lossy, a BOM is
    // kept as U+FEFF (docs/codex-discovery.md §5.1, §5.3, §5.4; observed on 0.171.0).
    if (info.encoding !== 'utf8') {
      const decoded = decodeUnicode(bytes, info);
      const wide = info.encoding.startsWith('utf32');
      report({
        messageId: wide ? 'utf32' : 'utf16',
        data: { encoding: LABEL[info.encoding], bom: info.bomLength > 0, fixable: decoded !== null },
        loc: { byteOffset: 0, endByteOffset: info.bomLength },
        ...(decoded === null ? {} : { fix: { range: [0, bytes.length] as [number, number], text: decoded } }),
      });
      return;
    }
    if (info.bomLength > 0) {
      // A file loaded after another one in the same chain carries its U+FEFF into the middle of the text.
      const cwds = new Set<string>();
      for (const load of discovery.loadsOf(file.path)) {
        if (load.file.dropped !== null) continue;
        const sim = discovery.sharedSimulation(load.cwd);
        const loaded = sim.files.filter((f) => f.dropped === null);
        if (loaded[0] !== load.file || sim.settings.userInstructions !== null) cwds.add(load.cwd);
      }
      report({ messageId: 'bom', data: { midTextCwds: cwds.size }, loc: { byteOffset: 0, endByteOffset: 3 }, fix: { range: [0, 3], text: '' } });
    }
    // One more run than is listed, so the summary can point at the first one left out.
    const { runs, total } = invalidUtf8Runs(bytes, maxInvalidUtf8 + 1);
    for (const run of runs.slice(0, maxInvalidUtf8)) {
      const raw = bytes.subarray(run.start, run.end);
      const position = file.locator.bytePosition(run.start);
      report({
        messageId: 'invalidUtf8',
        data: { byteOffset: run.start, line: position.line, column: position.column, bytes: hexBytes(raw), replacements: run.replacements, windows1252: windows1252Guess(raw) },
        loc: { byteOffset: run.start, endByteOffset: run.end },
      });
    }
    const first = runs[maxInvalidUtf8];
    if (first) report({ messageId: 'moreInvalidUtf8', data: { count: total - maxInvalidUtf8, firstByteOffset: first.start }, loc: { byteOffset: first.start, endByteOffset: first.end } });
  },
});
