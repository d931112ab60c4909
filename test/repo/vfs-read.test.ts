import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FsError, NodeFileSystem, type Probe } from '../../src/repo/vfs.js';

const dir = mkdtempSync(path.join(tmpdir(), 'agents-lint-vfs-read-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const fsys = new NodeFileSystem();

function errorOf(run: () => unknown): FsError {
  try {
    run();
  } catch (error) {
    if (error instanceof FsError) return error;
    throw error;
  }
  throw new Error('expected an FsError');
}

describe('NodeFileSystem.read with the caller\'s probe', () => {
  it('reads the same bytes with a probe as without, capped the same way', () => {
    const file = path.join(dir, 'AGENTS.md');
    writeFileSync(file, '# Rules\n\nRun `npm test`.\n');
    const probe = fsys.probe(file);
    expect(probe.kind).toBe('file');
    expect(Buffer.from(fsys.read(file, undefined, probe)).toString()).toBe('# Rules\n\nRun `npm test`.\n');
    expect(Buffer.from(fsys.read(file, 7, probe)).toString()).toBe('# Rules');
    expect(Buffer.from(fsys.read(file, 7)).toString()).toBe('# Rules');
  });

  it('still refuses a FIFO put where a probe saw a regular file, without blocking on it', () => {
    const file = path.join(dir, 'swapped.md');
    writeFileSync(file, 'text\n');
    const stale: Probe = fsys.probe(file);
    rmSync(file);
    execFileSync('mkfifo', [file]);
    // Opened non-blocking and checked after opening: an error, not an empty file and not a hang.
    expect(errorOf(() => fsys.read(file, undefined, stale)).code).toBe('EINVAL');
    expect(errorOf(() => fsys.read(file)).code).toBe('EINVAL');
  });

  it('refuses a directory put where a probe saw a regular file', () => {
    const file = path.join(dir, 'now-a-dir.md');
    writeFileSync(file, 'text\n');
    const stale = fsys.probe(file);
    rmSync(file);
    mkdirSync(file);
    expect(['EINVAL', 'EISDIR']).toContain(errorOf(() => fsys.read(file, undefined, stale)).code);
  });

  it('checks the path itself when the probe found no regular file', () => {
    const fifo = path.join(dir, 'fifo.md');
    execFileSync('mkfifo', [fifo]);
    expect(errorOf(() => fsys.read(fifo, undefined, fsys.probe(fifo))).code).toBe('EINVAL');
  });
});

describe('NodeFileSystem.read of many small files', () => {
  it('gives each of many small files read in a row its own bytes', () => {
    const reads = Array.from({ length: 80 }, (_, i) => {
      const file = path.join(dir, `many-${i}.md`);
      writeFileSync(file, `file ${i} `.repeat(400 + i));
      return { i, bytes: fsys.read(file) };
    });
    for (const { i, bytes } of reads) expect(Buffer.from(bytes).toString()).toBe(`file ${i} `.repeat(400 + i));
    // A capped read of one of them cuts the same way.
    expect(Buffer.from(fsys.read(path.join(dir, 'many-3.md'), 6)).toString()).toBe('file 3');
  });
});
