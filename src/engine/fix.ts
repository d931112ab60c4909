import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic, Fix } from '../util/diagnostic.js';
import { decodePath, nativePath } from '../repo/raw-path.js';
import { writeAtomically } from '../repo/atomic-write.js';
import { writeFully } from '../repo/write-fully.js';
import { isInside } from '../util/inside.js';
import { MAX_CONTENT_BYTES } from './lint.js';
import { sha1 } from '../sha1.js';

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

/** The fixes that apply together: sorted, and none overlapping one taken before it. */
function acceptedFixes(fixes: readonly Fix[]): Fix[] {
  const sorted = [...fixes].sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1]);
  const accepted: Fix[] = [];
  let lastEnd = -1;
  for (const fix of sorted) {
    // Overlapping fixes are skipped; a second --fix pass picks them up on fresh positions.
    if (fix.range[0] < lastEnd) continue;
    accepted.push(fix);
    lastEnd = fix.range[1];
  }
  return accepted;
}

function applyCounted(bytes: Uint8Array, fixes: readonly Fix[]): { bytes: Uint8Array; applied: number } {
  const accepted = acceptedFixes(fixes);
  const parts: Uint8Array[] = [];
  let cursor = 0;
  for (const fix of accepted) {
    parts.push(bytes.subarray(cursor, fix.range[0]), Buffer.from(fix.text, 'utf8'));
    cursor = fix.range[1];
  }
  parts.push(bytes.subarray(cursor));
  return { bytes: Buffer.concat(parts), applied: accepted.length };
}

/** One file's fixes as --fix would write them. */
export interface FilePlan {
  /** Repo-relative path. */
  file: string;
  before: Buffer;
  after: Uint8Array;
  /** The fixes applied, sorted and non-overlapping (what `after` is `before` with). */
  accepted: Fix[];
  mode: number;
}

/**
 * What --fix would do, file by file (one file's bytes held at a time): the new content of each file
 * that changes, or why a file is refused (never through a symlink, never outside the repository
 * root). Nothing is written; --fix-dry-run prints the plans, --fix writes them.
 */
export function* planFixes(root: string, diagnostics: readonly Diagnostic[]): Generator<FilePlan | { file: string; refused: string }> {
  const byFile = new Map<string, Fix[]>();
  for (const d of diagnostics) {
    if (!d.fix) continue;
    const list = byFile.get(d.file);
    if (list) list.push(d.fix);
    else byFile.set(d.file, [d.fix]);
  }
  const realRoot = realPath(root);
  for (const [file, fixes] of [...byFile].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const abs = path.join(root, file);
    const native = nativePath(abs);
    const stat = fs.lstatSync(native);
    if (stat.isSymbolicLink()) {
      yield { file, refused: 'is a symlink; fix the file it points to instead' };
      continue;
    }
    const realDir = realPath(path.dirname(abs));
    if (!isInside(realDir, realRoot)) {
      yield { file, refused: 'lies outside the repository' };
      continue;
    }
    // Content rules read only the first MAX_CONTENT_BYTES of a larger file: a rewrite would rest on
    // a part of it, and reading it whole could exhaust memory (a hostile file of gigabytes).
    if (stat.size > MAX_CONTENT_BYTES) {
      yield { file, refused: `is larger than ${MAX_CONTENT_BYTES} bytes, of which only the first were linted; fix it by hand` };
      continue;
    }
    const before = fs.readFileSync(native);
    // The ranges are offsets into the bytes linted: a file saved since (an editor, a formatter) would
    // be cut at the wrong places.
    const bases = new Set(fixes.map((f) => f.base).filter((b) => b !== undefined));
    if (bases.size > 0 && !bases.has(sha1(before))) {
      yield { file, refused: 'changed since it was linted; run --fix again' };
      continue;
    }
    const accepted = acceptedFixes(fixes);
    const { bytes: after } = applyCounted(before, accepted);
    if (Buffer.compare(before, after) === 0) continue;
    yield { file, before, after, accepted, mode: stat.mode & 0o7777 };
  }
}

/**
 * Writes fixed files atomically (repo/atomic-write.ts), keeping the file mode; never through a
 * symlink and never outside the repository root.
 */
export function applyFixes(root: string, diagnostics: readonly Diagnostic[]): FixOutcome {
  const outcome: FixOutcome = { written: [], applied: new Map(), refused: [] };
  for (const plan of planFixes(root, diagnostics)) {
    if ('refused' in plan) {
      outcome.refused.push({ file: plan.file, reason: plan.refused });
      continue;
    }
    writeAtomically(path.join(root, plan.file), (fd) => writeFully(fd, plan.after), plan.mode);
    outcome.written.push(plan.file);
    outcome.applied.set(plan.file, plan.accepted.length);
  }
  return outcome;
}

/** The real path of `p`, read in bytes: a name that is not UTF-8 keeps its bytes (raw-path.ts). */
function realPath(p: string): string {
  return decodePath(fs.realpathSync.native(nativePath(p), 'buffer'));
}
