import { connect } from 'node:net';
import { availableParallelism } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog } from '../../../test/support/error-log.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { Messages } from '../../contract/messages.js';
import { createDeveloper, primedClient } from '../../../test/support/accounts.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

let t: TestApp;

beforeAll(async () => {
  // No waiting at all: a sign-in that finds every hashing thread busy is refused at once.
  t = await startTestApp({ env: { HASH_QUEUE_MAX: '0' } });
});

afterAll(async () => {
  await t.close();
});

describe(`a storm of sign-ins (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('answers 503 with Retry-After while every hashing thread is busy and the queue is full, counting no try', async () => {
    // Each refused sign-in's 503 is logged as an error for the operator.
    expectErrorLog(/^request failed$/);
    const developer = await createDeveloper(t);
    const client = await primedClient(t);
    // Checks against a hash that claims a 30 times higher time cost hold every thread for
    // a while (the parameters come from the hash), as a storm of sign-ins would.
    const stored = await hashPassword('Str0ng!Pass');
    const slow = stored.replace(',t=2,', ',t=60,');
    // Two per thread: the pool hands each thread the task it hashes and the next one.
    const storm = Array.from({ length: 2 * Math.max(1, availableParallelism()) }, () =>
      verifyPassword(slow, 'Str0ng!Pass'),
    );
    const refused = await client.json('POST', ApiPaths.signin, {
      json: { email: developer.email, password: developer.password },
    });
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body).toEqual({
      status: 'error',
      code: 'unavailable',
      message: Messages.auth.hashingBusy(5),
    });
    // Refused for load, the sign-in cost the developer no try.
    const counts = await t.db.kysely
      .selectFrom('developers')
      .select('failedSignIns')
      .where('email', '=', developer.email)
      .executeTakeFirstOrThrow();
    expect(counts.failedSignIns).toBe(0);
    expect(await t.db.kysely.selectFrom('signInThrottles').selectAll().execute()).toEqual([]);
    expect(await Promise.all(storm)).toEqual(storm.map(() => false));
    // Once the threads are free the same sign-in goes through.
    const later = await client.json('POST', ApiPaths.signin, {
      json: { email: developer.email, password: developer.password },
    });
    expect(later.status).toBe(200);
  });

  it('closes a connection that goes silent in the middle of its headers (slowloris)', async () => {
    const strict = await startTestApp({ env: { SOCKET_IDLE_SECONDS: '1' } });
    const url = new URL(strict.baseUrl);
    const socket = connect(Number(url.port), url.hostname);
    const started = Date.now();
    socket.write('POST /api/v1/signin HTTP/1.1\r\nHost: x\r\nContent-Le');
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(Date.now() - started).toBeLessThan(5000);
    await strict.close();
  });
});
