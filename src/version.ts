import { readFileSync } from 'node:fs';

// Read once from package.json so the CLI, docs URLs and cache keys always agree with the release.
function readVersion(): string {
  for (const rel of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(rel, import.meta.url), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'agents-lint' && pkg.version) return pkg.version;
    } catch {
      // try the next candidate: src/ and dist/src/ sit at different depths
    }
  }
  return '0.0.0';
}

/**
 * The bundled CLI has the version written in by the build (scripts/bundle.mjs, from the same
 * package.json): reading and parsing the file would be start-up work in every run.
 */
declare const AGENTS_LINT_VERSION: string | undefined;

export const VERSION = typeof AGENTS_LINT_VERSION === 'string' ? AGENTS_LINT_VERSION : readVersion();
