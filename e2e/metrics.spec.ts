import { ApiPaths } from '../src/contract/api-paths.js';
import { parseSamples, samplesOf, valueOf, type Sample } from '../test/support/prometheus.js';
import { newDeveloper } from './support/accounts.js';
import { expect, test } from './support/fixtures.js';
import { waitForCode } from './support/mailbox.js';
import { isPath } from './support/paths.js';
import { fillSignup, otpScreen, signInWithForm, signupScreen } from './support/screens.js';
import { E2E_ENV } from './support/server-env.js';

// After a short journey through the screens, /metrics (behind the token the e2e
// server is configured with) answers with the listed series, counted.

test('after sign-up, verification and sign-in, /metrics counts them', async ({ page, request }) => {
  const developer = newDeveloper();
  await page.goto('/signup');
  await fillSignup(page, developer);
  await signupScreen(page).signUp.click();
  await expect(page).toHaveURL(isPath('/verify-otp'));
  const code = await waitForCode(request, developer.email);
  await otpScreen(page).code.fill(code);
  await otpScreen(page).validate.click();
  await expect(page).toHaveURL(isPath('/login'));
  await signInWithForm(page, developer.email, developer.password);
  await expect(page).toHaveURL(isPath('/create-new-app'));

  const refused = await request.get('/metrics', { failOnStatusCode: false });
  expect(refused.status()).toBe(401);
  const response = await request.get('/metrics', {
    headers: { authorization: `Bearer ${E2E_ENV.METRICS_TOKEN}` },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  const text = await response.text();
  // Counted only when a limit refuses; the series is declared from the start.
  expect(text).toContain('# TYPE portal_rate_limit_refusals_total counter');
  const samples: Sample[] = parseSamples(text);
  const count = (name: string, labels: Record<string, string> = {}) =>
    valueOf(samples, name, labels) ?? 0;

  for (const [path, status] of [
    [ApiPaths.signup, '201'],
    [ApiPaths.confirm, '200'],
    [ApiPaths.signin, '200'],
  ] as const) {
    const labels = { method: 'POST', route: path, status };
    expect(count('portal_http_requests_total', labels), path).toBeGreaterThan(0);
    expect(count('portal_http_request_duration_seconds_count', labels), path).toBeGreaterThan(0);
  }
  expect(count('portal_signins_total', { outcome: 'success' })).toBeGreaterThan(0);
  expect(count('portal_codes_sent_total', { purpose: 'verify' })).toBeGreaterThan(0);
  expect(samplesOf(samples, 'portal_signins_total', { outcome: 'bad_credentials' })).toHaveLength(
    1,
  );
  expect(samplesOf(samples, 'portal_signin_lockouts_total')).toHaveLength(1);
  expect(samplesOf(samples, 'portal_proofs_pending')).toHaveLength(1);
  expect(samplesOf(samples, 'portal_proofs_pending_oldest_age_seconds')).toHaveLength(1);
  // The job queue: its mail went out during the journey, so nothing is left open.
  expect(samplesOf(samples, 'portal_jobs_open')).toHaveLength(1);
  expect(samplesOf(samples, 'portal_jobs_oldest_open_age_seconds')).toHaveLength(1);
  expect(text).toContain('# TYPE portal_jobs_failed gauge');
  // Measured once, in seconds: an idle portal's loop answers within a second.
  expect(samplesOf(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
  expect(count('nodejs_eventloop_lag_seconds')).toBeLessThan(1);
  expect(samplesOf(samples, 'nodejs_eventloop_lag_p99_seconds')).toHaveLength(1);
  expect(count('process_resident_memory_bytes')).toBeGreaterThan(0);
  // Route patterns only: no sample names a developer's address or any raw URL.
  expect(samples.some((sample) => JSON.stringify(sample.labels).includes('@'))).toBe(false);
});
