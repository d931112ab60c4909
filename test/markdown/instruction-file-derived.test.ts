import { describe, expect, it } from 'vitest';
import { InstructionFile } from '../../src/markdown/instruction-file.js';
import { parseMarkdown } from '../../src/markdown/parse.js';
import { commandsOf, prepareCommands } from '../../src/markdown/commands.js';

function fileOf(text: string): InstructionFile {
  return new InstructionFile({ path: 'AGENTS.md', absPath: '/r/AGENTS.md', kind: 'codex', bytes: new TextEncoder().encode(text), parse: parseMarkdown });
}

describe('InstructionFile.derived', () => {
  it('makes a value once per key and again after dropDerived', () => {
    const file = fileOf('# Title\n');
    const [a, b] = [Symbol('a'), Symbol('b')];
    let made = 0;
    const make = () => ({ n: ++made });
    const first = file.derived(a, make);
    expect(file.derived(a, make)).toBe(first);
    expect(file.derived(b, make)).toEqual({ n: 2 });
    file.dropDerived();
    const again = file.derived(a, make);
    expect(again).toEqual({ n: 3 });
    expect(again).not.toBe(first);
  });

  it('keeps an undefined value as made (made once)', () => {
    const file = fileOf('text\n');
    let made = 0;
    const key = Symbol('undefined');
    file.derived(key, () => void made++);
    file.derived(key, () => void made++);
    expect(made).toBe(1);
  });

  it('gives the same commands after the file lets its derived data go (the engine does so after each file)', async () => {
    const file = fileOf('# Build\n\n```sh\nnpm run build\ncd web && pnpm test\n```\n\nRun `npm run lint` first.\n');
    await prepareCommands(file);
    const before = commandsOf(file);
    expect(before.map((c) => c.argv.map((w) => w.value).join(' '))).toEqual(['npm run build', 'pnpm test', 'npm run lint']);
    file.dropDerived();
    file.keepOnlyStatements();
    const after = commandsOf(file);
    expect(after).not.toBe(before);
    expect(after).toEqual(before);
  });
});
