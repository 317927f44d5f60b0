import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { stageEmbeddedPostgres } from './embedded-postgres-copy.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the embedded PostgreSQL; each test file makes its own database. */
    postgresAdminUrl: string;
  }
}

/** Starts a real PostgreSQL (no system service) for the api-postgres project. */
export default async function setup(project: TestProject) {
  const staged = await stageEmbeddedPostgres();
  const databaseDir = await mkdtemp(path.join(tmpdir(), 'portal-pg-'));
  const port = await freePort();
  const password = 'portal-test';
  const server = new staged.EmbeddedPostgres({
    databaseDir,
    port,
    user: 'postgres',
    password,
    persistent: false,
    createPostgresUser: true,
    onLog: () => undefined,
  });
  await server.initialise();
  await server.start();
  project.provide('postgresAdminUrl', `postgres://postgres:${password}@127.0.0.1:${port}/postgres`);
  return async () => {
    await server.stop();
    await rm(databaseDir, { recursive: true, force: true });
    await staged.remove();
  };
}
