import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

/** Starts one real PostgreSQL for the `server-postgres` project; each test file gets its own database in it. */
export default async function setup(project: TestProject) {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
