import { FsError, type AbsenceProof, type DirEntry, type FileSystem, type Probe } from '../repo/vfs.js';

/**
 * The disk as the engine should see it while ESLint lints an editor's unsaved buffer: one file's
 * bytes are the buffer's (its size too, which discovery's budgets read), everything else is the
 * disk's. The file must exist on disk (ESLint names it by its path): a buffer for a file not yet
 * saved has no place in the repository's listing, and is linted as the file it will become only
 * once it is saved.
 */
export class OverlayFileSystem implements FileSystem {
  constructor(
    private readonly inner: FileSystem,
    private readonly absPath: string,
    private readonly bytes: Uint8Array,
  ) {}

  probe(absPath: string): Probe {
    const probe = this.inner.probe(absPath);
    if (absPath !== this.absPath || probe.kind !== 'file') return probe;
    return { ...probe, size: this.bytes.length };
  }

  read(absPath: string, maxBytes?: number, probed?: Probe): Uint8Array {
    if (absPath !== this.absPath) return this.inner.read(absPath, maxBytes, probed);
    if (this.inner.probe(absPath).kind !== 'file') throw new FsError('ENOENT', absPath, `cannot open ${absPath}: ENOENT`);
    return maxBytes === undefined || maxBytes >= this.bytes.length ? this.bytes : this.bytes.subarray(0, maxBytes);
  }

  list(absPath: string): DirEntry[] {
    return this.inner.list(absPath);
  }

  realpath(absPath: string): string | null {
    return this.inner.realpath ? this.inner.realpath(absPath) : null;
  }

  absence(absDir: string): AbsenceProof | null {
    return this.inner.absence ? this.inner.absence(absDir) : null;
  }
}
