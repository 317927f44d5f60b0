import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectPaths } from '../../contract/connect.js';
import { ConnectSessionMessages } from '../../contract/connect-sessions.js';
import { Messages } from '../../contract/messages.js';
import { activityOf } from '../../../test/support/activity.js';
import { signedInDeveloper, type SignedInDeveloper } from '../../../test/support/apps.js';
import { discoverConnect } from '../../../test/support/connect.js';
import {
  bearerFrom,
  connectGatewayEnv,
  settledTokenAnswer,
  signedInConnectClient,
} from '../../../test/support/connect-clients.js';
import type { CheckAnswer } from '../../../test/support/gateway.js';
import { SERVICE_TOKEN } from '../../../test/support/postbacks.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { ConnectSessionPaths } from '../../contract/connect-session-paths.js';

const engine = process.env.TEST_DB ?? 'sqlite';
const IP = '203.0.113.71';
/** Where the tests' browser signs in from: the test server sees the loopback. */
const SIGN_IN_ADDRESS = '127.0.0.1';

let t: TestApp;
let dev: SignedInDeveloper;
let other: SignedInDeveloper;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  t = await startTestApp({ env: await connectGatewayEnv() });
  dev = await signedInDeveloper(t);
  other = await signedInDeveloper(t);
  as = await discoverConnect(t);
});

afterAll(async () => {
  await t.close();
});

/** An application of `dev` called from `IP`, and one client signed in to it. */
const signedInClient = () => signedInConnectClient(t, dev, as, IP);

interface Listed {
  status: string;
  message: string;
  sessions: { id: string; clientCode: string; since: string; ip: string }[];
}

const list = (who: SignedInDeveloper, id: string) =>
  who.client.json<Listed>('GET', ConnectSessionPaths.list(id));
const end = (who: SignedInDeveloper, id: string, sessionId: string) =>
  who.client.json('DELETE', ConnectSessionPaths.one(id, sessionId));

const settled = (token: string, isDone: (a: CheckAnswer) => boolean) =>
  settledTokenAnswer(t, bearerFrom(token, IP), isDone);

/** The application's Connect events; those of one request share their time, so sorted by kind. */
const connectEvents = async (id: string) =>
  (await activityOf(t, dev.id)).filter(
    (row) => row.applicationId === id && row.kind.startsWith('connect.'),
  );

describe(`An application's Connect sessions (${engine})`, () => {
  it('lists the signed-in client with when and from where, and records the sign-in', async () => {
    const { id, clientCode } = await signedInClient();
    const listed = await list(dev, id);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      status: 'success',
      message: ConnectSessionMessages.listed,
      sessions: [
        {
          id: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/) as unknown,
          clientCode,
          since: new Date(t.clock.now()).toISOString(),
          ip: SIGN_IN_ADDRESS,
        },
      ],
    });
    const stored = await t.db.kysely
      .selectFrom('connectTokens')
      .select('tokenHash')
      .where('applicationId', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(listed.body)).not.toContain(stored.tokenHash);

    const events = await connectEvents(id);
    expect(events.map((row) => [row.kind, row.ip, row.details])).toEqual([
      [
        'connect.consented',
        SIGN_IN_ADDRESS,
        { scopes: ['orders', 'portfolio'], applicationName: 'My Trading App', clientCode },
      ],
      ['connect.signed_in', SIGN_IN_ADDRESS, { applicationName: 'My Trading App', clientCode }],
    ]);
  });

  it('ends a session: the gateway refuses its token with token_revoked, the log says who', async () => {
    const { id, clientCode, token } = await signedInClient();
    expect((await settled(token, (a) => a.status === 200)).status).toBe(200);
    const [session] = (await list(dev, id)).body.sessions;
    const ended = await end(dev, id, session?.id ?? '');
    expect([ended.status, ended.body]).toEqual([
      200,
      { status: 'success', message: ConnectSessionMessages.ended },
    ]);
    const answer = await settled(token, (a) => a.status !== 200);
    expect([answer.status, answer.headers.get('x-deny-reason')]).toEqual([401, 'token_revoked']);
    expect((await list(dev, id)).body.sessions).toEqual([]);

    const again = await end(dev, id, session?.id ?? '');
    expect([again.status, again.body]).toEqual([
      404,
      { status: 'error', code: 'not_found', message: ConnectSessionMessages.notFound },
    ]);
    const last = (await connectEvents(id)).find((row) => row.kind === 'connect.session_ended');
    expect([last?.kind, last?.details]).toEqual([
      'connect.session_ended',
      { by: 'developer', applicationName: 'My Trading App', clientCode },
    ]);
    expect(last?.ip).not.toBeNull();
  });

  it("answers another developer's application as not found, and changes nothing", async () => {
    const { id, token } = await signedInClient();
    const [session] = (await list(dev, id)).body.sessions;
    const notFound = { status: 'error', code: 'not_found', message: Messages.apps.notFound };
    const seen = await list(other, id);
    expect([seen.status, seen.body]).toEqual([404, notFound]);
    const ended = await end(other, id, session?.id ?? '');
    expect([ended.status, ended.body]).toEqual([404, notFound]);
    expect((await list(dev, id)).body.sessions).toHaveLength(1);
    expect((await settled(token, (a) => a.status === 200)).status).toBe(200);
  });

  it('refuses a session id that is not one with a 400', async () => {
    const { id } = await signedInClient();
    const bad = await end(dev, id, 'not-an-id');
    expect([bad.status, bad.body]).toMatchObject([
      400,
      { status: 'error', code: 'bad_request', message: ConnectSessionMessages.badId },
    ]);
    const unknown = await end(dev, id, 'A'.repeat(22));
    expect(unknown.status).toBe(404);
    expect((await list(dev, id)).body.sessions).toHaveLength(1);
  });

  it("records the client's own sign-out through /oauth/revoke", async () => {
    const { id, clientCode, token } = await signedInClient();
    const revoked = await fetch(`${t.baseUrl}${ConnectPaths.revoke}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${SERVICE_TOKEN}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ token }).toString(),
    });
    expect(revoked.status).toBe(200);
    expect((await list(dev, id)).body.sessions).toEqual([]);
    const last = (await connectEvents(id)).find((row) => row.kind === 'connect.session_ended');
    expect([last?.kind, last?.ip, last?.details]).toEqual([
      'connect.session_ended',
      null,
      { by: 'client', applicationName: 'My Trading App', clientCode },
    ]);
  });
});
