import { defineConfig } from 'vitest/config';

// The packed package installed from the npm registry the way a user installs it (the README's
// commands, the pre-commit hook, ESLint): slow and network-bound, so kept apart from the unit suite
// and run by .ci/run as a step of its own (`npm run test:package`).
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    testTimeout: 600_000,
    pool: 'forks',
  },
});
