import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'action',
          include: ['test/**/*.test.ts'],
          setupFiles: ['test/support/env-setup.ts'],
          testTimeout: 20_000,
          hookTimeout: 20_000,
        },
      },
      // The reference audit service runs its own tests with its own config.
      'packages/reference-service/vitest.config.ts',
    ],
  },
});
