import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsApiPaths, type AuditResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let admin: TestOperator;

beforeAll(async () => {
  t = await startTestApp();
  admin = await signedInOperator(t, 'admin');
});

afterAll(async () => {
  await t.close();
});

describe('the audit page cursor', () => {
  // Found by the route fuzzer (seed 4001 on PostgreSQL): a 16-digit cursor was a 500 there.
  it.each([OpsApiPaths.audit, OpsApiPaths.auditCsv])(
    '%s refuses a cursor past any entry number with a 400, as any cursor it never issued',
    async (path) => {
      const answer = await admin.client.json('GET', `${path}?cursor=9999999999999999`);
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        status: 'error',
        code: 'bad_request',
        message: OpsMessages.audit.cursorInvalid,
      });
    },
  );

  it('pages from the largest entry number there can be', async () => {
    const answer = await admin.client.json<AuditResponse>(
      'GET',
      `${OpsApiPaths.audit}?cursor=${2 ** 31 - 1}`,
    );
    expect(answer.status).toBe(200);
    expect(answer.body.entries.map((entry) => entry.action)).toEqual([
      'operator.signed_in',
      'operator.enrolled',
      'operator.added',
    ]);
  });
});
