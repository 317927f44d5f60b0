import { sql, type Kysely } from 'kysely';
import type { Database } from '../src/server/db/schema.js';

export interface GrowthSeed {
  readonly developers: number;
  readonly appsPerDeveloper: number;
  readonly ipsPerApp: number;
}

/** 1,000,000 IP records on 200,000 applications of 50,000 developers. */
export const GROWTH_SEED: GrowthSeed = { developers: 50_000, appsPerDeveloper: 4, ipsPerApp: 5 };

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Fills a migrated PostgreSQL database in three INSERT ... SELECT statements over
 * generate_series: the rows are made inside the server, nothing crosses the wire. Every
 * 20th IP record repeats an IP of the developer before, family-pending, as real
 * duplicates are. Then ANALYZE, so the planner knows the sizes.
 */
export async function seedGrowth(
  db: Kysely<Database>,
  seed: GrowthSeed,
  passwordHash: string,
  now: number,
): Promise<void> {
  const apps = seed.developers * seed.appsPerDeveloper;
  const ips = apps * seed.ipsPerApp;
  const ipsPerDeveloper = seed.appsPerDeveloper * seed.ipsPerApp;
  await sql`
    insert into developers (id, email, email_normalized, name, mobile, state, password_hash,
      verified_at, client_code, failed_sign_ins, locked_until, tokens_valid_after,
      created_at, updated_at)
    select 'seed-dev-' || n, 'seed-' || n || '@example.com', 'seed-' || n || '@example.com',
      'Seed Developer', '+919876543210', 'Goa', ${passwordHash}, ${now}::bigint, null, 0, null,
      0, ${now}::bigint, ${now}::bigint
    from generate_series(1, ${seed.developers}::int) as n`.execute(db);
  await sql`
    insert into applications (id, owner_id, name, algo_id, logo_url, logo_key, callback_url,
      postback_url, allowed_users, description, is_active, renewal_at,
      ips_changed_at, created_at, updated_at)
    select 'seed-app-' || n, 'seed-dev-' || ((n - 1) / ${seed.appsPerDeveloper}::int + 1),
      'Seed App ' || n, null, '/default-app-icon.png', null, 'https://example.com/callback',
      null, 'CLIENT1', '', 1,
      ${now + 365 * DAY_MS}::bigint, null, ${now}::bigint - n, ${now}::bigint - n
    from generate_series(1, ${apps}::int) as n`.execute(db);
  // Plain, as an older version stored them: the server seals them when it starts (decision 024).
  await sql`
    insert into plain_api_keys (application_id, api_key)
    select 'seed-app-' || n, md5('key-' || n) || md5('api-' || n)
    from generate_series(1, ${apps}::int) as n`.execute(db);
  await sql`
    insert into ip_records (application_id, ip, family_pending, admin_accept, document_key,
      created_at)
    select 'seed-app-' || ((n - 1) / ${seed.ipsPerApp}::int + 1),
      '10.' || ((m >> 16) & 255) || '.' || ((m >> 8) & 255) || '.' || (m & 255),
      case when m = n then 0 else 1 end, 0, null, ${now}::bigint
    from generate_series(1, ${ips}::int) as n,
      lateral (select case when n % 20 = 0 and n > ${ipsPerDeveloper}::int
        then n - ${ipsPerDeveloper + 7}::int else n end as m) as duplicate`.execute(db);
  await sql`analyze`.execute(db);
}
