import { defineConfig } from 'vitest/config';

// Stryker's runs (`npm run mutate -- --mutate src/<file>.ts`): the in-process tests only. The
// end-to-end tests run the bundle, which cannot see mutants of src/, and the reference service
// has tests of its own.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['test/fixtures/**', '**/node_modules/**', 'test/**/*.e2e.test.ts'],
    setupFiles: ['test/support/env-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
