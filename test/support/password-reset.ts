import { expect } from 'vitest';
import { ApiPaths } from '../../src/contract/api-paths.js';
import { createDeveloper, mailedCode, primedClient, type TestDeveloper } from './accounts.js';
import type { TestApp } from './test-app.js';

/** Meets the policy and differs from accounts.PASSWORD. */
export const NEW_PASSWORD = 'N3w!Passw0rd';

/** Asks for a reset code and lets the queue finish the work the request queued. */
export async function forgot(t: TestApp, email: string) {
  const client = await primedClient(t);
  const res = await client.json('POST', ApiPaths.forgotPassword, { json: { email } });
  await t.drainJobs();
  return res;
}

export async function checkResetCode(t: TestApp, email: string, code: string) {
  const client = await primedClient(t);
  return client.json('POST', ApiPaths.forgotPasswordVerify, { json: { email, code } });
}

export async function resetPassword(
  t: TestApp,
  email: string,
  code: string,
  password = NEW_PASSWORD,
) {
  const client = await primedClient(t);
  return client.json('POST', ApiPaths.forgotPasswordConfirm, { json: { email, code, password } });
}

/** A verified developer with a reset code in the mailbox, 60 s after the sign-up code. */
export async function withResetCode(t: TestApp): Promise<TestDeveloper & { code: string }> {
  const dev = await createDeveloper(t);
  t.clock.advance(60_000);
  const res = await forgot(t, dev.email);
  expect(res.status).toBe(200);
  return { ...dev, code: await mailedCode(t, dev.email) };
}
