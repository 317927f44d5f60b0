import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useOlderSchema } from '../../../test/support/older-schema.js';
import { migrateToLatest } from './migrate.js';

// Migration 0009 (decision 024): the plain keys of an older version wait, untouched, in
// plain_api_keys for the start that seals them, and the plain column leaves applications.
const schema = useOlderSchema();

describe(`migration 0009-api-keys (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('sets every plain key aside for sealing and drops the plain column', async () => {
    const plain = await schema.migrateBefore('0009-api-keys');
    const db = schema.current();
    await sql`insert into developers (id, email, email_normalized, name, mobile, state,
      created_at, updated_at) values ('d1', 'a@example.com', 'a@example.com', 'A', '+910000000000',
      'Goa', 1, 1)`.execute(plain);
    for (const [id, key] of [
      ['app1', 'plain-key-one'],
      ['app2', 'plain-key-two'],
    ] as const) {
      await sql`insert into applications (id, owner_id, name, logo_url, callback_url,
        allowed_users, description, is_active, api_key, renewal_at, created_at, updated_at)
        values (${id}, 'd1', 'App', '/i.png', 'https://x.example/cb', 'C1', '', 1, ${key}, 1, 1,
        1)`.execute(plain);
    }

    expect((await migrateToLatest(db.kysely))[0]).toBe('0009-api-keys');

    const waiting = await db.kysely
      .selectFrom('plainApiKeys')
      .select(['applicationId', 'apiKey'])
      .orderBy('applicationId')
      .execute();
    expect(waiting).toEqual([
      { applicationId: 'app1', apiKey: 'plain-key-one' },
      { applicationId: 'app2', apiKey: 'plain-key-two' },
    ]);
    const columns = (await db.kysely.introspection.getTables())
      .find((table) => table.name === 'applications')
      ?.columns.map((column) => column.name);
    expect(columns).not.toContain('api_key');
    expect(await db.kysely.selectFrom('apiKeys').select('id').execute()).toEqual([]);
  });
});
