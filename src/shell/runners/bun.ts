import { literal, parseArgs, hasFlag } from './common.js';
import { nearestNodePackage, workspaceNodePackages, selectPackages } from './node-packages.js';
import { lookupScript } from './scripts.js';
import { checkPath } from './local.js';
import type { Runner } from './types.js';

/** `bun src/index.ts`, `bun run scripts/x.ts`: a file, resolved from the working directory. */
const looksLikeFile = (name: string) => name.includes('/') || /\.[cm]?[jt]sx?$/.test(name);

/** bun's built-in commands (https://bun.sh/docs/cli): `bun test` is bun's test runner, not the test script. */
export const BUN_COMMANDS = new Set(
  ('run test x repl exec install i add a remove rm update outdated link unlink pm build init create c upgrade completions ' +
    'discord help publish audit info patch patch-commit why')
    .split(' '),
);

export const bun: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['--cwd', '-F', '--filter']), true);
  const command = parsed.positionals[0];
  if (!literal(command)) return [];
  const filter = parsed.flags.find((f) => f.name === '--filter' || f.name === '-F')?.value;
  let packages = [nearestNodePackage(ctx.repo, ctx.cwd)].filter((p) => p !== null);
  if (filter) {
    if (!literal(filter)) return [];
    packages = selectPackages(ctx.repo, filter.value, ctx.cwd) ?? [];
  }
  if (packages.length === 0) return [];
  if (command.value === 'run') {
    const rest = parseArgs(parsed.rest, new Set(['--cwd', '-F', '--filter']), true);
    const script = rest.positionals[0];
    if (!literal(script) || hasFlag(rest, '--if-present')) return [];
    if (hasFlag(rest, '--filter', '-F', '--workspaces')) packages = workspaceNodePackages(ctx.repo);
    else if (!filter && looksLikeFile(script.value) && !packages.some((p) => p.scripts.has(script.value))) return checkPath(script, ctx, 'bun run');
    return lookupScript({ tool: 'bun', packages, word: script, binaryFallback: true, fileFallback: true }, ctx);
  }
  if (command.value === 'x') return ctx.dispatch([{ ...command, value: 'bunx' }, ...parsed.rest], ctx.cwd);
  if (BUN_COMMANDS.has(command.value)) return [];
  // `bun <name>`: a script, a file, or a local binary (https://bun.sh/docs/cli/run).
  if (!filter && looksLikeFile(command.value) && !packages.some((p) => p.scripts.has(command.value))) return checkPath(command, ctx, 'bun');
  return lookupScript({ tool: 'bun', packages, word: command, binaryFallback: true, fileFallback: true }, ctx);
};
