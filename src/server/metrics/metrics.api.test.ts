import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiPaths } from '../../contract/api-paths.js';
import { ipFieldName } from '../../contract/rules.js';
import {
  createDeveloper,
  primedClient,
  signIn,
  signupBody,
} from '../../../test/support/accounts.js';
import { createApp, signedInDeveloper } from '../../../test/support/apps.js';
import { resendProof, testProofsDeps } from '../../../test/support/proofs.js';
import { rejectProof } from '../admin/proofs.js';
import { freePort } from '../../../test/support/free-port.js';
import { makePdf } from '../../../test/support/png.js';
import { parseSamples, samplesOf, valueOf, type Sample } from '../../../test/support/prometheus.js';
import { startTestApp, type TestApp } from '../../../test/support/test-app.js';
import { SignInLimits } from '../../contract/limits.js';
import { MailJob } from '../mail/mail-job.js';

const engine = process.env.TEST_DB ?? 'sqlite';
// Sign-ins hash with argon2id; a loaded 2-core machine needs headroom.
vi.setConfig({ testTimeout: 30_000 });
const TOKEN = 'metrics-token-'.padEnd(40, 'x');

async function scrape(url: string, token = TOKEN): Promise<Sample[]> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseSamples(await res.text());
}

describe(`metrics behind a token on the main port (${engine})`, () => {
  let t: TestApp;
  const metricsUrl = () => `${t.baseUrl}/metrics`;

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN } });
  });

  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['no token', {}],
    ['a wrong token', { authorization: `Bearer ${TOKEN}y` }],
    ['the token without Bearer', { authorization: TOKEN }],
  ])('refuses %s with 401', async (_name, headers: Record<string, string>) => {
    const res = await fetch(metricsUrl(), { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(await res.text()).not.toContain('portal_');
  });

  it('counts sign-ins by outcome, lockouts and codes sent by purpose', async () => {
    const before = await scrape(metricsUrl());
    const count = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
      valueOf(samples, name, labels) ?? Number.NaN;
    const dev = await createDeveloper(t);
    const unverified = await createDeveloper(t, { verified: false });
    const client = await primedClient(t);
    expect((await signIn(client, dev.email, dev.password)).status).toBe(200);
    expect((await signIn(client, unverified.email, unverified.password)).status).toBe(403);
    for (let n = 0; n < SignInLimits.deviceFreeFailures; n++) {
      expect((await signIn(client, dev.email, 'Wr0ng!Pass')).status).toBe(401);
    }
    expect((await signIn(client, dev.email, dev.password)).status).toBe(429);
    const forgot = await client.json('POST', ApiPaths.forgotPassword, {
      json: { email: dev.email },
    });
    expect(forgot.status).toBe(200);
    // The reset code is issued by the queued job, after the answer.
    await t.drainJobs();

    const after = await scrape(metricsUrl());
    const grew = (name: string, labels: Record<string, string> = {}) =>
      count(after, name, labels) - count(before, name, labels);
    expect(grew('portal_signins_total', { outcome: 'success' })).toBe(1);
    expect(grew('portal_signins_total', { outcome: 'unverified' })).toBe(1);
    expect(grew('portal_signins_total', { outcome: 'bad_credentials' })).toBe(
      SignInLimits.deviceFreeFailures,
    );
    expect(grew('portal_signins_total', { outcome: 'locked' })).toBe(1);
    expect(grew('portal_signin_lockouts_total')).toBe(1);
    expect(grew('portal_codes_sent_total', { purpose: 'verify' })).toBe(2);
    expect(grew('portal_codes_sent_total', { purpose: 'reset' })).toBe(1);
  });

  it('counts and times requests by route pattern and status, never by raw URL', async () => {
    const dev = await signedInDeveloper(t);
    const id = await createApp(dev.client);
    expect((await dev.client.json('GET', ApiPaths.app(id))).status).toBe(200);
    expect((await dev.client.json('GET', ApiPaths.app(`${id}x`))).status).toBe(404);

    const samples = await scrape(metricsUrl());
    const route = ApiPaths.appPattern;
    expect(
      valueOf(samples, 'portal_http_requests_total', { method: 'GET', route, status: '200' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'portal_http_requests_total', { method: 'GET', route, status: '404' }),
    ).toBeGreaterThanOrEqual(1);
    expect(
      valueOf(samples, 'portal_http_request_duration_seconds_count', {
        method: 'POST',
        route: ApiPaths.signin,
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(samples.some((sample) => sample.labels.route?.includes(id) === true)).toBe(false);
  });

  it('reports proofs waiting for an operator, aged by when each document was sent', async () => {
    const first = await signedInDeveloper(t);
    const second = await signedInDeveloper(t);
    const claim = async (ip: string) => {
      await createApp(first.client, { ipRecords: ip });
      return createApp(second.client, {
        ipRecords: ip,
        ipAddressDuplicateSkip: 'true',
        [ipFieldName(ip)]: { bytes: makePdf(), name: 'proof.pdf' },
      });
    };
    const resent = await claim('60.0.0.1');
    const unsent = await claim('60.0.0.2');
    t.clock.advance(3 * 60_000);
    const proofs = testProofsDeps(t);
    for (const [id, ip] of [
      [resent, '60.0.0.1'],
      [unsent, '60.0.0.2'],
    ] as const) {
      expect(await rejectProof(proofs, proofs.actor, id, ip, 'Unreadable scan.')).toBe(true);
    }
    t.clock.advance(2 * 60_000);
    const again = await resendProof(second.client, resent, '60.0.0.1');
    expect(again.status).toBe(200);
    t.clock.advance(90_000);

    // The one waiting for a new document waits for its developer, not for an operator.
    const samples = await scrape(metricsUrl());
    expect(valueOf(samples, 'portal_proofs_pending')).toBe(1);
    expect(valueOf(samples, 'portal_proofs_pending_oldest_age_seconds')).toBe(90);
  });

  it('reports the event-loop lag, process metrics and, on PostgreSQL, the pool', async () => {
    const samples = await scrape(metricsUrl());
    expect(samplesOf(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(valueOf(samples, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    const pool = valueOf(samples, 'portal_db_pool_connections');
    if (engine === 'postgres') {
      expect(pool).toBeGreaterThanOrEqual(1);
      expect(valueOf(samples, 'portal_db_pool_idle_connections')).toBeGreaterThanOrEqual(0);
      expect(valueOf(samples, 'portal_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    } else {
      expect(pool).toBeUndefined();
    }
  });
});

describe(`metrics on a port of their own (${engine})`, () => {
  let t: TestApp;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await startTestApp({ env: { METRICS_PORT: String(metricsPort) } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers there, on loopback, and not on the main port', async () => {
    const samples = await scrape(`http://127.0.0.1:${String(metricsPort)}/metrics`, '');
    expect(samplesOf(samples, 'portal_signins_total')).toHaveLength(4);
    const main = await fetch(`${t.baseUrl}/metrics`);
    expect(main.status).toBe(404);
  });

  it('closes with the app', async () => {
    const other = await freePort();
    const app = await startTestApp({ env: { METRICS_PORT: String(other) } });
    await app.close();
    await expect(fetch(`http://127.0.0.1:${String(other)}/metrics`)).rejects.toThrow();
  });
});

describe(`metrics by default (${engine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('do not exist on the public port', async () => {
    const res = await fetch(`${t.baseUrl}/metrics`, {
      headers: { authorization: 'Bearer anything' },
    });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('portal_');
  });
});

describe(`per-IP rate-limit refusals (${engine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMIT_PER_MINUTE: '1' } });
  });

  afterAll(async () => {
    await t.close();
  });

  it('are counted by route', async () => {
    const client = await primedClient(t);
    expect((await signIn(client, 'nobody@example.com', 'x')).status).not.toBe(429);
    expect((await signIn(client, 'nobody@example.com', 'x')).status).toBe(429);

    const samples = await scrape(`${t.baseUrl}/metrics`);
    expect(valueOf(samples, 'portal_rate_limit_refusals_total', { route: ApiPaths.signin })).toBe(
      1,
    );
  });
});

describe(`metrics of the job queue (${engine})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    // Nothing listens on this port: every mail try fails, as with SMTP down.
    const closedPort = await freePort();
    t = await startTestApp({
      env: {
        METRICS_TOKEN: TOKEN,
        SMTP_URL: `smtp://127.0.0.1:${String(closedPort)}`,
        JOBS_RETRY_BASE_MS: '1',
        JOBS_RETRY_MAX_MS: '1',
      },
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it('reports open jobs, the age of the oldest, and failures by kind', async () => {
    const client = await primedClient(t);
    const signup = await client.json('POST', ApiPaths.signup, { json: signupBody() });
    expect(signup.status).toBe(201);
    await t.drainJobs();
    t.clock.advance(60_000);

    const waiting = await scrape(`${t.baseUrl}/metrics`);
    expect(valueOf(waiting, 'portal_jobs_open')).toBe(1);
    expect(valueOf(waiting, 'portal_jobs_oldest_open_age_seconds')).toBeGreaterThanOrEqual(60);
    expect(valueOf(waiting, 'portal_jobs_failed', { kind: 'mail.send' })).toBeUndefined();

    // Every later try is due a millisecond after the one before fails.
    for (let tries = 1; tries < MailJob.maxAttempts; tries++) {
      t.clock.advance(10);
      await t.drainJobs();
    }
    const failed = await scrape(`${t.baseUrl}/metrics`);
    expect(valueOf(failed, 'portal_jobs_open')).toBe(0);
    expect(valueOf(failed, 'portal_jobs_oldest_open_age_seconds')).toBe(0);
    expect(valueOf(failed, 'portal_jobs_failed', { kind: 'mail.send' })).toBe(1);
  });
});
