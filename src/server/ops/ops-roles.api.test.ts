import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  mayUse,
  OPERATOR_ROLES,
  OpsApiPaths,
  type OperatorRole,
  type OpsArea,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { primedClient } from '../../../test/support/accounts.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
const operators = new Map<OperatorRole, TestOperator>();
let developerId: string;
let applicationId: string;

beforeAll(async () => {
  t = await startTestApp();
  for (const role of OPERATOR_ROLES) operators.set(role, await signedInOperator(t, role));
  const developer = await signedInDeveloper(t);
  developerId = developer.id;
  applicationId = await createApp(developer.client);
});

afterAll(async () => {
  await t.close();
});

interface Route {
  readonly method: 'GET' | 'POST';
  readonly path: () => string;
  readonly area: OpsArea;
  readonly json?: unknown;
}

/** Every console route behind a role, with a request that passes validation. */
const ROUTES: readonly Route[] = [
  { method: 'GET', path: () => OpsApiPaths.proofs, area: 'proofs' },
  {
    method: 'GET',
    path: () => `${OpsApiPaths.proofDocument}?applicationId=${applicationId}&ip=1.2.3.4`,
    area: 'proofs',
  },
  {
    method: 'POST',
    path: () => OpsApiPaths.proofDecision,
    area: 'proofs',
    json: () => ({ applicationId, ip: '1.2.3.4', decision: 'accept' }),
  },
  { method: 'GET', path: () => `${OpsApiPaths.search}?q=example`, area: 'developers' },
  { method: 'GET', path: () => OpsApiPaths.developer(developerId), area: 'developers' },
  { method: 'GET', path: () => OpsApiPaths.developerActivity(developerId), area: 'developers' },
  { method: 'GET', path: () => OpsApiPaths.application(applicationId), area: 'developers' },
  {
    method: 'POST',
    path: () => OpsApiPaths.applicationStatus(applicationId),
    area: 'developers',
    json: { isActive: true, reason: 'role check' },
  },
  { method: 'POST', path: () => OpsApiPaths.unlock(developerId), area: 'developers', json: {} },
  {
    method: 'POST',
    path: () => OpsApiPaths.endSessions(developerId),
    area: 'developers',
    json: {},
  },
  {
    method: 'POST',
    path: () => OpsApiPaths.resendVerification(developerId),
    area: 'developers',
    json: {},
  },
  {
    method: 'POST',
    path: () => OpsApiPaths.resetFactors(developerId),
    area: 'developers',
    json: { reason: 'role check' },
  },
  { method: 'GET', path: () => OpsApiPaths.audit, area: 'audit' },
  { method: 'GET', path: () => OpsApiPaths.auditCsv, area: 'audit' },
  { method: 'GET', path: () => OpsApiPaths.operators, area: 'operators' },
  {
    method: 'POST',
    path: () => OpsApiPaths.operators,
    area: 'operators',
    json: { email: 'role-check@example.com', role: 'reviewer' },
  },
  { method: 'POST', path: () => OpsApiPaths.operatorReset('unknown'), area: 'operators' },
  { method: 'POST', path: () => OpsApiPaths.operatorDisable('unknown'), area: 'operators' },
];

const bodyOf = (route: Route) =>
  typeof route.json === 'function' ? (route.json as () => unknown)() : route.json;

describe(`console roles (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it.each(OPERATOR_ROLES)('%s: each route answers as the role allows', async (role) => {
    const { client } = operators.get(role) ?? { client: undefined };
    if (client === undefined) throw new Error('no operator');
    for (const route of ROUTES) {
      const json = bodyOf(route);
      const answer = await client.request(
        route.method,
        route.path(),
        json === undefined ? {} : { json },
      );
      const label = `${role} ${route.method} ${route.path()}`;
      if (mayUse(role, route.area)) {
        expect([401, 403], label).not.toContain(answer.status);
      } else {
        expect(answer.status, label).toBe(403);
        expect(await answer.json(), label).toMatchObject({
          code: 'forbidden',
          message: OpsMessages.session.forbidden,
        });
      }
    }
  });

  it('every route refuses a caller without a console session, a signed-in developer too', async () => {
    const developer = await signedInDeveloper(t);
    for (const client of [await primedClient(t), developer.client]) {
      for (const route of [
        ...ROUTES,
        { method: 'GET' as const, path: () => OpsApiPaths.session, area: 'proofs' as const },
      ]) {
        const json = bodyOf(route);
        const answer = await client.json(
          route.method,
          route.path(),
          json === undefined ? {} : { json },
        );
        expect(answer.status, `${route.method} ${route.path()}`).toBe(401);
        expect(answer.body).toMatchObject({ code: 'unauthorized' });
      }
    }
  });
});
