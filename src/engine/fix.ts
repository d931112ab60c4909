import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Fix } from '../util/diagnostic.js';
import { decodePath, nativeBytes, nativePath } from '../repo/raw-path.js';
import { isInside } from '../util/inside.js';

export interface FixOutcome {
  /** Repo-relative files rewritten. */
  written: string[];
  /** How many fixes each rewritten file took (overlapping ones wait for the next --fix). */
  applied: Map<string, number>;
  /** Files whose fixes were refused, with why (a symlink, outside the root). */
  refused: { file: string; reason: string }[];
}

/** Applies non-overlapping byte-range fixes from the end of the file backwards. */
export function applyToBytes(bytes: Uint8Array, fixes: readonly Fix[]): Uint8Array {
  return applyCounted(bytes, fixes).bytes;
}

function applyCounted(bytes: Uint8Array, fixes: readonly Fix[]): { bytes: Uint8Array; applied: number } {
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
  return { bytes: Buffer.concat(parts), applied: accepted.length };
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
  const outcome: FixOutcome = { written: [], applied: new Map(), refused: [] };
  const realRoot = realPath(root);
  for (const [file, fixes] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = path.join(root, file);
    const native = nativePath(abs);
    const stat = fs.lstatSync(native);
    if (stat.isSymbolicLink()) {
      outcome.refused.push({ file, reason: 'is a symlink; fix the file it points to instead' });
      continue;
    }
    const realDir = realPath(path.dirname(abs));
    if (!isInside(realDir, realRoot)) {
      outcome.refused.push({ file, reason: 'lies outside the repository' });
      continue;
    }
    const before = fs.readFileSync(native);
    const { bytes: after, applied } = applyCounted(before, fixes);
    if (Buffer.compare(before, after) === 0) continue;
    // A fresh private directory beside the file holds the new version until the rename: no name a
    // repository could plant in advance is ever opened (a planted one made a predictable name fail).
    const tempDir = privateDir(nativeBytes(path.dirname(abs)));
    try {
      const temp = Buffer.concat([tempDir, Buffer.from(path.sep), nativeBytes(path.basename(abs))]);
      fs.writeFileSync(temp, after, { mode: stat.mode & 0o7777, flag: 'wx' });
      fs.chmodSync(temp, stat.mode & 0o7777);
      fs.renameSync(temp, native);
    } finally {
      fs.rmSync(tempDir, { recursive: true, force: true });
    }
    outcome.written.push(file);
    outcome.applied.set(file, applied);
  }
  return outcome;
}

/** The real path of `p`, read in bytes: a name that is not UTF-8 keeps its bytes (raw-path.ts). */
function realPath(p: string): string {
  return decodePath(fs.realpathSync.native(nativePath(p), 'buffer'));
}

/**
 * A new directory only this process can use, in `parent` (bytes: the name may not be UTF-8). mkdir
 * creates it or fails, so a name planted in advance (a symlink) is never written through: mkdtemp's
 * guarantee, which node:fs gives for string paths only.
 */
function privateDir(parent: Buffer): Buffer {
  for (let attempt = 0; ; attempt++) {
    const dir = Buffer.concat([parent, Buffer.from(`${path.sep}.agents-lint-fix-${randomBytes(6).toString('hex')}`)]);
    try {
      fs.mkdirSync(dir, { mode: 0o700 });
      return dir;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EEXIST' || attempt >= 9) throw error;
    }
  }
}
