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

export const VERSION = readVersion();
