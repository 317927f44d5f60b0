import { startEmbeddedPostgres } from '../test/support/embedded-postgres-copy.js';

/** A throwaway PostgreSQL server for one harness run, from any checkout location. */
export async function startPostgres(): Promise<{ url: string; stop(): Promise<void> }> {
  const postgres = await startEmbeddedPostgres();
  return { url: postgres.adminUrl, stop: () => postgres.close() };
}
