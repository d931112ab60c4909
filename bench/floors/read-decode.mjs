// Floor: list the repository with git, then read and strictly decode every instruction file.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';

const root = process.argv[2] ?? '.';
const files = execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'], { maxBuffer: 1 << 30 })
  .toString('utf8')
  .split('\0')
  .filter((f) => /(^|\/)(AGENTS[^/]*|CLAUDE|GEMINI)\.md$/i.test(f));
const decoder = new TextDecoder('utf-8', { fatal: true });
let chars = 0;
for (const f of files) chars += decoder.decode(readFileSync(path.join(root, f))).length;
console.log(`${files.length} files, ${chars} chars`);
