import { sql, type Kysely } from 'kysely';

// An operator's pause of its own, apart from the developer's `is_active`; the proof queue's
// order by when the document was sent; operators' failed sign-ins counted by e-mail, known or
// not (docs/decisions/047-operator-hold-and-sign-in.md).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('applications').addColumn('operator_hold_reason', 'text').execute();
  await db.schema.alterTable('applications').addColumn('operator_hold_at', 'bigint').execute();
  // An application an operator paused before this version is held with that pause's reason.
  const lastStatus = (column: 'reason' | 'at' | 'action') =>
    sql.raw(
      `(select a.${column} from operator_audit a where a.application_id = applications.id ` +
        `and a.action in ('application.paused', 'application.resumed') order by a.seq desc limit 1)`,
    );
  await sql`update applications set operator_hold_reason = ${lastStatus('reason')},
    operator_hold_at = ${lastStatus('at')}
    where is_active = 0 and ${lastStatus('action')} = 'application.paused'`.execute(db);

  await db.schema.alterTable('ip_records').addColumn('document_sent_at', 'bigint').execute();
  await sql`update ip_records set document_sent_at = created_at where document_key is not null`.execute(
    db,
  );
  // The queue and the metrics scrape read only the proofs waiting for a decision.
  await db.schema
    .createIndex('ip_records_waiting_proof_idx')
    .on('ip_records')
    .column('document_sent_at')
    .where(sql.ref('family_pending'), '=', 1)
    .where(sql.ref('admin_accept'), '=', 0)
    .execute();

  await db.schema
    .createTable('operator_sign_in_throttles')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failed_sign_ins', 'integer', (col) => col.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_failed_sign_in_at', 'bigint', (col) => col.notNull())
    .execute();
}
