import { defineConfig } from 'vitest/config';

// The conformance suite installs the real Codex CLI (large) and runs it many times: kept apart from
// the unit suite so `npm test` stays fast and offline.
export default defineConfig({
  test: {
    include: ['test/conformance/**/*.test.ts'],
    testTimeout: 600_000,
    hookTimeout: 900_000,
    pool: 'forks',
  },
});
