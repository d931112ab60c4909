import { isPlaceholderName } from '../../markdown/references/path-shape.js';
import { finding, join, literal, parseArgs } from './common.js';
import type { Runner } from './types.js';

/** go subcommands that take package patterns. */
const PACKAGE_COMMANDS = new Set(['build', 'test', 'run', 'vet', 'install', 'list', 'generate', 'fmt', 'fix', 'doc', 'clean']);
const GO_VALUE_FLAGS = new Set(['-run', '-bench', '-tags', '-o', '-count', '-timeout', '-coverprofile', '-covermode', '-coverpkg', '-p', '-ldflags', '-gcflags', '-mod', '-C', '-exec', '-cpu', '-parallel', '-skip', '-shuffle', '-benchtime', '-target', '-modfile', '-pkgdir', '-tags']);

/**
 * `go test -run TestName ./package`: a pattern whose last segment is a generic word for "a package"
 * (`package`, `pkg`, `yourpkg`, `foo`, `path/to/pkg`, a lone `./path`) stands for one, like `TestName` beside it.
 * `package` is a Go keyword, never a package's name. A recursive `./pkg/...` is the common pkg/
 * layout and `./example` a real directory often enough: both stay checked.
 */
function isPlaceholderPackage(pattern: string, recursive: boolean): boolean {
  const last = pattern.slice(pattern.lastIndexOf('/') + 1);
  if (/(^|\/)path\/to(\/|$)/i.test(pattern)) return true;
  // `go test ./path -run TestName`: a lone `./path` names no package, it stands for one. Only the
  // whole pattern: `./internal/path` may be a real package.
  if (/^\.\/path$/i.test(pattern)) return true;
  if (/^(?:(?:my|your|some)[-_]?)?(?:package|pkg)(?:[-_]?name)?$/i.test(last)) return !(recursive && /^pkg$/i.test(last));
  return isPlaceholderName(last) && !/^(?:example|sample)$/i.test(last);
}

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
    if (!dir.startsWith('..') && !ctx.repo.dirs.has(dir) && !isPlaceholderPackage(pattern, w.value.endsWith('/...'))) {
      out.push(finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'go', name: w.value, what: 'Go package directory', where: base || 'the repository root', candidates: [...ctx.repo.dirs].filter((d) => d !== base && (base === '' || d.startsWith(`${base}/`))).map((d) => `./${base ? d.slice(base.length + 1) : d}`) }));
    }
    if (command.value === 'run') break;
  }
  return out;
};
