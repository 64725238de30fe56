import { defineConfig } from 'vitest/config';

const serverTests = ['apps/server/**/*.test.ts', 'packages/**/*.test.ts'];
/** Tests that need no database: the emulator, and the adapters talking to it. Run once, not per database. */
const platformTests = ['apps/platform-emulator/**/*.test.ts', 'apps/server/src/platforms/**/*.test.ts'];
const loopbackOnly = ['test-support/loopback-only.setup.ts'];

/**
 * Test files run two at a time by default (vitest's own default is one fewer than the cores: one here). Most
 * files wait on a database, the emulator or chromium rather than compute, so two overlap well on 2 cores.
 * TEST_WORKERS overrides it.
 */
const maxWorkers = Number(process.env.TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers,
    reporters: ['default', './test-support/summary-reporter.ts'],
    projects: [
      {
        test: {
          name: 'server-pglite',
          include: serverTests,
          exclude: platformTests,
          setupFiles: loopbackOnly,
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test-support/pglite-template.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: serverTests,
          exclude: platformTests,
          setupFiles: loopbackOnly,
          environment: 'node',
          env: { TEST_DB: 'postgres' },
          globalSetup: ['test-support/postgres.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'platforms',
          include: platformTests,
          setupFiles: loopbackOnly,
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      { test: { name: 'docs', include: ['test-support/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 90_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
