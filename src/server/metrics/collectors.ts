import { Gauge, type Registry } from 'prom-client';
import type { Clock } from '../clock.js';
import type { Db } from '../db/database.js';
import { summarizeJobQueue, summarizePendingProofs } from './metrics.repository.js';

export interface CollectorDeps {
  readonly registry: Registry;
  readonly db: Db;
  readonly clock: Clock;
}

/** Series read from the system when Prometheus scrapes; one function per subject. */
export type Collector = (deps: CollectorDeps) => void;

/**
 * A gauge whose value is read at scrape time. A failed read (the database is down) leaves
 * the sample out instead of failing the whole scrape: the other series matter most then.
 */
export function readAtScrape(
  registry: Registry,
  name: string,
  help: string,
  read: () => number | undefined | Promise<number | undefined>,
): void {
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      let value: number | undefined;
      try {
        value = await read();
      } catch {
        value = undefined;
      }
      if (value === undefined) this.reset();
      else this.set(value);
    },
  });
}

export const collectPendingProofs: Collector = ({ registry, db, clock }) => {
  readAtScrape(
    registry,
    'portal_proofs_pending',
    'Family proofs with a document, waiting for an operator',
    async () => (await summarizePendingProofs(db.kysely)).count,
  );
  readAtScrape(
    registry,
    'portal_proofs_pending_oldest_age_seconds',
    'Time since the oldest waiting document was sent (0 when none waits)',
    async () => {
      const { oldestSentAt } = await summarizePendingProofs(db.kysely);
      return oldestSentAt === null ? 0 : (clock.now() - oldestSentAt) / 1000;
    },
  );
};

/** pg's pool: connections open, idle, and queries waiting for one (PostgreSQL only). */
export const collectPoolUse: Collector = ({ registry, db }) => {
  if (db.poolUse() === undefined) return;
  readAtScrape(
    registry,
    'portal_db_pool_connections',
    'Database connections open',
    () => db.poolUse()?.total,
  );
  readAtScrape(
    registry,
    'portal_db_pool_idle_connections',
    'Database connections idle',
    () => db.poolUse()?.idle,
  );
  readAtScrape(
    registry,
    'portal_db_pool_waiting_queries',
    'Queries waiting for a database connection',
    () => db.poolUse()?.waiting,
  );
};

/** The one job queue: how deep it is, how long its oldest open job has waited, failures. */
export const collectJobQueue: Collector = ({ registry, db, clock }) => {
  readAtScrape(
    registry,
    'portal_jobs_open',
    'Background jobs waiting or running (neither done nor failed)',
    async () => (await summarizeJobQueue(db.kysely, clock.now())).open,
  );
  readAtScrape(
    registry,
    'portal_jobs_oldest_open_age_seconds',
    'Age of the oldest open background job (0 when none is open)',
    async () => {
      const { oldestCreatedAt } = await summarizeJobQueue(db.kysely, clock.now());
      return oldestCreatedAt === null ? 0 : (clock.now() - oldestCreatedAt) / 1000;
    },
  );
  new Gauge({
    name: 'portal_jobs_failed',
    help: 'Background jobs that failed after their last try, by kind',
    labelNames: ['kind'],
    registers: [registry],
    async collect() {
      this.reset();
      try {
        const { failedByKind } = await summarizeJobQueue(db.kysely, clock.now());
        for (const [kind, count] of failedByKind) this.set({ kind }, count);
      } catch {
        // The database is down: leave the samples out, as readAtScrape does.
      }
    },
  });
};
