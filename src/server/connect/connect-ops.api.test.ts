import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsApiPaths, type AuditResponse, type OpsDoneResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import {
  createApp,
  signedInDeveloper,
  type SignedInDeveloper,
} from '../../../test/support/apps.js';
import {
  CONNECT_PUBLIC_URL,
  CONNECT_REDIRECT,
  connectAccessToken,
  discoverConnect,
} from '../../../test/support/connect.js';
import { freePort } from '../../../test/support/free-port.js';
import { askGateway, askUntilSettled, type CheckAnswer } from '../../../test/support/gateway.js';
import { currentKeyOf } from '../../../test/support/keys.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { opaqueHash } from './connect-tokens.js';

// docs/connect.md: the console ends an application's or a client's Connect sessions at once,
// and the kill switch revokes the tokens it stops, so lifting it does not bring them back.

const engine = process.env.TEST_DB ?? 'sqlite';
const REASON = 'The client reported a stolen phone';

let t: TestApp;
let dev: SignedInDeveloper;
let as: oauth.AuthorizationServer;
let support: TestOperator;
let reviewer: TestOperator;
let admin: TestOperator;

beforeAll(async () => {
  t = await startTestApp({
    env: {
      PUBLIC_URL: CONNECT_PUBLIC_URL,
      GATEWAY_PORT: String(await freePort()),
      GATEWAY_REFRESH_MS: '20',
      APP_CREATES_PER_HOUR: '50',
    },
  });
  dev = await signedInDeveloper(t);
  as = await discoverConnect(t);
  support = await signedInOperator(t, 'support');
  reviewer = await signedInOperator(t, 'reviewer');
  admin = await signedInOperator(t, 'admin');
});

afterAll(async () => {
  await t.close();
});

let serial = 0;
const newClientCode = () => {
  serial += 1;
  return `OP${String(serial)}${String(Date.now() % 100000)}`;
};

/** An IP is one developer's: each owner calls from its own. */
const ips = new Map<string, string>();
const ipOf = (owner: SignedInDeveloper) => {
  const ip = ips.get(owner.id) ?? `203.0.113.${String(80 + ips.size)}`;
  ips.set(owner.id, ip);
  return ip;
};

interface SignedInClient {
  readonly token: string;
  readonly ip: string;
}

/** An application the client may sign in to, called from its owner's IP. */
async function appFor(clientCode: string, owner: SignedInDeveloper = dev) {
  const ip = ipOf(owner);
  const id = await createApp(owner.client, {
    callbackUrl: CONNECT_REDIRECT,
    allowedUsers: clientCode,
    ipRecords: ip,
  });
  return { id, ip, key: await currentKeyOf(t, id) };
}

/** A client signed in to the application: the token, once the gateway takes it. */
async function signedIn(
  app: { id: string; key: string; ip: string },
  clientCode: string,
): Promise<SignedInClient> {
  const client = { token: await connectAccessToken(t, as, { ...app, clientCode }), ip: app.ip };
  expect((await settled(client, (a) => a.status === 200)).status).toBe(200);
  return client;
}

const bearer = (client: SignedInClient) => ({
  authorization: `Bearer ${client.token}`,
  'x-real-ip': client.ip,
});
const reasonOf = (answer: CheckAnswer) => answer.headers.get('x-deny-reason');

async function settled(client: SignedInClient, isDone: (a: CheckAnswer) => boolean) {
  return askUntilSettled(() => askGateway(t, bearer(client)), isDone);
}

async function refusedAsRevoked(client: SignedInClient) {
  const answer = await settled(client, (a) => a.status !== 200);
  expect([answer.status, reasonOf(answer)]).toEqual([401, 'token_revoked']);
}

const revokedAt = async ({ token }: SignedInClient) =>
  (
    await t.db.kysely
      .selectFrom('connectTokens')
      .select('revokedAt')
      .where('tokenHash', '=', opaqueHash(token))
      .executeTakeFirstOrThrow()
  ).revokedAt;

const auditOf = async (action: string) =>
  (await admin.client.json<AuditResponse>('GET', `${OpsApiPaths.audit}?action=${action}`)).body
    .entries;

const endApp = (op: TestOperator, id: string, json: Record<string, unknown>) =>
  op.client.json<OpsDoneResponse>('POST', OpsApiPaths.applicationEndConnect(id), { json });
const endClient = (op: TestOperator, json: Record<string, unknown>) =>
  op.client.json<OpsDoneResponse>('POST', OpsApiPaths.clientEndConnect, { json });

describe(`the console ends Connect sessions (${engine})`, () => {
  it("ends every session of an application at once, audited, and no other application's", async () => {
    const code = newClientCode();
    const app = await appFor(code);
    const first = await signedIn(app, code);
    const otherCode = newClientCode();
    const other = await signedIn(await appFor(otherCode), otherCode);

    const answer = await endApp(support, app.id, { reason: REASON });
    expect([answer.status, answer.body]).toEqual([200, { message: OpsMessages.connect.ended(1) }]);
    await refusedAsRevoked(first);
    expect((await askGateway(t, bearer(other))).status).toBe(200);
    expect(await revokedAt(other)).toBeNull();

    const entry = (await auditOf('application.connect_sessions_ended'))[0];
    expect(entry).toMatchObject({
      operatorEmail: support.email,
      applicationId: app.id,
      developerId: dev.id,
      reason: REASON,
    });
    const again = await endApp(admin, app.id, { reason: REASON });
    expect(again.body).toEqual({ message: OpsMessages.connect.ended(0) });
  });

  it('ends every session of a client code in every application, and no other client', async () => {
    const code = newClientCode();
    const mine = await signedIn(await appFor(code), code);
    const elsewhere = await signedIn(await appFor(code, await signedInDeveloper(t)), code);
    const otherCode = newClientCode();
    const other = await signedIn(await appFor(otherCode), otherCode);

    const answer = await endClient(admin, { clientCode: ` ${code} `, reason: REASON });
    expect([answer.status, answer.body]).toEqual([200, { message: OpsMessages.connect.ended(2) }]);
    await refusedAsRevoked(mine);
    await refusedAsRevoked(elsewhere);
    expect(await revokedAt(other)).toBeNull();
    expect((await auditOf('client.connect_sessions_ended'))[0]).toMatchObject({
      operatorEmail: admin.email,
      target: code,
      reason: REASON,
      applicationId: null,
    });
  });

  it('asks for a reason, a known application and the support or admin role; a refusal ends nothing', async () => {
    const code = newClientCode();
    const app = await appFor(code);
    const token = await signedIn(app, code);
    expect((await endApp(support, app.id, {})).status).toBe(400);
    expect((await endApp(support, app.id, { reason: '  ' })).status).toBe(400);
    expect((await endClient(support, { clientCode: code })).status).toBe(400);
    expect((await endClient(support, { clientCode: ' ', reason: REASON })).status).toBe(400);
    expect((await endApp(support, 'no-such-app', { reason: REASON })).status).toBe(404);
    expect((await endApp(reviewer, app.id, { reason: REASON })).status).toBe(403);
    expect((await endClient(reviewer, { clientCode: code, reason: REASON })).status).toBe(403);
    expect(await revokedAt(token)).toBeNull();
    expect((await askGateway(t, bearer(token))).status).toBe(200);
  });
});

describe(`the kill switch revokes Connect tokens (${engine})`, () => {
  const block = (path: string, blocked: boolean) =>
    support.client.json('POST', path, { json: { blocked, reason: REASON } });

  it('an application block revokes its tokens: lifting it does not let them through again', async () => {
    const code = newClientCode();
    const app = await appFor(code);
    const token = await signedIn(app, code);
    expect((await block(OpsApiPaths.applicationBlock(app.id), true)).status).toBe(200);
    expect(await revokedAt(token)).not.toBeNull();
    expect((await block(OpsApiPaths.applicationBlock(app.id), false)).status).toBe(200);
    await refusedAsRevoked(token);
  });

  it("a developer block revokes the tokens of every application of the developer's, no one else's", async () => {
    const owner = await signedInDeveloper(t);
    const code = newClientCode();
    const first = await signedIn(await appFor(code, owner), code);
    const second = await signedIn(await appFor(code, owner), code);
    const otherCode = newClientCode();
    const other = await signedIn(await appFor(otherCode), otherCode);
    expect((await block(OpsApiPaths.developerBlock(owner.id), true)).status).toBe(200);
    expect((await block(OpsApiPaths.developerBlock(owner.id), false)).status).toBe(200);
    await refusedAsRevoked(first);
    await refusedAsRevoked(second);
    expect(await revokedAt(other)).toBeNull();
  });
});
