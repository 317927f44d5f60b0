import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectErrorLog, takeUnexpectedErrorLines } from '../../../test/support/error-log.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const BROKEN = '/test-only/broken';
let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({
    extend: (app) =>
      app.get(BROKEN, () => {
        throw new Error('a bug');
      }),
  });
});

afterAll(async () => {
  await t.close();
});

describe(`error log lines in API tests (${process.env.TEST_DB ?? 'sqlite'})`, () => {
  it('reports an error line the test did not declare, so the test fails', async () => {
    expect((await fetch(t.baseUrl + BROKEN)).status).toBe(500);
    const lines = takeUnexpectedErrorLines();
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({
      level: 50,
      msg: 'request failed',
      err: { message: 'a bug' },
    });
  });

  it('lets through the lines a test declares', async () => {
    expectErrorLog(/^request failed$/);
    expect((await fetch(t.baseUrl + BROKEN)).status).toBe(500);
    expect(takeUnexpectedErrorLines()).toEqual([]);
  });
});
