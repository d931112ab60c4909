/**
 * A peer dependency the plugin uses when it is installed and goes without when it is not: the
 * module's default export, or undefined when the package itself cannot be found. Any other failure
 * (the package is there but broken, or one of its own dependencies is missing) is thrown, not hidden.
 * index.ts loads @eslint/json this way, so a project that lints only Markdown needs no JSON plugin.
 */
export async function importOptional<T>(specifier: string): Promise<T | undefined> {
  try {
    return ((await import(specifier)) as { default: T }).default;
  } catch (error) {
    const { code, message } = error as NodeJS.ErrnoException;
    // Node says "Cannot find package '<name>' imported from ..." for the package itself.
    if (code === 'ERR_MODULE_NOT_FOUND' && message.includes(`'${specifier}'`)) return undefined;
    throw error;
  }
}
