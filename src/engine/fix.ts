import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Fix } from '../kit/types.js';

export interface FixOutcome {
  /** Repo-relative files rewritten. */
  written: string[];
  /** Files whose fixes were refused, with why (a symlink, outside the root). */
  refused: { file: string; reason: string }[];
}

/** Applies non-overlapping byte-range fixes from the end of the file backwards. */
export function applyToBytes(bytes: Uint8Array, fixes: readonly Fix[]): Uint8Array {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const accepted: Fix[] = [];
  let lastEnd = -1;
  for (const fix of sorted) {
    // Overlapping fixes are skipped; a second --fix pass picks them up on fresh positions.
    if (fix.range[0] < lastEnd) continue;
    accepted.push(fix);
    lastEnd = fix.range[1];
  }
  const parts: Uint8Array[] = [];
  let cursor = 0;
  for (const fix of accepted) {
    parts.push(bytes.subarray(cursor, fix.range[0]), Buffer.from(fix.text, 'utf8'));
    cursor = fix.range[1];
  }
  parts.push(bytes.subarray(cursor));
  return Buffer.concat(parts);
}

/**
 * Writes fixed files atomically (temporary file in the same directory, then rename), keeping the
 * file mode; never through a symlink and never outside the repository root.
 */
export function applyFixes(root: string, diagnostics: readonly Diagnostic[]): FixOutcome {
  const byFile = new Map<string, Fix[]>();
  for (const d of diagnostics) {
    if (!d.fix) continue;
    const list = byFile.get(d.file);
    if (list) list.push(d.fix);
    else byFile.set(d.file, [d.fix]);
  }
  const outcome: FixOutcome = { written: [], refused: [] };
  const realRoot = fs.realpathSync(root);
  for (const [file, fixes] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = path.join(root, file);
    const stat = fs.lstatSync(abs);
    if (stat.isSymbolicLink()) {
      outcome.refused.push({ file, reason: 'is a symlink; fix the file it points to instead' });
      continue;
    }
    const realDir = fs.realpathSync(path.dirname(abs));
    if (realDir !== realRoot && !realDir.startsWith(realRoot + path.sep)) {
      outcome.refused.push({ file, reason: 'lies outside the repository' });
      continue;
    }
    const before = fs.readFileSync(abs);
    const after = applyToBytes(before, fixes);
    if (Buffer.compare(before, after) === 0) continue;
    // A fresh private directory beside the file holds the new version until the rename: no name a
    // repository could plant in advance is ever opened (a planted one made a predictable name fail).
    const tempDir = fs.mkdtempSync(path.join(path.dirname(abs), '.agents-lint-fix-'));
    try {
      const temp = path.join(tempDir, path.basename(abs));
      fs.writeFileSync(temp, after, { mode: stat.mode & 0o7777, flag: 'wx' });
      fs.chmodSync(temp, stat.mode & 0o7777);
      fs.renameSync(temp, abs);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
    outcome.written.push(file);
  }
  return outcome;
}
