import { describe, expect, it } from 'vitest';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { PROJECT_ROOT as PROJECT } from '../helpers/paths.js';
import type * as ParallelModule from '../../src/markdown/parse-parallel.js';
import type * as FilesModule from '../../src/markdown/instruction-file.js';
import type * as ParseModule from '../../src/markdown/parse.js';

// The worker runs compiled JavaScript, so this test exercises the build (`npm run build` first).
const dist = path.join(PROJECT, 'dist', 'src', 'markdown');
type Parallel = typeof ParallelModule;
type Files = typeof FilesModule;
type Parse = typeof ParseModule;

const texts = [
  '\uFEFF# Rules\n<!-- hidden note here -->\n',
  '# Build\n\n- Run `pnpm build` in [the app](apps/web/README.md).\n- See https://example.com\n\n| a | b |\n| - | - |\n| 1 | 2 |\n',
  `${'>'.repeat(80)} too deep\n`,
  '---\ntitle: x\n---\n\n## Testing\n\n```sh\npnpm test\n```\n\nWrite tests first.[^1]\n\n[^1]: Always.\n',
  ...Array.from({ length: 40 }, (_, i) => `# Package ${i}\n\n1. Use \`src/mod${i}.ts\`.\n2. Never edit \`dist/\`.\n\n> Note ${i}\n`),
];

async function load() {
  const url = (f: string) => new URL(`file://${path.join(dist, f)}`).href;
  return {
    parallel: (await import(url('parse-parallel.js'))) as Parallel,
    files: (await import(url('instruction-file.js'))) as Files,
    parse: (await import(url('parse.js'))) as Parse,
  };
}

describe('parseInParallel', () => {
  it('hands every file the tree (or parse problem) a single-threaded parse gives, parsed by worker and main thread', async () => {
    expect(fs.existsSync(path.join(dist, 'parse-worker.js'))).toBe(true);
    const { parallel, files, parse } = await load();
    const refuse = () => {
      throw new Error('parsed on demand instead of ahead');
    };
    const make = (p: (t: string) => ReturnType<typeof parse.parseMarkdown>) =>
      texts.map((t, i) => new files.InstructionFile({ path: `p${i}/AGENTS.md`, absPath: `/r/p${i}/AGENTS.md`, kind: 'codex', bytes: new TextEncoder().encode(t), parse: p }));
    const ahead = make(refuse);
    await parallel.parseInParallel(ahead, { minChars: 0, threads: 1 });
    const serial = make(parse.parseMarkdown);
    for (let i = 0; i < texts.length; i++) {
      expect(ahead[i]!.tree()).toEqual(serial[i]!.tree());
      expect(ahead[i]!.parseProblem).toBe(serial[i]!.parseProblem);
      expect(ahead[i]!.statements()).toEqual(serial[i]!.statements());
    }
    expect(ahead[2]!.parseProblem).toBe('nesting 80 levels deep (the limit is 64)');
    expect(ahead[0]!.tree().children[0]?.position?.start).toEqual({ line: 1, column: 2, offset: 1 });
  });

  it('leaves small inputs to be parsed lazily on the main thread', async () => {
    const { parallel, files } = await load();
    let calls = 0;
    const file = new files.InstructionFile({
      path: 'AGENTS.md',
      absPath: '/r/AGENTS.md',
      kind: 'codex',
      bytes: new TextEncoder().encode('# Small\n'),
      parse: () => {
        calls++;
        return { type: 'root', children: [] };
      },
    });
    await parallel.parseInParallel([file, file], { threads: 1 });
    expect(calls).toBe(0);
    file.tree();
    expect(calls).toBe(1);
  });
});
