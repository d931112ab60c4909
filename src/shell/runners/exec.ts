import { finding, flagValues, hasFlag, keyLocation, literal, parseArgs } from './common.js';
import { hasNodeBinary, nearestNodePackage } from './node-packages.js';
import type { Runner, RunnerContext } from './types.js';
import type { ShellWord } from '../parse.js';

const NPX_VALUE_FLAGS = new Set(['-p', '--package', '-c', '--call', '-w', '--workspace']);

/** `create-*` initialisers are meant to be downloaded (`npx create-vite`). */
function isInitializer(name: string): boolean {
  return /^(@[^/]+\/)?create-/.test(name);
}

function resolveBinary(tool: string, word: ShellWord, rest: ShellWord[], ctx: RunnerContext, mayDownload: boolean) {
  const spec = word.value;
  // A version (`prettier@3`) asks for a download on purpose.
  if (/^(@[^/]+\/)?[^@]+@/.test(spec) || isInitializer(spec)) return [];
  const name = spec.replace(/^@[^/]+\//, '');
  const pkg = nearestNodePackage(ctx.repo, ctx.cwd);
  const dir = pkg?.dir ?? ctx.cwd;
  const declared = pkg?.deps.has(spec) ?? false;
  if (declared || hasNodeBinary(ctx.repo, dir, spec) || (spec.startsWith('@') && hasNodeBinary(ctx.repo, dir, name))) {
    // The binary exists: check what it is asked to run (`npx turbo run build`).
    return ctx.dispatch([word, ...rest], ctx.cwd);
  }
  return [
    finding({
      kind: 'binary', problem: 'not-defined', word, tool, name: spec,
      what: mayDownload ? 'download' : 'binary',
      where: pkg ? `the dependencies of ${pkg.manifest} and node_modules/.bin` : 'node_modules/.bin',
      related: pkg ? keyLocation(ctx.repo, pkg.manifest, pkg.deps.size ? /"(dev)?[dD]ependencies"\s*:/ : 'name') : undefined,
    }),
  ];
}

/** `npx`/`npm exec`/`bunx`: a local binary, or a download when no installed package provides it. */
export const npx: Runner = (argv, ctx) => {
  const tool = argv[0]?.value ?? 'npx';
  const parsed = parseArgs(argv.slice(1), NPX_VALUE_FLAGS, true);
  if (flagValues(parsed, '-p', '--package', '-c', '--call').length || hasFlag(parsed, '-y', '--yes')) return [];
  const bin = parsed.positionals[0];
  if (!literal(bin)) return [];
  return resolveBinary(tool, bin, parsed.rest, ctx, true);
};

/** `pnpm exec`, `yarn exec`, `bun x`-less local execution: the binary must be installed or declared. */
export const localExec: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['-C', '--dir', '-F', '--filter']), true);
  const bin = parsed.positionals[0];
  if (!literal(bin)) return [];
  if (bin.value.includes('/') && !bin.value.startsWith('@')) return ctx.dispatch([bin, ...parsed.rest], ctx.cwd);
  return resolveBinary(tool(argv), bin, parsed.rest, ctx, false);
};

function tool(argv: ShellWord[]): string {
  const v = argv[0]?.value ?? '';
  return v.endsWith('-exec') ? `${v.slice(0, -5)} exec` : v;
}
