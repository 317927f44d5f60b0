import { CompiledQuery, sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { appQueries, ipRecordsQuery, otherDevelopersIpsQuery } from '../apps/apps.repository.js';
import { developerQueries } from '../auth/auth.repository.js';
import { newestLiveCode } from '../auth/codes.repository.js';
import { refreshTokenByHash } from '../auth/sessions.repository.js';
import { eventForDelivery, postbackTarget } from '../postbacks/postback-events.repository.js';
import { currentSecret, secretsOf } from '../postbacks/postback-secrets.repository.js';
import { claimQueries } from '../jobs/jobs.repository.js';
import { pendingProofsQuery } from '../apps/proof-review.repository.js';
import { pendingProofsSummaryQuery } from '../metrics/metrics.repository.js';
import { waitingProofsQuery } from '../ops/ops-proofs.repository.js';
import type { Database } from './schema.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

type Compile = (db: Kysely<Database>) => CompiledQuery;

/** The hot queries, compiled from the repositories so this test follows the code. */
const hotQueries: Record<string, Compile> = {
  'apps of a developer': (db) => appQueries.listOf.compile(db, 'developer-1'),
  'IPs of a developer': (db) => appQueries.ipsOfOwner.compile(db, 'developer-1'),
  'IPs of one app': (db) => appQueries.ipsOfApp.compile(db, 'app-1'),
  'one app': (db) => appQueries.appOf.compile(db, 'developer-1', 'app-1'),
  'IP records of apps': (db) => ipRecordsQuery(db, ['app-1', 'app-2']).compile(),
  'duplicate-IP check': (db) =>
    otherDevelopersIpsQuery(db, 'developer-1', ['10.0.0.1', '10.0.0.2']).compile(),
  'developer by id': (db) => developerQueries.byId.compile(db, 'developer-1'),
  'developer by e-mail': (db) => developerQueries.byEmail.compile(db, 'dev@example.com'),
  'token check of a developer': (db) => developerQueries.bearerState.compile(db, 'dev-1'),
  'refresh token by hash': (db) => refreshTokenByHash.compile(db, 'hash'),
  'live codes of a developer': (db) => newestLiveCode.compile(db, 'developer-1', 'verify'),
  'postback intake target': (db) => postbackTarget.compile(db, 'app-1'),
  'postback event to deliver': (db) => eventForDelivery.compile(db, 'event-1'),
  'postback secrets of an app': (db) => secretsOf.compile(db, 'app-1'),
  'current postback secret of an app': (db) => currentSecret.compile(db, 'app-1'),
  'due jobs claim': (db) => claimQueries[t.db.engine].compile(db, 'worker-1', 1, 2, 8),
};

/** The queries of proofs waiting for a decision, and the index made for them (migration 0017). */
const pendingProofQueries: Record<string, Compile> = {
  'the console queue': (db) => waitingProofsQuery(db).compile(),
  'the command line list': (db) => pendingProofsQuery(db).compile(),
  'the metrics scrape': (db) => pendingProofsSummaryQuery(db).compile(),
};

interface PostgresPlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PostgresPlanNode[];
}

function indexesOf(node: PostgresPlanNode): string[] {
  const own = node['Index Name'] === undefined ? [] : [node['Index Name']];
  return [...own, ...(node.Plans ?? []).flatMap(indexesOf)];
}

function seqScans(node: PostgresPlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' ? [`Seq Scan on ${node['Relation Name'] ?? '?'}`] : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

/** The plan: SQLite's lines, or PostgreSQL's tree with sequential scans forbidden. */
async function planOf(
  query: CompiledQuery,
): Promise<{ sqlite: string[] } | { postgres: PostgresPlanNode[] }> {
  const db = t.db.kysely.withoutPlugins();
  if (t.db.engine === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return { sqlite: plan.rows.map((row) => row.detail) };
  }
  // With tables this small a sequential scan is the cheapest plan; forbidding it shows
  // whether an index could serve the query at all.
  return db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const plan = await trx.executeQuery<{ 'QUERY PLAN': { Plan: PostgresPlanNode }[] }>(
      CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
    );
    return { postgres: (plan.rows[0]?.['QUERY PLAN'] ?? []).map((entry) => entry.Plan) };
  });
}

function readsOf(node: PostgresPlanNode, table: string): string[] {
  const own =
    node['Relation Name'] === table
      ? [`${node['Node Type']} ${node['Index Name'] ?? ''} ${node['Index Cond'] ?? ''}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap((child) => readsOf(child, table))];
}

/** How the plan reads `table`: one line for each place it does. */
async function tableReads(query: CompiledQuery, table: string): Promise<string[]> {
  const db = t.db.kysely.withoutPlugins();
  if (t.db.engine === 'sqlite') {
    const plan = await db.executeQuery<{ detail: string }>(
      CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
    );
    return plan.rows.map((row) => row.detail).filter((line) => line.includes(` ${table} `));
  }
  const plan = await db.executeQuery<{ 'QUERY PLAN': { Plan: PostgresPlanNode }[] }>(
    CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
  );
  return (plan.rows[0]?.['QUERY PLAN'] ?? []).flatMap((entry) => readsOf(entry.Plan, table));
}

/** Lines of the plan that read a whole table. */
async function fullScans(query: CompiledQuery): Promise<string[]> {
  const plan = await planOf(query);
  // `SCAN t` reads every row; `SEARCH t USING INDEX` and `SCAN t USING INDEX` do not.
  if ('sqlite' in plan) return plan.sqlite.filter((line) => /^SCAN \w+$/.test(line));
  return plan.postgres.flatMap(seqScans);
}

/** The indexes the plan reads. */
async function indexesUsed(query: CompiledQuery): Promise<string[]> {
  const plan = await planOf(query);
  if ('sqlite' in plan) {
    return plan.sqlite.flatMap((line) => /USING (?:COVERING )?INDEX (\w+)/.exec(line)?.[1] ?? []);
  }
  return plan.postgres.flatMap(indexesOf);
}

describe(`query plans (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(Object.entries(hotQueries))('%s reads no whole table', async (_name, compile) => {
    expect(await fullScans(compile(t.db.kysely))).toEqual([]);
  });

  it.each(Object.entries(pendingProofQueries))(
    '%s reads the waiting-proof index',
    async (_name, compile) => {
      expect(await indexesUsed(compile(t.db.kysely))).toContain('ip_records_waiting_proof_idx');
    },
  );
});

describe(`the duplicate-IP check (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  // Not once per IP record found: a developer's own records of these IPs cost no probes.
  it("reads the applications once, the developer's own through the owner index", async () => {
    const query = otherDevelopersIpsQuery(t.db.kysely, 'developer-1', ['10.0.0.1', '10.0.0.2']);
    const reads = await tableReads(query.compile(), 'applications');
    expect(reads).toEqual([expect.stringMatching(/applications_owner_idx.*owner_id ?= ?/)]);
  });
});
