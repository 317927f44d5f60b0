import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import type { Application } from '../../contract/apps.js';
import { Messages } from '../../contract/messages.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  appFields,
  createApp,
  postApp,
  putApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import { HttpClient } from '../../../test/support/http-client.js';
import { makePdf } from '../../../test/support/png.js';
import { testCliActor, testProofsDeps } from '../../../test/support/proofs.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { acceptProof } from '../admin/proofs.js';

// Two instances on one database: `one` answers the lists (and caches them), `other` takes
// the changes, as a load balancer would spread a developer's calls.
let one: TestApp;
let other: TestApp;
let developer: SignedInDeveloper;
/** The same developer's session, sent to the other instance. */
let elsewhere: HttpClient;

beforeAll(async () => {
  one = await startTestApp();
  other = await startTestApp({ sameDatabaseAs: one, clock: one.clock });
  developer = await signedInDeveloper(one);
  elsewhere = new HttpClient(other.baseUrl);
  await elsewhere.prime();
  elsewhere.bearer = developer.client.bearer;
});

afterAll(async () => {
  await other.close();
  await one.close();
});

async function listed(): Promise<Application[]> {
  const res = await developer.client.json<Application[]>('GET', ApiPaths.apps);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.body;
}

const engine = process.env.TEST_DB ?? 'sqlite';

describe(`the list of applications, cached per instance (${engine})`, () => {
  it('shows at once every change made through another instance or outside the API', async () => {
    const id = await createApp(elsewhere, { ipRecords: '40.0.0.1', name: 'First' });
    expect((await listed()).map((app) => app.applicationName)).toEqual(['First']);
    expect((await listed()).map((app) => app.applicationName)).toEqual(['First']);

    expect((await putApp(elsewhere, id, appFields({ name: 'Renamed' }))).status).toBe(200);
    expect((await listed()).map((app) => app.applicationName)).toEqual(['Renamed']);

    // A direct write, as an operator's tool would make: the triggers see it too.
    await sql`update ip_records set ip = '40.0.0.2' where application_id = ${id}`.execute(
      one.db.kysely,
    );
    expect((await listed())[0]?.ipRecordsWithFamilyPending.map((record) => record.ip)).toEqual([
      '40.0.0.2',
    ]);

    const second = await createApp(elsewhere, { name: 'Second' });
    expect((await listed()).map((app) => app.applicationName).sort()).toEqual([
      'Renamed',
      'Second',
    ]);
    expect((await elsewhere.json('DELETE', ApiPaths.app(second))).status).toBe(200);
    expect((await listed()).map((app) => app.applicationName)).toEqual(['Renamed']);
  });

  it('shows an operator accepting a proof, and hands out fresh document links', async () => {
    const owner = await signedInDeveloper(one);
    await createApp(owner.client, { ipRecords: '41.0.0.1' });
    const created = await postApp(elsewhere, {
      ...appFields({ ipRecords: '41.0.0.1', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('41.0.0.1')]: { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' },
    });
    expect(created.status).toBe(201);
    const id = created.body.applicationId as string;
    const recordOf = async () =>
      (await listed()).find((app) => app.applicationId === id)?.ipRecordsWithFamilyPending[0];

    const pending = await recordOf();
    expect(pending?.adminAccept).toBe(false);
    expect(await acceptProof(testProofsDeps(one), testCliActor, id, '41.0.0.1')).toBe(true);
    const accepted = await recordOf();
    expect(accepted?.adminAccept).toBe(true);

    // A minute later the same list is built anew: its document link expires later.
    const expiresOf = (link: string | null | undefined) =>
      Number(new URL(link ?? '', one.baseUrl).searchParams.get('expires'));
    one.clock.advance(60_000);
    const later = await recordOf();
    expect(expiresOf(later?.documentUrl)).toBe(expiresOf(accepted?.documentUrl) + 60_000);
  });

  it('answers the one-app read from the same list while the version stands', async () => {
    const other = await signedInDeveloper(one);
    const theirs = await createApp(other.client, { ipRecords: '42.0.0.1' });
    const created = await postApp(elsewhere, {
      ...appFields({ ipRecords: '42.0.0.1', name: 'One', ipAddressDuplicateSkip: 'true' }),
      [ipFieldName('42.0.0.1')]: { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' },
    });
    expect(created.status).toBe(201);
    const id = created.body.applicationId as string;
    const inList = (await listed()).find((app) => app.applicationId === id);
    expect(inList?.ipRecordsWithFamilyPending[0]?.documentUrl).toEqual(expect.any(String));

    // Within the list's minute, the one-app read hands out the same signed links.
    one.clock.advance(30_000);
    const read = async () => {
      const res = await developer.client.json('GET', ApiPaths.app(id));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return res.body;
    };
    expect(await read()).toEqual({ ...inList, status: 'success', message: Messages.apps.found });

    expect((await putApp(elsewhere, id, appFields({ name: 'Two' }))).status).toBe(200);
    expect((await read()).applicationName).toBe('Two');

    const notOurs = await developer.client.json('GET', ApiPaths.app(theirs));
    expect(notOurs.status).toBe(404);
    expect(notOurs.body).toEqual({
      status: 'error',
      code: 'not_found',
      message: Messages.apps.notFound,
    });
  });
});
