/**
 * `import()` of a package that stays outside the bundle (sh-syntax, secretlint: they read files
 * beside themselves at run time). The bundled CLI runs as one compiled script so that V8's code cache
 * applies (src/launcher.ts), and an `import()` inside such a script has no module loader to call; the
 * launcher lends its own through this global. Everywhere else (the library API, tests) it is
 * the plain `import()`.
 */
export const EXTERNAL_IMPORT = Symbol.for('agents-lint.external-import');

type Importer = (specifier: string) => Promise<unknown>;

export function importExternal<T>(specifier: string): Promise<T> {
  const lent = (globalThis as Record<symbol, Importer | undefined>)[EXTERNAL_IMPORT];
  return (lent ? lent(specifier) : import(specifier)) as Promise<T>;
}
