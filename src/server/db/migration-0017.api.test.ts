import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useOlderSchema } from '../../../test/support/older-schema.js';
import { migrateToLatest } from './migrate.js';

// Migration 0017 (decision 047): applications an operator paused before holds existed are
// held with that pause's reason; stored proof documents take their record's time as sent.
const schema = useOlderSchema();

describe(`migration 0017-operator-hold (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('holds what an operator paused last, and dates the stored proofs', async () => {
    const plain = await schema.migrateBefore('0017-operator-hold');
    const db = schema.current();
    await sql`insert into developers (id, email, email_normalized, name, mobile, state,
      created_at, updated_at) values ('d1', 'a@example.com', 'a@example.com', 'A', '+910000000000',
      'Goa', 1, 1)`.execute(plain);
    // held: paused by an operator; mine: resumed by an operator, then paused by its developer.
    for (const [id, isActive] of [
      ['held', 0],
      ['mine', 0],
    ] as const) {
      await sql`insert into applications (id, owner_id, name, logo_url, callback_url,
        allowed_users, description, is_active, renewal_at, created_at, updated_at)
        values (${id}, 'd1', 'App', '/i.png', 'https://x.example/cb', 'C1', '', ${isActive}, 1, 1,
        1)`.execute(plain);
    }
    const audit = [
      [10, 'held', 'application.paused', 'First reason'],
      [20, 'mine', 'application.paused', 'Old'],
      [30, 'held', 'application.resumed', 'Cleared'],
      [40, 'held', 'application.paused', 'Breaks the rules'],
      [50, 'mine', 'application.resumed', 'Cleared'],
    ] as const;
    for (const [at, applicationId, action, reason] of audit) {
      await sql`insert into operator_audit (at, operator_id, operator_email, action,
        developer_id, application_id, target, reason, details, ip) values (${at}, 'o1',
        'op@example.com', ${action}, 'd1', ${applicationId}, 'App', ${reason}, '{}',
        '127.0.0.1')`.execute(plain);
    }
    await sql`insert into ip_records (application_id, ip, family_pending, admin_accept,
      document_key, created_at) values ('held', '10.0.0.1', 1, 0, 'doc.pdf', 7),
      ('held', '10.0.0.2', 0, 0, null, 8)`.execute(plain);

    expect(await migrateToLatest(db.kysely)).toContain('0017-operator-hold');

    const apps = await db.kysely
      .selectFrom('applications')
      .select(['id', 'isActive', 'operatorHoldReason', 'operatorHoldAt'])
      .orderBy('id')
      .execute();
    expect(apps).toEqual([
      { id: 'held', isActive: 0, operatorHoldReason: 'Breaks the rules', operatorHoldAt: 40 },
      { id: 'mine', isActive: 0, operatorHoldReason: null, operatorHoldAt: null },
    ]);
    const ips = await db.kysely
      .selectFrom('ipRecords')
      .select(['ip', 'documentSentAt'])
      .orderBy('ip')
      .execute();
    expect(ips).toEqual([
      { ip: '10.0.0.1', documentSentAt: 7 },
      { ip: '10.0.0.2', documentSentAt: null },
    ]);
  });
});
