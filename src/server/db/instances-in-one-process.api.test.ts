import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let one: TestApp;
let other: TestApp;

beforeAll(async () => {
  one = await startTestApp();
  other = await startTestApp({ sameDatabaseAs: one, clock: one.clock });
});

afterAll(async () => {
  await other.close();
  await one.close();
});

const engine = process.env.TEST_DB ?? 'sqlite';

// Tests run two instances on one database inside one process. On SQLite a second connection
// in the same thread would wait for the first one's write lock in busy_timeout, holding the
// thread that the first one needs to finish: the wait ends in "database is locked".
describe(`two instances on one database in one process (${engine})`, () => {
  it('let one write while the other holds a transaction open across an await', async () => {
    const order: string[] = [];
    let release: () => void = () => undefined;
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = other.db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      entered();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      order.push('held');
    });
    await inside;
    const second = one.db.kysely.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      order.push('second');
    });
    setTimeout(() => release(), 50);
    await Promise.all([held, second]);
    // PostgreSQL runs the two side by side; SQLite runs the second after the first.
    expect(order.sort()).toEqual(['held', 'second']);
  });
});
