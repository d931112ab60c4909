import * as fs from 'node:fs';
import * as path from 'node:path';
import { FsError, NodeFileSystem, type AbsenceProof, type DirEntry, type FileSystem, type Probe } from '../repo/vfs.js';
import { nativePath } from '../repo/raw-path.js';

/**
 * The file system of a long-lived process (an editor's ESLint server lives for hours): it keeps
 * every answer it gave, so linting a file again reads and lists nothing that has not changed, and
 * `refresh()` drops the answers that no longer hold. Each answer is kept with what it rests on: a
 * file read with the file's metadata (size, mtime, inode, mode), a listing with its directory's
 * mtime, a path found missing with its parent directory's mtime (creating a file changes it), a
 * probe with the probe itself. Keeping the same bytes object while a file is unchanged is what lets
 * the engine's statement memo (LintOptions.statementMemo) skip parsing it.
 */
export class ObservedFileSystem implements FileSystem {
  readonly #inner = new NodeFileSystem();
  readonly #probes = new Map<string, { probe: Probe; parent: string | null }>();
  readonly #reads = new Map<string, { path: string; bytes: Uint8Array | FsError; sig: string }>();
  readonly #lists = new Map<string, { entries: DirEntry[] | FsError; sig: string }>();
  readonly #absences = new Map<string, { proof: AbsenceProof | null; sig: string }>();
  readonly #realpaths = new Map<string, string | null>();
  /**
   * Directory signatures read since the last refresh: each directory is asked once. A signature read
   * before an entry appeared only makes the next refresh look again (an answer is never kept wrongly).
   */
  #dirSigs = new Map<string, string>();

  /** A directory's signature (dirSig), read once between two refreshes. */
  dirSig(dir: string): string {
    let sig = this.#dirSigs.get(dir);
    if (sig === undefined) this.#dirSigs.set(dir, (sig = dirSig(dir)));
    return sig;
  }

  probe(absPath: string): Probe {
    const known = this.#probes.get(absPath);
    if (known) return known.probe;
    const probe = this.#inner.probe(absPath);
    // A missing path is checked through its directory: one stat covers every name probed there.
    this.#probes.set(absPath, { probe, parent: probe.kind === 'missing' && !probe.symlink ? this.dirSig(path.dirname(absPath)) : null });
    return probe;
  }

  read(absPath: string, maxBytes?: number, probed?: Probe): Uint8Array {
    const key = `${absPath}\0${maxBytes ?? ''}`;
    let known = this.#reads.get(key);
    if (!known) {
      // The signature before the bytes: a write between the two makes the next refresh read again.
      const sig = fileSig(absPath);
      let bytes: Uint8Array | FsError;
      try {
        bytes = this.#inner.read(absPath, maxBytes, probed);
      } catch (error) {
        if (!(error instanceof FsError)) throw error;
        bytes = error;
      }
      this.#reads.set(key, (known = { path: absPath, bytes, sig }));
    }
    if (known.bytes instanceof FsError) throw known.bytes;
    return known.bytes;
  }

  list(absPath: string): DirEntry[] {
    let known = this.#lists.get(absPath);
    if (!known) {
      const sig = this.dirSig(absPath);
      let entries: DirEntry[] | FsError;
      try {
        entries = this.#inner.list(absPath);
      } catch (error) {
        if (!(error instanceof FsError)) throw error;
        entries = error;
      }
      this.#lists.set(absPath, (known = { entries, sig }));
    }
    if (known.entries instanceof FsError) throw known.entries;
    return known.entries;
  }

  absence(absDir: string): AbsenceProof | null {
    let known = this.#absences.get(absDir);
    if (!known) this.#absences.set(absDir, (known = { sig: this.dirSig(absDir), proof: this.#inner.absence(absDir) }));
    return known.proof;
  }

  realpath(absPath: string): string | null {
    if (!this.#realpaths.has(absPath)) this.#realpaths.set(absPath, this.#inner.realpath(absPath));
    return this.#realpaths.get(absPath) ?? null;
  }

  /**
   * Drops every answer that no longer holds, and says whether any did. Costs one metadata call per
   * file read or probed and per directory; dirSig() then answers from this pass until the next.
   */
  refresh(): boolean {
    this.#dirSigs = new Map();
    const sigOfDir = (dir: string) => this.dirSig(dir);
    let changed = false;
    for (const [p, known] of this.#probes) {
      const same = known.parent !== null ? sigOfDir(path.dirname(p)) === known.parent : sameProbe(known.probe, this.#inner.probe(p));
      if (!same) {
        this.#probes.delete(p);
        changed = true;
      }
    }
    for (const [key, known] of this.#reads) {
      if (fileSig(known.path) !== known.sig) {
        this.#reads.delete(key);
        changed = true;
      }
    }
    for (const [dir, known] of this.#lists) {
      if (sigOfDir(dir) !== known.sig) {
        this.#lists.delete(dir);
        changed = true;
      }
    }
    for (const [dir, known] of this.#absences) {
      if (sigOfDir(dir) !== known.sig) {
        this.#absences.delete(dir);
        changed = true;
      }
    }
    for (const [p, real] of this.#realpaths) {
      if (this.#inner.realpath(p) !== real) {
        this.#realpaths.delete(p);
        changed = true;
      }
    }
    return changed;
  }
}

/** What a file's content rests on: kind, size, mtime, inode and mode (symlinks followed). */
export function fileSig(absPath: string): string {
  try {
    const st = fs.statSync(nativePath(absPath), { throwIfNoEntry: false });
    return st ? `${st.isFile() ? 'f' : st.isDirectory() ? 'd' : 's'}:${st.size}:${st.mtimeMs}:${st.ino}:${st.mode}` : 'missing';
  } catch (error) {
    return `E:${(error as { code?: string }).code ?? 'EIO'}`;
  }
}

/** What a directory's entries rest on: its mtime and inode (adding, removing or renaming an entry changes the mtime). */
export function dirSig(absDir: string): string {
  return entryState(absDir).sig;
}

/** dirSig of any path, with the mtime it holds (NaN when it could not be read). */
export function entryState(absDir: string): { sig: string; mtimeMs: number } {
  try {
    const st = fs.statSync(nativePath(absDir), { throwIfNoEntry: false });
    return st ? { sig: `${st.isDirectory() ? 'd' : 'f'}:${st.mtimeMs}:${st.ino}`, mtimeMs: st.mtimeMs } : { sig: 'missing', mtimeMs: NaN };
  } catch (error) {
    return { sig: `E:${(error as { code?: string }).code ?? 'EIO'}`, mtimeMs: NaN };
  }
}

function sameProbe(a: Probe, b: Probe): boolean {
  return a.kind === b.kind && a.symlink === b.symlink && a.code === b.code && a.size === b.size && a.mtimeMs === b.mtimeMs && a.mode === b.mode;
}
