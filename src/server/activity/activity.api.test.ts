import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLimits, type ActivityResponse } from '../../contract/activity.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import {
  createApp,
  putApp,
  appFields,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { recordActivity } from './activity.repository.js';

// /activity's API, the developer's own events newest first, filtered and paged.

let t: TestApp;
let dev: SignedInDeveloper;
let appId: string;

beforeAll(async () => {
  // The long-log export tests write 10,000 rows at once in this process (SQLite writes
  // block), a stall load shedding would answer with 503; shedding has its own test.
  t = await startTestApp({ env: { SHED_LOOP_DELAY_MS: '0' } });
  dev = await signedInDeveloper(t);
});

afterAll(async () => {
  await t.close();
});

function listed(client: SignedInDeveloper['client'], query: Record<string, string> = {}) {
  const search = new URLSearchParams(query).toString();
  return client.json<ActivityResponse>(
    'GET',
    `${ApiPaths.activity}${search === '' ? '' : `?${search}`}`,
  );
}

/** Every page from the first, following nextCursor. */
async function allPages(query: Record<string, string> = {}) {
  const pages: ActivityResponse[] = [];
  let cursor: string | null = null;
  do {
    const res = await listed(dev.client, cursor === null ? query : { ...query, cursor });
    expect(res.status).toBe(200);
    pages.push(res.body);
    cursor = res.body.nextCursor;
  } while (cursor !== null);
  return pages;
}

describe(`the activity list (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('pages the developer own events newest first by (at, id), ties included', async () => {
    t.clock.advance(1000);
    appId = await createApp(dev.client, { ipRecords: '90.0.0.1' });
    // 45 events, a run of them in one millisecond: the keyset must not skip or repeat one.
    for (let n = 0; n < 44; n++) {
      if (n % 10 === 0) t.clock.advance(1000);
      await putApp(dev.client, appId, appFields({ ipRecords: '90.0.0.1', description: `v${n}` }));
    }
    const pages = await allPages();
    const size = ActivityLimits.pageSize;
    expect(pages.map((page) => page.events.length)).toEqual([size, size, 46 - 2 * size]);
    const events = pages.flatMap((page) => page.events);
    expect(new Set(events.map((event) => event.id)).size).toBe(46);
    const keys = events.map((event) => [Date.parse(event.at), event.id] as const);
    const sorted = [...keys].sort(([a, x], [b, y]) => b - a || (y < x ? -1 : y > x ? 1 : 0));
    expect(keys).toEqual(sorted);
    expect(events.at(-1)?.kind).toBe('sign_in.succeeded');
    expect(pages[0]?.message).toBe(Messages.activity.listed);
  });

  it('filters by application, kind and dates, to exclusive', async () => {
    const byKind = await allPages({ kind: 'app.created' });
    expect(byKind.flatMap((page) => page.events).map((event) => event.applicationId)).toEqual([
      appId,
    ]);
    const byApp = (await allPages({ applicationId: appId })).flatMap((page) => page.events);
    expect(byApp).toHaveLength(45);
    const created = byKind[0]?.events[0]?.at ?? '';
    const atCreation = await allPages({
      from: created,
      to: new Date(Date.parse(created) + 1).toISOString(),
    });
    expect(atCreation.flatMap((page) => page.events).map((event) => event.kind)).toEqual([
      'app.created',
    ]);
    const before = await allPages({ to: created });
    expect(before.flatMap((page) => page.events).map((event) => event.kind)).toEqual([
      'sign_in.succeeded',
    ]);
  });

  it('is owner-only: another developer sees none of these, even by application id', async () => {
    const stranger = await signedInDeveloper(t);
    const res = await listed(stranger.client, { applicationId: appId });
    expect(res.status).toBe(200);
    expect(res.body.events).toEqual([]);
    const own = await listed(stranger.client);
    expect(own.body.events.map((event) => event.kind)).toEqual(['sign_in.succeeded']);
    const unauthenticated = await fetch(`${t.baseUrl}${ApiPaths.activity}`);
    expect(unauthenticated.status).toBe(401);
  });

  it('refuses a cursor it did not make and an unknown kind with 400', async () => {
    const forged = await listed(dev.client, { cursor: 'bm90LWEtY3Vyc29y' });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe(Messages.activity.cursorInvalid);
    expect((await listed(dev.client, { kind: 'app.stolen' })).status).toBe(400);
    expect((await listed(dev.client, { from: 'yesterday' })).status).toBe(400);
  });

  it('exports the same filters as a CSV attachment, formulas defused', async () => {
    const other = await signedInDeveloper(t);
    const hostileId = await createApp(other.client, {
      name: '=HYPERLINK("x")',
      ipRecords: '91.0.0.1',
    });
    const res = await other.client.request(
      'GET',
      `${ApiPaths.activityCsv}?${new URLSearchParams({ applicationId: hostileId }).toString()}`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="activity.csv"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const lines = (await res.text()).split('\r\n');
    expect(lines[0]).toBe('time,event,kind,application,ip,device,details,summary');
    expect(lines[1]).toBe(
      `${new Date(t.clock.now()).toISOString()},Application created,app.created,${hostileId},127.0.0.1,Unknown browser,"applicationName==HYPERLINK(""x"")","Created the application =HYPERLINK(""x"")."`,
    );
    expect(lines).toHaveLength(3);
    const all = await dev.client.request('GET', ApiPaths.activityCsv);
    expect((await all.text()).split('\r\n')).toHaveLength(48);
  });

  it('keeps an event that starts with a formula character harmless in every cell', async () => {
    const other = await signedInDeveloper(t);
    await t.db.kysely.transaction().execute((trx) =>
      recordActivity(trx, {
        developerId: other.id,
        kind: 'sign_in.failed',
        at: t.clock.now() + 1,
        origin: { ip: '-1+1', device: '@SUM(A1)' },
        details: { reason: 'x' },
      }),
    );
    const res = await other.client.request('GET', `${ApiPaths.activityCsv}?kind=sign_in.failed`);
    expect((await res.text()).split('\r\n')[1]).toBe(
      `${new Date(t.clock.now() + 1).toISOString()},Sign-in failed,sign_in.failed,,'-1+1,'@SUM(A1),reason=x,Sign-in failed.`,
    );
  });
});

describe(`the activity CSV of a long log (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  // Past the 10,000 rows an earlier export stopped at without a word.
  const EVENTS = 10_050;

  it('streams every event, newest first', async () => {
    const busy = await signedInDeveloper(t);
    const start = t.clock.now() - EVENTS;
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < EVENTS; n++) {
        await recordActivity(trx, {
          developerId: busy.id,
          kind: 'sign_in.failed',
          at: start + n,
          origin: { ip: '198.51.100.1', device: 'Firefox on Linux' },
        });
      }
    });
    const res = await busy.client.request('GET', `${ApiPaths.activityCsv}?kind=sign_in.failed`);
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(EVENTS + 1);
    expect(lines[1]?.startsWith(new Date(start + EVENTS - 1).toISOString())).toBe(true);
    expect(lines.at(-1)?.startsWith(new Date(start).toISOString())).toBe(true);
  }, 120_000);
});
