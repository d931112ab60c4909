import { describe, expect, it } from 'vitest';
import { checkShellSyntax, parseShell, simpleCommands } from '../../src/shell/parse.js';

/** argv values of each simple command, `?` marking dynamic words. */
function argvs(source: string): string[][] {
  return simpleCommands(source).map((c) => c.argv.map((w) => (w.dynamic ? `?${w.value}` : w.value)));
}

describe('parseShell', () => {
  const cases: [string, string, string[][]][] = [
    ['simple', 'pnpm run build', [['pnpm', 'run', 'build']]],
    ['and/or/pipe/semicolon', 'a 1 && b 2 || c | d; e &', [['a', '1'], ['b', '2'], ['c'], ['d'], ['e']]],
    ['env assignment is not argv', 'CI=1 NODE_ENV=test pnpm test', [['pnpm', 'test']]],
    ['quotes are removed', `pnpm run "build:web" 'x y'`, [['pnpm', 'run', 'build:web', 'x y']]],
    ['variables are dynamic', 'make $TARGET "${X}"', [['make', '?', '?']]],
    ['command substitution is parsed too', 'echo $(git rev-parse HEAD)', [['git', 'rev-parse', 'HEAD'], ['echo', '?']]],
    ['subshell', '(cd web && pnpm dev)', [['cd', 'web'], ['pnpm', 'dev']]],
    ['redirections drop their target', 'make test > out.log 2>&1', [['make', 'test']]],
    ['comments', 'make lint # then make deploy', [['make', 'lint']]],
    ['line continuation', 'cargo test \\\n  -p core', [['cargo', 'test', '-p', 'core']]],
    ['if/then keywords', 'if true; then make a; fi', [['true'], ['make', 'a']]],
    ['for loops are skipped', 'for p in a b; do make $p; done', [['make', '?']]],
    ['heredoc body is not commands', 'cat <<EOF\nmake nope\nEOF\nmake yes', [['cat'], ['make', 'yes']]],
    ['globs are dynamic', 'go test ./...  ./cmd/*', [['go', 'test', './...', '?./cmd/*']]],
    ['backticks', 'echo `make x`', [['make', 'x'], ['echo', '?']]],
    ['<placeholders> are dynamic words, not redirections', 'pnpm --filter <package> build', [['pnpm', '--filter', '?<package>', 'build']]],
    ['{placeholders} and ellipses are dynamic', 'just {recipe} && pnpm run ...', [['just', '?{recipe}'], ['pnpm', 'run', '?...']]],
    ['a real input redirection still drops its file', 'psql < schema.sql', [['psql']]],
    ['a <placeholder of words> is one dynamic word', 'cargo test -p <formatter crate> --lib', [['cargo', 'test', '-p', '?<formatter crate>', '--lib']]],
    ['redirections both ways are no placeholder', 'sort <in.txt >out.txt', [['sort']]],
  ];
  for (const [name, source, expected] of cases) {
    it(name, () => expect(argvs(source)).toEqual(expected));
  }

  it('keeps exact offsets of words and assignments', () => {
    const source = 'CI=1 pnpm --filter "@acme/web" run type-check';
    const [cmd] = simpleCommands(source);
    expect(cmd?.argv.map((w) => source.slice(w.start, w.end))).toEqual(['pnpm', '--filter', '"@acme/web"', 'run', 'type-check']);
    expect(cmd?.env.map((a) => [a.name, a.word.value, source.slice(a.word.start, a.word.end)])).toEqual([['CI', '1', '1']]);
  });

  it('brackets subshells so a cd inside stays local', () => {
    expect(parseShell('(cd a) && b').events.map((e) => e.type)).toEqual(['enter', 'command', 'leave', 'command']);
  });

  it('never throws on malformed input and flags it', () => {
    for (const bad of ['echo "unterminated', "it's", 'a $(b', '((((', ')', '<<', '`x']) {
      expect(() => parseShell(bad)).not.toThrow();
    }
    expect(parseShell('echo "unterminated').ok).toBe(false);
    expect(parseShell('pnpm test').ok).toBe(true);
  });
});

describe('checkShellSyntax (sh-syntax)', () => {
  it('accepts bash and rejects prose', async () => {
    expect(await checkShellSyntax('pnpm install && pnpm -r build')).toBe(true);
    expect(await checkShellSyntax("Don't do (this")).toBe(false);
  });
});
