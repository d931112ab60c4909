import { fileIn, finding, keyLocation, literal, parseArgs } from './common.js';
import type { Runner } from './types.js';

/** Sessions of a noxfile: `@nox.session` (or `@session`) functions, renamed by `name=`. */
export function noxSessions(text: string): Set<string> {
  const names = new Set<string>();
  const re = /@(?:nox\.)?session\b(\([^)]*\))?[^\n]*\n(?:\s*@[^\n]*\n)*\s*def\s+([A-Za-z_]\w*)/g;
  for (const m of text.matchAll(re)) {
    const renamed = /name\s*=\s*["']([^"']+)["']/.exec(m[1] ?? '');
    names.add(renamed?.[1] ?? m[2] ?? '');
  }
  names.delete('');
  return names;
}

export const nox: Runner = (argv, ctx) => {
  const parsed = parseArgs(argv.slice(1), new Set(['-s', '--session', '--sessions', '-e', '-f', '--noxfile', '-p', '--python', '-t', '--tags', '-k']));
  const file = fileIn(ctx.cwd, 'noxfile.py');
  const sessions = parsed.flags.filter((f) => ['-s', '--session', '--sessions', '-e'].includes(f.name) && f.value).map((f) => f.value!);
  // nox -s takes several names: `nox -s lint tests`.
  for (const w of parsed.positionals) if (sessions.length) sessions.push(w);
  if (sessions.length === 0 || parsed.flags.some((f) => f.name === '-f' || f.name === '--noxfile')) return [];
  const text = ctx.repo.text(file);
  if (text === null) return [];
  const names = noxSessions(text);
  return sessions.flatMap((w) => {
    // Parametrized sessions are called `tests-3.12` or `tests(python='3.12')`.
    const base = w.value.replace(/[-(].*$/, '');
    if (!literal(w) || names.has(w.value) || names.has(base)) return [];
    return [finding({ kind: 'target', problem: 'not-defined', word: w, tool: 'nox', name: w.value, what: 'nox session', where: file, related: keyLocation(ctx.repo, file, /@(nox\.)?session/), candidates: names })];
  });
};
