// Floor: a single-threaded remark-parse + remark-gfm of every instruction file (what remark-based peers pay).
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';

// `node remark-parse.mjs ROOT [FILE]`: every instruction file git lists under ROOT, or FILE alone (the
// floor of a one-file run: loading remark and its first parse in a fresh process).
const root = process.argv[2] ?? '.';
const only = process.argv[3];
const files = only ? [only] : execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 1 << 30 })
  .toString('utf8')
  .split('\0')
  .filter((f) => /(^|\/)(AGENTS[^/]*|CLAUDE|GEMINI)\.md$/i.test(f));
const processor = unified().use(remarkParse).use(remarkGfm);
let nodes = 0;
// runSync applies remark-gfm's tree transforms (autolink literals) as the linter's parse does.
for (const f of files) nodes += processor.runSync(processor.parse(readFileSync(path.join(root, f), 'utf8'))).children.length;
console.log(`${files.length} files, ${nodes} top-level nodes`);
