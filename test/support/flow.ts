import { expect } from 'vitest';
import { DevPaths } from '../../src/contract/api-paths.js';
import { uniqueEmail } from './accounts.js';
import { HttpClient } from './http-client.js';
import type { TestApp } from './test-app.js';

let counter = 0;

/**
 * A fresh hand-off identity as the embedded provider's form takes it; its e-mail verified
 * (the ticked box) unless `emailVerified` is false.
 */
export function flowIdentity({ emailVerified = true } = {}): Record<string, string> & {
  client_code: string;
  name: string;
  email: string;
} {
  counter += 1;
  return {
    client_code: `CC${Date.now()}${counter}`,
    name: 'Ravi Kumar',
    email: uniqueEmail(),
    ...(emailVerified ? { email_verified: 'true' } : {}),
  };
}

/** POSTs the embedded provider's form and answers the token from the redirect. */
export async function tokenFromForm(app: TestApp, fields: Record<string, string>) {
  const res = await new HttpClient(app.baseUrl).request('POST', DevPaths.flow, {
    body: new URLSearchParams({ applicationId: 'developer-portal', ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe(
    `${app.config.publicUrl}/flow-login-callback`,
  );
  return location.searchParams.get('auth') ?? '';
}
