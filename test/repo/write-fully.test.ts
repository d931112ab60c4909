import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { batched, writeFully, writePieces } from '../../src/repo/write-fully.js';

const text = (pieces: Iterable<string | Uint8Array>) => [...pieces].map((p) => (typeof p === 'string' ? p : Buffer.from(p).toString('utf8'))).join('');

describe('batched report pieces', () => {
  it('joins small strings into pieces of at least 64 Ki characters, in order, nothing lost', () => {
    const pieces = Array.from({ length: 3000 }, (_, i) => `{"file":"packages/pkg-${i}/AGENTS.md","é":${i}},`);
    const out = [...batched(pieces)];
    expect(text(out)).toBe(pieces.join(''));
    expect(out.length).toBeLessThan(pieces.length / 100);
    for (const piece of out.slice(0, -1)) expect(piece.length).toBeGreaterThanOrEqual(1 << 16);
  });

  it('passes bytes through where they stand, flushing the strings before them', () => {
    const bytes = Buffer.from('[bytes]');
    const out = [...batched(['a', 'b', bytes, 'c', bytes, bytes])];
    expect(out).toEqual(['ab', bytes, 'c', bytes, bytes]);
  });

  it('yields nothing for no pieces or only empty strings', () => {
    expect([...batched([])]).toEqual([]);
    expect([...batched(['', ''])]).toEqual([]);
  });

  it('writeFully writes strings and bytes whole to a file, multi-byte characters included', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-write-')), 'out.json');
    const fd = fs.openSync(file, 'w');
    const big = 'x€'.repeat(300_000);
    for (const piece of batched([big, Buffer.from('|'), 'ü', 'end'])) writeFully(fd, piece);
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(`${big}|üend`);
  });

  it('writePieces writes every piece in order through its buffer: small strings, bytes, multi-byte text, and pieces larger than the buffer', () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agents-lint-pieces-')), 'out.json');
    const small = Array.from({ length: 5000 }, (_, i) => `{"file":"packages/pkg-${i}/AGENTS.md","é":"€${i}"},`);
    const big = '😀x'.repeat(70_000);
    const pieces = [...small.slice(0, 2500), Buffer.from('|bytes|'), big, Buffer.alloc(100_000, 0x41), 'ü', ...small.slice(2500), ''];
    const fd = fs.openSync(file, 'w');
    writePieces(fd, pieces);
    fs.closeSync(fd);
    expect(fs.readFileSync(file, 'utf8')).toBe(text(pieces));
  });
});
