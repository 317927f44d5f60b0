import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppCreateLimits } from '../../contract/limits.js';
import { Messages } from '../../contract/messages.js';
import {
  appCount,
  appFields,
  createApp,
  postApp,
  signedInDeveloper,
  signInAgain,
} from '../../../test/support/apps.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';

const DB = process.env.TEST_DB ?? 'sqlite';
const CREATES = 3;

describe(`application creates per developer (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { APP_CREATES_PER_HOUR: String(CREATES) } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('allows a few creates per window, then 429 until the window ends', async () => {
    const dev = await signedInDeveloper(t);
    for (let n = 0; n < CREATES; n++) await createApp(dev.client);
    const other = await signedInDeveloper(t);
    await createApp(other.client);

    const refused = await postApp(dev.client, appFields());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'error', code: 'rate_limited' });
    const seconds = Number(refused.headers.get('retry-after'));
    expect(seconds).toBeGreaterThan(0);
    expect(refused.body.message).toBe(Messages.apps.tooManyCreates(seconds));
    expect(await appCount(t, dev.id)).toBe(CREATES);

    t.clock.advance(AppCreateLimits.createWindowMs);
    await signInAgain(dev);
    await createApp(dev.client);
  });
});

describe(`application creates per client IP (${DB})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '2' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('counts every developer of one address against RATE_LIMIT_PER_MINUTE', async () => {
    const first = await signedInDeveloper(t);
    const second = await signedInDeveloper(t);
    await createApp(first.client);
    await createApp(second.client);

    const refused = await postApp(first.client, appFields());
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ status: 'error', code: 'rate_limited' });
    expect(await appCount(t, first.id)).toBe(1);
  });
});
