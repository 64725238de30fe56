import { defineConfig } from 'vitest/config';
import { serverTiers } from './test-support/test-tiers';

/** The server's files by database: none, PostgreSQL, and the embedded database (see test-tiers.ts). */
const server = serverTiers();
/** Tests that need no database: the emulator, and the adapters talking to it. Run once, not per database. */
const platformTests = ['apps/platform-emulator/**/*.test.ts', 'apps/server/src/platforms/**/*.test.ts'];
const loopbackOnly = ['test-support/loopback-only.setup.ts'];

/**
 * The server and platform projects run their files one after another in a worker, on one module graph
 * (`isolate: false`): importing the modules again for every file took 1,520 s of a CI run's 5,318 s of file
 * time. Each file starts its own server, database and emulator, and no file leaves state in the modules for the
 * next (no mocks; the only module-level state is the Prometheus registry, whose counters only grow). The web
 * project stays isolated: its stores live in modules.
 *
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
          name: 'server-unit',
          include: server.unit,
          setupFiles: loopbackOnly,
          environment: 'node',
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: server.embedded,
          setupFiles: loopbackOnly,
          environment: 'node',
          isolate: false,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['test-support/pglite-template.global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: server.postgres,
          setupFiles: loopbackOnly,
          environment: 'node',
          isolate: false,
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
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'apps/web/vitest.config.ts',
      { test: { name: 'docs', include: ['test-support/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'e2e',
          // One file at a time, after the others: a file (its server, emulator and chromium) keeps more than one
          // core busy, and two at once took each file twice as long (the tier's wall time was the same, 1,195 s
          // against 1,225 s one at a time), with every wait in them twice as close to its limit.
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
