/** A mistake in how the CLI was called: one clear line, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** A config file that cannot be used: names the file and key path, says how to fix it; exit code 2. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(
    readonly file: string,
    readonly keyPath: string,
    readonly problem: string,
  ) {
    super(`${file}${keyPath ? `: ${keyPath}` : ''}: ${problem}`);
  }
}
