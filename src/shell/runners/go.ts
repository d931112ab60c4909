import { finding, join, literal, parseArgs } from './common.js';
import type { Runner } from './types.js';

/** go subcommands that take package patterns. */
const PACKAGE_COMMANDS = new Set(['build', 'test', 'run', 'vet', 'install', 'list', 'generate', 'fmt', 'fix', 'doc', 'clean']);
const GO_VALUE_FLAGS = new Set(['-run', '-bench', '-tags', '-o', '-count', '-timeout', '-coverprofile', '-covermode', '-coverpkg', '-p', '-ldflags', '-gcflags', '-mod', '-C', '-exec', '-cpu', '-parallel', '-skip', '-shuffle', '-benchtime', '-target', '-modfile', '-pkgdir', '-tags']);

/** `go test ./pkg/...`: relative package patterns must name directories that exist. */
export const go: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), GO_VALUE_FLAGS, true);
  const command = parsed.positionals[0];
  if (!literal(command) || !PACKAGE_COMMANDS.has(command.value)) return [];
  const rest = parseArgs(parsed.rest, GO_VALUE_FLAGS);
  const cFlag = parsed.flags.find((f) => f.name === '-C')?.value ?? rest.flags.find((f) => f.name === '-C')?.value;
  if (cFlag && !literal(cFlag)) return [];
  const base = cFlag ? join(ctx.cwd, cFlag.value) : ctx.cwd;
  const out = [];
  for (const w of rest.positionals) {
    if (!literal(w) || !(w.value.startsWith('./') || w.value.startsWith('../'))) continue;
    // `go run ./cmd/x arg1`: arguments after the first package are the program's own.
    const pattern = w.value.replace(/\/\.\.\.$/, '').replace(/\/$/, '') || '.';
    if (pattern.includes('...') || pattern.endsWith('.go')) {
      if (pattern.endsWith('.go') && !ctx.repo.has(join(base, pattern))) {
        out.push(finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'go', name: w.value, what: 'Go source file', where: base || 'the repository root' }));
      }
      if (command.value === 'run') break;
      continue;
    }
    const dir = join(base, pattern);
    if (!dir.startsWith('..') && !ctx.repo.dirs.has(dir)) {
      out.push(finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'go', name: w.value, what: 'Go package directory', where: base || 'the repository root', candidates: [...ctx.repo.dirs].filter((d) => d !== base && (base === '' || d.startsWith(`${base}/`))).map((d) => `./${base ? d.slice(base.length + 1) : d}`) }));
    }
    if (command.value === 'run') break;
  }
  return out;
};
