import * as z from 'zod/mini';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { runJobsCommand } from '../admin/jobs-command.js';
import type { JobDefinition } from './job-definition.js';
import { JobHandlers } from './job-handlers.js';
import { createJobWorker, type JobSettings, type JobWorker } from './job-worker.js';
import { claimDueJobs } from './jobs.repository.js';

const TaskSchema = z.object({ n: z.number() });
const taskJob = (kind: string, maxAttempts = 3): JobDefinition<typeof TaskSchema> => ({
  kind,
  payload: TaskSchema,
  maxAttempts,
  isPayloadSecret: false,
});

const SETTINGS: JobSettings = {
  pollIntervalMs: 5,
  leaseMs: 60_000,
  retryBaseMs: 1000,
  retryMaxMs: 60_000,
  concurrency: 1,
};
const silent = { warn: () => undefined, error: () => undefined };

let t: TestApp;

beforeAll(async () => {
  // The app's own worker sleeps between polls for an hour: only the workers built here run.
  t = await startTestApp({ env: { JOBS_POLL_INTERVAL_MS: '3600000' } });
});

afterAll(async () => {
  await t.close();
});

function worker(handlers: JobHandlers, settings: JobSettings = SETTINGS): JobWorker {
  return createJobWorker({ db: t.db, clock: t.clock, handlers, settings, log: silent });
}

async function enqueueAll(w: JobWorker, job: JobDefinition<typeof TaskSchema>, count: number) {
  await t.db.kysely.transaction().execute(async (trx) => {
    for (let n = 0; n < count; n++) await w.enqueue(trx, job, { n });
  });
}

function jobsOf(kind: string) {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['id', 'attempts', 'runAt', 'lastError', 'doneAt', 'failedAt', 'payload'])
    .where('kind', '=', kind)
    .orderBy('createdAt')
    .execute();
}

describe(`job queue (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('lets every drain wait for a job another drain is running', async () => {
    const job = taskJob('test.parallel-drains');
    let openGate: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    let markRunning: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (markRunning = resolve));
    const w = worker(
      new JobHandlers().register(job, async () => {
        markRunning();
        await gate;
      }),
    );
    await enqueueAll(w, job, 1);
    const firstDrain = w.drain();
    await running;
    // The only job is taken: this drain claims nothing, yet must wait until it is done.
    let isSecondDone = false;
    const secondDrain = w.drain().then(() => (isSecondDone = true));
    // Time for its claim to come back empty: with nothing to wait for it would resolve now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isSecondDone).toBe(false);
    openGate();
    await Promise.all([firstDrain, secondDrain]);
    expect((await jobsOf(job.kind))[0]?.doneAt).not.toBeNull();
  });

  it('retries a kind with its own schedule and tells the handler which try it runs', async () => {
    const job = { ...taskJob('test.schedule', 3), retryDelaysMs: [7_000, 90_000] };
    const tries: { attempt: number; isLastAttempt: boolean }[] = [];
    const w = worker(
      new JobHandlers().register(job, (_payload, { attempt, isLastAttempt }) => {
        tries.push({ attempt, isLastAttempt });
        return Promise.reject(new Error('receiver down'));
      }),
    );
    await enqueueAll(w, job, 1);
    const start = t.clock.now();

    await w.drain();
    expect((await jobsOf(job.kind))[0]?.runAt).toBe(start + 7_000);
    t.clock.advance(7_000);
    await w.drain();
    expect((await jobsOf(job.kind))[0]?.runAt).toBe(start + 97_000);
    t.clock.advance(90_000);
    await w.drain();

    expect(tries).toEqual([
      { attempt: 1, isLastAttempt: false },
      { attempt: 2, isLastAttempt: false },
      { attempt: 3, isLastAttempt: true },
    ]);
    expect((await jobsOf(job.kind))[0]?.failedAt).toBe(start + 97_000);
  });

  it('claims several due jobs in one statement, oldest first, each counted and leased', async () => {
    const job = taskJob('test.batch-claim');
    const w = worker(new JobHandlers());
    for (let n = 0; n < 5; n++) {
      await t.db.kysely.transaction().execute((trx) => w.enqueue(trx, job, { n }));
      t.clock.advance(1);
    }
    const now = t.clock.now();
    const claim = (limit: number) =>
      claimDueJobs(t.db.kysely, t.db.engine, 'batch', now, 30_000, limit);

    const first = await claim(3);
    const second = await claim(3);

    const numbers = (jobs: { payload: string | null }[]) =>
      jobs.map((claimed) => (JSON.parse(claimed.payload ?? '{}') as { n: number }).n);
    expect(numbers(first)).toEqual([0, 1, 2]);
    expect(numbers(second)).toEqual([3, 4]);
    expect(await claim(3)).toEqual([]);
    const rows = await t.db.kysely
      .selectFrom('jobs')
      .select(['attempts', 'lockedUntil', 'lockedBy'])
      .where('kind', '=', job.kind)
      .execute();
    expect(rows).toHaveLength(5);
    expect(
      rows.every(
        (row) => row.attempts === 1 && row.lockedUntil === now + 30_000 && row.lockedBy === 'batch',
      ),
    ).toBe(true);
  });

  it("ends a job in its handler's own transaction: done with the handler's write or not at all", async () => {
    const job = taskJob('test.settle');
    const caused = taskJob('test.settle-caused');
    let isBroken = true;
    const w = worker(
      new JobHandlers().register(job, (_payload, attempt) =>
        t.db.kysely.transaction().execute(async (trx) => {
          await w.enqueue(trx, caused, { n: attempt.attempt });
          await attempt.settle(trx);
          if (isBroken) throw new Error('write refused after the settle');
        }),
      ),
    );
    await enqueueAll(w, job, 1);

    await w.drain();
    // Rolled back together: the job is not done, and its retry is due after the backoff.
    const [tried] = await jobsOf(job.kind);
    expect(tried).toMatchObject({ attempts: 1, doneAt: null });
    expect(tried?.runAt).toBeGreaterThan(t.clock.now());
    expect(tried?.lastError).toContain('refused');
    expect(await jobsOf(caused.kind)).toEqual([]);

    isBroken = false;
    t.clock.advance(SETTINGS.retryMaxMs);
    await w.drain();
    expect(await jobsOf(job.kind)).toEqual([
      expect.objectContaining({ attempts: 2, doneAt: t.clock.now(), lastError: null }),
    ]);
    expect(await jobsOf(caused.kind)).toEqual([expect.objectContaining({ payload: '{"n":2}' })]);
  });

  it('writes a job only when its transaction commits', async () => {
    const job = taskJob('test.rollback');
    const w = worker(new JobHandlers());
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await w.enqueue(trx, job, { n: 1 });
        throw new Error('change refused');
      }),
    ).rejects.toThrow('change refused');
    expect(await jobsOf(job.kind)).toEqual([]);
  });

  it('runs a job again on another worker once the lease of a crashed one runs out', async () => {
    const job = taskJob('test.lease');
    const runs: number[] = [];
    const survivor = worker(
      new JobHandlers().register(job, ({ n }) => {
        runs.push(n);
        return Promise.resolve();
      }),
    );
    await enqueueAll(survivor, job, 1);
    // A worker claims it and dies before settling it.
    const claimed = await claimDueJobs(
      t.db.kysely,
      t.db.engine,
      'crashed',
      t.clock.now(),
      30_000,
      1,
    );
    expect(claimed).toEqual([expect.objectContaining({ kind: job.kind, attempts: 1 })]);

    await survivor.drain();
    expect(runs).toEqual([]);
    t.clock.advance(30_000);
    await survivor.drain();
    expect(runs).toEqual([0]);
    // The crashed try left no result: it does not count as one of the tries.
    expect(await jobsOf(job.kind)).toEqual([
      expect.objectContaining({ attempts: 1, doneAt: t.clock.now(), failedAt: null }),
    ]);
  });

  it('still gives the last try when the lease of a crashed one runs out on it', async () => {
    const job = taskJob('test.crash-last', 1);
    const tries: { attempt: number; isLastAttempt: boolean }[] = [];
    const survivor = worker(
      new JobHandlers().register(job, (_payload, { attempt, isLastAttempt }) => {
        tries.push({ attempt, isLastAttempt });
        return Promise.resolve();
      }),
    );
    await enqueueAll(survivor, job, 1);
    await claimDueJobs(t.db.kysely, t.db.engine, 'crashed', t.clock.now(), 30_000, 1);

    t.clock.advance(30_000);
    await survivor.drain();
    expect(tries).toEqual([{ attempt: 1, isLastAttempt: true }]);
    expect(await jobsOf(job.kind)).toEqual([
      expect.objectContaining({ attempts: 1, doneAt: t.clock.now(), failedAt: null }),
    ]);
  });

  it.each([
    ['settles it in its own transaction', true],
    ['returns', false],
  ])(
    'does not end a job whose lease ran out and another worker took, when the late handler %s',
    async (_name, isSettledByHandler) => {
      const job = taskJob(`test.lost-lease-${String(isSettledByHandler)}`);
      const caused = taskJob(`test.lost-lease-caused-${String(isSettledByHandler)}`);
      let openGate: () => void = () => undefined;
      const gate = new Promise<void>((resolve) => (openGate = resolve));
      let markRunning: () => void = () => undefined;
      const running = new Promise<void>((resolve) => (markRunning = resolve));
      const late: JobWorker = worker(
        new JobHandlers().register(job, async (_payload, attempt) => {
          markRunning();
          await gate;
          if (!isSettledByHandler) return;
          await t.db.kysely.transaction().execute(async (trx) => {
            await late.enqueue(trx, caused, { n: 1 });
            await attempt.settle(trx);
          });
        }),
      );
      const next = worker(
        new JobHandlers().register(job, () => Promise.reject(new Error('receiver down'))),
      );
      await enqueueAll(late, job, 1);
      const lateDrain = late.drain();
      await running;

      // The lease runs out while the first handler still runs; another worker takes the job.
      t.clock.advance(SETTINGS.leaseMs);
      await next.drain();
      openGate();
      await lateDrain;

      const [row] = await jobsOf(job.kind);
      expect(row).toMatchObject({
        doneAt: null,
        failedAt: null,
        lastError: 'Error: receiver down',
      });
      expect(row?.runAt).toBeGreaterThan(t.clock.now());
      expect(await jobsOf(caused.kind)).toEqual([]);
    },
  );

  it('does not let a loop whose lease ran out end the try another loop of the same worker took', async () => {
    const job = taskJob('test.lost-lease-same-worker');
    const signal = () => {
      let fire: () => void = () => undefined;
      const fired = new Promise<void>((resolve) => (fire = resolve));
      return { fire, fired };
    };
    const [firstRunning, firstEnded, secondRunning, firstGate, secondGate] = [
      signal(),
      signal(),
      signal(),
      signal(),
      signal(),
    ];
    let runs = 0;
    const w = worker(
      new JobHandlers().register(job, async (_payload, attempt) => {
        runs += 1;
        if (runs === 1) {
          firstRunning.fire();
          await firstGate.fired;
          try {
            await t.db.kysely.transaction().execute((trx) => attempt.settle(trx));
          } finally {
            firstEnded.fire();
          }
          return;
        }
        secondRunning.fire();
        await secondGate.fired;
        throw new Error('receiver down');
      }),
    );
    await enqueueAll(w, job, 1);
    const firstDrain = w.drain();
    await firstRunning.fired;
    t.clock.advance(SETTINGS.leaseMs);
    const secondDrain = w.drain();
    await secondRunning.fired;

    // The first loop ends while the second holds the job: the job is not done.
    firstGate.fire();
    await firstEnded.fired;
    expect((await jobsOf(job.kind))[0]?.doneAt).toBeNull();

    secondGate.fire();
    await Promise.allSettled([firstDrain, secondDrain]);
    expect((await jobsOf(job.kind))[0]).toMatchObject({
      doneAt: null,
      failedAt: null,
      lastError: 'Error: receiver down',
    });
  });

  it('retries with backoff, fails after the last try, and runs again on `jobs retry`', async () => {
    const job = taskJob('test.retry', 3);
    let isBroken = true;
    let runs = 0;
    const w = worker(
      new JobHandlers().register(job, () => {
        runs += 1;
        return isBroken ? Promise.reject(new Error('peer down')) : Promise.resolve();
      }),
    );
    await enqueueAll(w, job, 1);
    const start = t.clock.now();
    await w.drain();
    const [afterOne] = await jobsOf(job.kind);
    expect(afterOne).toMatchObject({ attempts: 1, lastError: 'Error: peer down', failedAt: null });
    // First retry between half and all of the base delay.
    expect(afterOne?.runAt).toBeGreaterThanOrEqual(start + 500);
    expect(afterOne?.runAt).toBeLessThanOrEqual(start + 1000);
    await w.drain();
    expect(runs).toBe(1);

    t.clock.advance(1000);
    await w.drain();
    const [afterTwo] = await jobsOf(job.kind);
    expect(afterTwo?.runAt).toBeGreaterThanOrEqual(t.clock.now() + 1000);
    expect(afterTwo?.runAt).toBeLessThanOrEqual(t.clock.now() + 2000);
    t.clock.advance(2000);
    await w.drain();
    const [failed] = await jobsOf(job.kind);
    expect(runs).toBe(3);
    expect(failed).toMatchObject({ attempts: 3, failedAt: t.clock.now(), doneAt: null });

    t.clock.advance(3_600_000);
    await w.drain();
    expect(runs).toBe(3);

    const deps = { db: t.db.kysely, clock: t.clock };
    const list = await runJobsCommand(deps, ['jobs', 'list']);
    expect(list.lines[0]).toBe('id\tkind\tstate\tattempts\tnext run\tlast error');
    expect(list.lines).toContain(
      [failed?.id, job.kind, 'failed', '3/3', '-', 'Error: peer down'].join('\t'),
    );
    expect(list.lines.join('\n')).not.toContain('"n"');

    isBroken = false;
    expect(await runJobsCommand(deps, ['jobs', 'retry', failed?.id ?? ''])).toEqual({
      lines: [`Job ${failed?.id} queued again.`],
      exitCode: 0,
    });
    await w.drain();
    expect(runs).toBe(4);
    expect((await jobsOf(job.kind))[0]).toMatchObject({ attempts: 1, doneAt: t.clock.now() });
    expect((await runJobsCommand(deps, ['jobs', 'retry', failed?.id ?? ''])).exitCode).toBe(1);
    expect((await runJobsCommand(deps, ['jobs', 'bogus'])).exitCode).toBe(2);
  });

  it('fails a job whose payload its schema refuses, without retrying it', async () => {
    const job = taskJob('test.bad-payload', 5);
    const w = worker(new JobHandlers().register(job, () => Promise.resolve()));
    await t.db.kysely
      .insertInto('jobs')
      .values({
        id: 'bad-payload',
        kind: job.kind,
        payload: JSON.stringify({ n: 'one' }),
        maxAttempts: 5,
        runAt: t.clock.now(),
        createdAt: t.clock.now(),
      })
      .execute();
    await w.drain();
    expect((await jobsOf(job.kind))[0]).toMatchObject({ attempts: 1, failedAt: t.clock.now() });
  });

  it('runs each of 200 jobs exactly once with two workers of three loops side by side', async () => {
    const job = taskJob('test.parallel');
    const runs = new Map<number, number>();
    const running = new Set<number>();
    let overlaps = 0;
    let finish: () => void = () => undefined;
    const allDone = new Promise<void>((resolve) => (finish = resolve));
    const handlers = new JobHandlers().register(job, async ({ n }) => {
      if (running.has(n)) overlaps += 1;
      running.add(n);
      await new Promise((resolve) => setImmediate(resolve));
      running.delete(n);
      runs.set(n, (runs.get(n) ?? 0) + 1);
      if (runs.size === 200) finish();
    });
    const workers = [
      worker(handlers, { ...SETTINGS, concurrency: 3 }),
      worker(handlers, { ...SETTINGS, concurrency: 3 }),
    ];
    await enqueueAll(workers[0] as JobWorker, job, 200);
    for (const w of workers) w.start();
    await allDone;
    await Promise.all(workers.map((w) => w.stop()));
    expect(overlaps).toBe(0);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const rows = await jobsOf(job.kind);
    expect(rows).toHaveLength(200);
    expect(rows.every((row) => row.attempts === 1 && row.doneAt !== null)).toBe(true);
    // 200 jobs are about 600 writes, each synced to disk: slow on a busy machine.
  }, 60_000);

  it('runs the next jobs while one hangs (a postback receiver that never answers)', async () => {
    const job = taskJob('test.hang');
    let release: () => void = () => undefined;
    const hung = new Promise<void>((resolve) => (release = resolve));
    let finish: () => void = () => undefined;
    const othersDone = new Promise<void>((resolve) => (finish = resolve));
    const done: number[] = [];
    const w = worker(
      new JobHandlers().register(job, async ({ n }) => {
        if (n === 0) await hung;
        done.push(n);
        if (done.length === 3) finish();
      }),
      { ...SETTINGS, concurrency: 2 },
    );
    await enqueueAll(w, job, 4);
    w.start();
    await othersDone;
    expect(done).toEqual([1, 2, 3]);
    release();
    await w.stop();
    expect(done).toEqual([1, 2, 3, 0]);
  });

  it('stops cleanly: lets the running job finish and claims no more', async () => {
    const job = taskJob('test.stop');
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const isStarted = new Promise<void>((resolve) => (started = resolve));
    const runs: number[] = [];
    const w = worker(
      new JobHandlers().register(job, async ({ n }) => {
        started();
        await new Promise<void>((resolve) => (release = resolve));
        runs.push(n);
      }),
    );
    await enqueueAll(w, job, 2);
    w.start();
    await isStarted;
    const stopped = w.stop();
    release();
    await stopped;
    expect(runs).toEqual([0]);
    const rows = await jobsOf(job.kind);
    expect(rows.filter((row) => row.doneAt === null)).toHaveLength(1);
  });
});
