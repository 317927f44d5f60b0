import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { RefreshResponse } from '../../contract/auth.js';
import {
  createDeveloper,
  developerRow,
  primedClient,
  signIn,
  signupBody,
  type TestDeveloper,
} from '../../../test/support/accounts.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { recordActivity } from '../activity/activity.repository.js';
import { activityRetentionStart, PurgeExpiredJob } from './purge-job.js';
import { TokenRules } from './tokens.js';

// Expired refresh tokens and codes are purged (decision 010).

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp();
});

afterAll(async () => {
  await t.close();
});

function purgeJobs() {
  return t.db.kysely
    .selectFrom('jobs')
    .select(['id', 'runAt', 'doneAt'])
    .where('kind', '=', PurgeExpiredJob.kind)
    .orderBy('runAt')
    .execute();
}

async function session(dev: TestDeveloper) {
  const res = await signIn(await primedClient(t), dev.email, dev.password);
  expect(res.status).toBe(200);
  return res.body.user_status.AuthenticationResult;
}

async function refresh(refreshToken: string, id: string) {
  const res = await (
    await primedClient(t)
  ).json<RefreshResponse>('POST', ApiPaths.refresh, { json: { refresh_token: refreshToken, id } });
  expect(res.status).toBe(200);
  return res.body.user_status.AuthenticationResult;
}

async function logout(refreshToken: string) {
  const res = await (
    await primedClient(t)
  ).json('POST', ApiPaths.logout, { json: { refresh_token: refreshToken } });
  expect(res.status).toBe(200);
}

function tokensOf(developerId: string) {
  return t.db.kysely
    .selectFrom('refreshTokens')
    .select('id')
    .where('developerId', '=', developerId)
    .execute();
}

function sessionsOf(developerId: string) {
  return t.db.kysely
    .selectFrom('sessions')
    .select('id')
    .where('developerId', '=', developerId)
    .execute();
}

function throttlesOf(developerId: string) {
  return t.db.kysely
    .selectFrom('signInThrottles')
    .select('key')
    .where('developerId', '=', developerId)
    .execute();
}

function codeCount(developerId: string) {
  return t.db.kysely
    .selectFrom('oneTimeCodes')
    .select('id')
    .where('developerId', '=', developerId)
    .execute()
    .then((rows) => rows.length);
}

describe(`the purge of expired sign-in data (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('is queued once, for the next hour, by every instance together', async () => {
    // Closed before the purge runs: t.drainJobs() waits for t's own worker only.
    const other = await startTestApp({ sameDatabaseAs: t, clock: t.clock });
    await other.close();
    const next = (Math.floor(t.clock.now() / HOUR_MS) + 1) * HOUR_MS;
    expect(await purgeJobs()).toEqual([
      { id: `${PurgeExpiredJob.kind}:${String(next / HOUR_MS)}`, runAt: next, doneAt: null },
    ]);
  });

  it('deletes expired families, their sessions, codes, quiet sign-in counts, and revoked families after a week; keeps live ones', async () => {
    const start = t.clock.now();
    // Signed in at the start: past its 30-day absolute expiry at the check.
    const expired = await createDeveloper(t);
    await session(expired);
    expect(await tokensOf(expired.id)).toHaveLength(1);
    // An unverified developer's code, long expired at the check.
    const stale = await createDeveloper(t, { verified: false });
    expect(await codeCount(stale.id)).toBe(1);
    // A wrong password at the start: a count that has long gone quiet at the check.
    const guessed = await createDeveloper(t);
    expect((await signIn(await primedClient(t), guessed.email, 'Wr0ng!Pass')).status).toBe(401);
    expect(await throttlesOf(guessed.id)).not.toEqual([]);

    t.clock.advance(20 * DAY_MS);
    // Signed in on day 20 and refreshed on day 21: the retired token is old, the family live.
    const rotated = await createDeveloper(t);
    const rotatedSession = await session(rotated);
    t.clock.advance(DAY_MS);
    const successor = await refresh(rotatedSession.RefreshToken, rotated.id);
    // Logged out on day 21: revoked for more than a week at the check.
    const longGone = await createDeveloper(t);
    await logout((await session(longGone)).RefreshToken);
    expect(await tokensOf(longGone.id)).toHaveLength(1);

    t.clock.advance(TokenRules.refreshFamilyTtlMs - 21 * DAY_MS + HOUR_MS);
    // Logged out a day before the check: kept for now.
    const recent = await createDeveloper(t);
    t.clock.advance(-DAY_MS);
    await logout((await session(recent)).RefreshToken);
    t.clock.advance(DAY_MS);
    // Signed up an hour before the check: its code expired, but within the margin.
    t.clock.advance(-HOUR_MS);
    const fresh = await createDeveloper(t, { verified: false });
    t.clock.advance(HOUR_MS);

    // Every drain above may have run a purge already; this one runs the last.
    expect(t.clock.now() - start).toBeGreaterThan(TokenRules.refreshFamilyTtlMs);

    await t.drainJobs();

    expect(await tokensOf(expired.id)).toEqual([]);
    expect(await sessionsOf(expired.id)).toEqual([]);
    expect(await sessionsOf(longGone.id)).toEqual([]);
    expect(await sessionsOf(rotated.id)).toHaveLength(1);
    expect(await sessionsOf(recent.id)).toHaveLength(1);
    expect(await throttlesOf(guessed.id)).toEqual([]);
    expect(await codeCount(stale.id)).toBe(0);
    expect(await tokensOf(longGone.id)).toEqual([]);
    expect(await tokensOf(rotated.id)).toHaveLength(2);
    expect(await tokensOf(recent.id)).toHaveLength(1);
    expect(await codeCount(fresh.id)).toBe(1);
    // The live session still refreshes.
    expect((await refresh(successor.RefreshToken, rotated.id)).RefreshToken).toEqual(
      expect.any(String),
    );
    // Its run queued the next one; none is due now.
    const jobs = await purgeJobs();
    expect(jobs.filter((job) => job.doneAt === null)).toEqual([
      expect.objectContaining({ runAt: (Math.floor(t.clock.now() / HOUR_MS) + 1) * HOUR_MS }),
    ]);
    expect(jobs.filter((job) => job.doneAt !== null).length).toBeGreaterThan(0);
  });

  it('deletes accounts left unverified past UNVERIFIED_ACCOUNT_DAYS, with everything they hold', async () => {
    const app = await startTestApp({ env: { UNVERIFIED_ACCOUNT_DAYS: '3' }, clock: t.clock });
    try {
      const old = await createDeveloper(app, { verified: false });
      const proven = await createDeveloper(app);
      t.clock.advance(DAY_MS);
      const young = await createDeveloper(app, { verified: false });
      t.clock.advance(2 * DAY_MS + HOUR_MS);
      await app.drainJobs();
      const left = await app.db.kysely
        .selectFrom('developers')
        .select('id')
        .where('id', 'in', [old.id, proven.id, young.id])
        .execute();
      expect(left.map((row) => row.id).sort()).toEqual([proven.id, young.id].sort());
      const codes = await app.db.kysely
        .selectFrom('oneTimeCodes')
        .select('id')
        .where('developerId', '=', old.id)
        .execute();
      expect(codes).toEqual([]);
      // The address is free again: its owner can sign up.
      const signup = await (
        await primedClient(app)
      ).json('POST', ApiPaths.signup, { json: signupBody({ email: old.email }) });
      expect(signup.status).toBe(201);
    } finally {
      await app.close();
    }
  });

  it('keeps unverified accounts 7 days by default', async () => {
    const dev = await createDeveloper(t, { verified: false });
    t.clock.advance(6 * DAY_MS + HOUR_MS);
    await t.drainJobs();
    expect(await developerRow(t, dev.email)).toBeDefined();
    t.clock.advance(DAY_MS);
    await t.drainJobs();
    expect(await developerRow(t, dev.email)).toBeUndefined();
  });

  it('deletes activity events older than the retention years, keeps younger ones', async () => {
    const dev = await createDeveloper(t);
    const cutoff = activityRetentionStart(t.clock.now() + HOUR_MS);
    expect(new Date(cutoff).getUTCFullYear()).toBe(new Date(t.clock.now()).getUTCFullYear() - 5);
    const record = (at: number, reason: string) =>
      t.db.kysely.transaction().execute((trx) =>
        recordActivity(trx, {
          developerId: dev.id,
          kind: 'sign_in.failed',
          at,
          origin: { ip: null, device: null },
          details: { reason },
        }),
      );
    await record(cutoff - 1, 'older');
    await record(cutoff, 'exactly five years');
    await record(cutoff + DAY_MS, 'younger');
    t.clock.advance(HOUR_MS);
    await t.drainJobs();
    const kept = await t.db.kysely
      .selectFrom('activityEvents')
      .select('details')
      .where('developerId', '=', dev.id)
      .orderBy('at')
      .execute();
    expect(kept.map((row) => JSON.parse(row.details) as unknown)).toEqual([
      { reason: 'exactly five years' },
      { reason: 'younger' },
    ]);
  });
});
