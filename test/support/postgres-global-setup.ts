import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from './embedded-postgres-copy.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the embedded PostgreSQL; each test file makes its own database. */
    postgresAdminUrl: string;
  }
}

/** Starts a real PostgreSQL (no system service) for the api-postgres project. */
export default async function setup(project: TestProject) {
  const postgres = await startEmbeddedPostgres();
  project.provide('postgresAdminUrl', postgres.adminUrl);
  return () => postgres.close();
}
