import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Collected on every full run; scripts/check-test-gates.ts holds each folder to its floor.
    coverage: {
      enabled: true,
      provider: 'v8',
      include: ['src/**/*.ts'],
      reporter: ['text-summary', 'json-summary'],
      reportsDirectory: 'coverage',
    },
    // The counts the test gate compares with its floor.
    reporters: ['default', ['json', { outputFile: 'coverage/test-results.json' }]],
    projects: [
      {
        test: {
          name: 'action',
          include: ['test/**/*.test.ts'],
          // Fixture repositories carry their own (never run) tests.
          exclude: ['test/fixtures/**', '**/node_modules/**'],
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
