import { randomInt } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '../src/server/db/database.js';
import { checkInvariants, type BlobKeys } from './checks.js';
import { currentCommit } from '../scripts/figures/write-figures.js';
import { writeCrashFigures } from './crash-figures.js';
import { Ledger } from './ledger.js';
import { startLoad } from './load.js';
import { startPortal, type Portal } from './portal.js';
import { startPostgres } from './postgres.js';
import { storedBlobKeys } from './stores.js';
import { startTestS3 } from '../test/support/s3.js';

// `npm run proof:crash [-- --runs N --engine sqlite|postgres|s3]` (s3: PostgreSQL with the
// blobs in a local S3-protocol server): SIGKILL at random moments
// of a mixed write load, then restart and check what survived; the figures go into
// docs/reliability.md.
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf('--runs') + 1] ?? 30) || 30;
const engineArg = args.includes('--engine') ? args[args.indexOf('--engine') + 1] : undefined;
const engines = engineArg === undefined ? ['sqlite', 'postgres', 's3'] : [engineArg];
const WORKERS = 6;
// The figures name the commit built at the start, whatever is checked out when they are written.
const commit = currentCommit();

interface EngineReport {
  engine: string;
  runs: number;
  starts: number;
  acknowledged: number;
  operations: number;
  uncertain: number;
  findings: string[];
}

async function settle(
  portal: Portal,
  db: Db,
  ledger: Ledger,
  blobKeys: BlobKeys,
): Promise<string[]> {
  // Long enough for the S3 sweeper: a minute's grace, then its next round.
  const deadline = Date.now() + 200_000;
  let findings: string[] = [];
  while (Date.now() < deadline) {
    findings = await checkInvariants(db, ledger, { blobKeys, orphansToo: true, mailToo: true });
    if (findings.length === 0) return findings;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return findings.map((finding) => `after settling (${portal.baseUrl}): ${finding}`);
}

async function runEngine(engine: string): Promise<EngineReport> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `portal-crash-${engine}-`));
  const postgres = engine === 'sqlite' ? undefined : await startPostgres();
  const s3 = engine === 's3' ? await startTestS3() : undefined;
  const env: Record<string, string> = {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '1000000',
    IP_CHANGE_COOLDOWN_DAYS: '0',
    // The sweeper removes S3 objects no row names once they are a minute old.
    BLOB_GRACE_MINUTES: '1',
    BLOB_SWEEP_MINUTES: '1',
    JOBS_POLL_INTERVAL_MS: '100',
    ...(postgres === undefined ? {} : { DATABASE_URL: postgres.url }),
    ...s3?.env,
  };
  const db = openDatabase({ databaseUrl: postgres?.url, dataDir });
  const blobKeys = storedBlobKeys(env, db);
  const ledger = new Ledger();
  const report: EngineReport = {
    engine,
    runs,
    starts: 0,
    acknowledged: 0,
    operations: 0,
    uncertain: 0,
    findings: [],
  };
  try {
    for (let run = 1; run <= runs; run++) {
      const portal = await startPortal(env).catch((error: unknown) => {
        report.findings.push(`run ${run}: ${String(error)}`);
        return undefined;
      });
      if (portal === undefined) break;
      report.starts += 1;
      const before = await checkInvariants(db, ledger, {
        blobKeys,
        orphansToo: false,
        mailToo: false,
      });
      report.findings.push(...before.map((finding) => `run ${run}, after restart: ${finding}`));
      const load = startLoad(portal.baseUrl, env, ledger, WORKERS);
      await load.answered(randomInt(5, 80), 20_000);
      await new Promise((resolve) => setTimeout(resolve, randomInt(0, 300)));
      await portal.kill();
      const result = await load.stop();
      report.operations += result.operations;
      report.findings.push(...result.serverErrors.map((error) => `run ${run}: ${error}`));
      process.stdout.write(
        `${engine} run ${run}/${runs}: ${result.operations} answers, ${before.length} findings\n`,
      );
    }
    const final = await startPortal(env);
    report.starts += 1;
    report.findings.push(...(await settle(final, db, ledger, blobKeys)));
    await final.kill();
  } finally {
    report.acknowledged = ledger.acknowledged;
    report.uncertain = [...ledger.apps.values()].filter((app) => app.isUncertain).length;
    await db.close();
    await postgres?.stop();
    await s3?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  return report;
}

const reports: EngineReport[] = [];
for (const engine of engines) reports.push(await runEngine(engine));
for (const r of reports) {
  process.stdout.write(
    `${r.engine}: ${r.runs} kills, ${r.starts} starts, ${r.operations} answers, ` +
      `${r.acknowledged} acknowledged writes checked, ${r.uncertain} apps cut mid-write, ` +
      `${r.findings.length} findings\n`,
  );
  for (const finding of r.findings.slice(0, 50)) process.stdout.write(`  ${finding}\n`);
}
await writeCrashFigures(reports, args, commit);
process.exitCode = reports.every((r) => r.findings.length === 0 && r.starts === r.runs + 1) ? 0 : 1;
