import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OpsApiPaths, type AuditResponse } from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { signedInOperator, type TestOperator } from '../../../test/support/operators.js';
import { recordOperatorAction } from './operator-audit.repository.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;
let admin: TestOperator;

beforeAll(async () => {
  // The long-log export tests write 10,000 rows at once in this process (SQLite writes
  // block), a stall load shedding would answer with 503; shedding has its own test.
  t = await startTestApp({ env: { SHED_LOOP_DELAY_MS: '0' } });
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

describe('the audit CSV of a long audit', () => {
  // Past the 10,000 rows an earlier export stopped at without a word.
  const ENTRIES = 10_050;

  it('streams every entry, newest first', async () => {
    const start = t.clock.now();
    const { id } = await t.db.kysely
      .selectFrom('operators')
      .select('id')
      .where('email', '=', admin.email)
      .executeTakeFirstOrThrow();
    await t.db.kysely.transaction().execute(async (trx) => {
      for (let n = 0; n < ENTRIES; n++) {
        await recordOperatorAction(trx, {
          at: start + n,
          operator: { id, email: admin.email },
          action: 'developer.unlocked',
          target: `dev${String(n)}@example.com`,
          ip: '198.51.100.1',
        });
      }
    });
    const res = await admin.client.request(
      'GET',
      `${OpsApiPaths.auditCsv}?action=developer.unlocked`,
    );
    expect(res.status).toBe(200);
    const lines = (await res.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(ENTRIES + 1);
    expect(lines[1]).toContain(`dev${String(ENTRIES - 1)}@example.com`);
    expect(lines.at(-1)).toContain('dev0@example.com');
  }, 120_000);
});

describe('an export of the audit', () => {
  it('is itself in the audit: who, when, which export with which filters', async () => {
    const query = '?action=proof.accepted&operator=someone%40example.com';
    const res = await admin.client.request('GET', `${OpsApiPaths.auditCsv}${query}`);
    expect(res.status).toBe(200);
    await res.text();
    const last = await t.db.kysely
      .selectFrom('operatorAudit')
      .select(['at', 'operatorEmail', 'action', 'target', 'details'])
      .orderBy('seq', 'desc')
      .executeTakeFirst();
    const { details, ...entry } = last ?? { details: '' };
    expect(entry).toEqual({
      at: t.clock.now(),
      operatorEmail: admin.email,
      action: 'audit.exported',
      target: OpsMessages.audit.csvFileName,
    });
    expect(JSON.parse(details)).toEqual({
      action: 'proof.accepted',
      operator: 'someone@example.com',
    });
  });
});
