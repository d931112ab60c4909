import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/conformance/**', 'test/package/**', 'node_modules/**'],
    testTimeout: 180_000,
    pool: 'forks',
  },
});
