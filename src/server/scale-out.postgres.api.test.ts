import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '../contract/api-paths.js';
import { ICON_FIELD, ICON_UPLOAD_NAME, type ApplicationResponse } from '../contract/apps.js';
import type { AuthResponse } from '../contract/auth.js';
import { ipFieldName } from '../contract/rules.js';
import { randomBytes } from 'node:crypto';
import { PASSWORD, uniqueEmail } from '../../test/support/accounts.js';
import { appFields, form, type FormValue } from '../../test/support/apps.js';
import { HttpClient } from '../../test/support/http-client.js';
import { makePdf, makePng } from '../../test/support/png.js';
import { verifiedDeveloper } from '../../test/support/portal-child.js';
import { startProcessPair, type ProcessPair } from '../../test/support/process-pair.js';
import type { RoundRobinProxy } from '../../test/support/round-robin-proxy.js';

// Two instances, each the real entry point in a process of its own, on one PostgreSQL
// behind a round-robin balancer. Every call of a client alternates between them, so each
// step below is answered by the other instance than the step before. (PostgreSQL only:
// embedded SQLite mode is one instance.)

const LIMIT = 12;
const DAY_MS = 24 * 60 * 60 * 1000;
let proxy: RoundRobinProxy;
let pair: ProcessPair;

beforeAll(async () => {
  // One proxy hop, the balancer's; the limit is low enough to reach, high enough for set-up.
  const env = {
    TRUST_PROXY: '1',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    IP_CHANGE_COOLDOWN_DAYS: '15',
  };
  pair = await startProcessPair(env);
  ({ proxy } = pair);
}, 120_000);

afterAll(async () => {
  await pair.close();
});

/** A verified, signed-in developer whose every call went through the balancer. */
async function developerThroughProxy() {
  const { email } = await verifiedDeveloper(proxy.baseUrl);
  const client = new HttpClient(proxy.baseUrl);
  await client.prime();
  const signin = await client.json<AuthResponse>('POST', ApiPaths.signin, {
    json: { email, password: PASSWORD },
  });
  expect(signin.status).toBe(200);
  client.bearer = signin.body.user_status.AuthenticationResult.AccessToken;
  client.stepUpProof = { password: PASSWORD };
  return { client, email, auth: signin.body };
}

function withProof(ip: string): Record<string, FormValue> {
  return {
    ipAddressDuplicateSkip: 'true',
    [ipFieldName(ip)]: { bytes: makePdf(), name: 'proof.pdf', type: 'application/pdf' },
  };
}

describe('two instance processes on one PostgreSQL behind a round-robin balancer', () => {
  it('signs up on one and verifies on the other; signs in on one and refreshes on the other', async () => {
    const before = [...proxy.served];
    const dev = await developerThroughProxy();
    const refresh = await dev.client.json<AuthResponse>('POST', ApiPaths.refresh, {
      json: {
        refresh_token: dev.auth.user_status.AuthenticationResult.RefreshToken,
        id: dev.auth.profile.UserAttributes[0]?.Value,
      },
    });
    expect(refresh.status).toBe(200);
    dev.client.bearer = refresh.body.user_status.AuthenticationResult.AccessToken;
    expect((await dev.client.json('GET', ApiPaths.apps)).status).toBe(200);
    // Both instances answered part of it.
    expect(proxy.served[0]).toBeGreaterThan(before[0] ?? 0);
    expect(proxy.served[1]).toBeGreaterThan(before[1] ?? 0);
  });

  it('serves an icon and a proof uploaded on one instance from both', async () => {
    const owner = await developerThroughProxy();
    const ip = '192.0.2.77';
    await owner.client.json('POST', ApiPaths.createApp, {
      body: form(appFields({ ipRecords: ip })),
    });
    const claimant = await developerThroughProxy();
    const [r = 0, g = 0, b = 0] = randomBytes(3);
    const icon = makePng(55, 55, [r, g, b]);
    const created = await claimant.client.json('POST', ApiPaths.createApp, {
      body: form({
        ...appFields({ ipRecords: ip }),
        ...withProof(ip),
        [ICON_FIELD]: { bytes: icon, name: ICON_UPLOAD_NAME, type: 'image/png' },
      }),
    });
    expect(created.status).toBe(201);
    const id = String(created.body.applicationId);
    const app = await claimant.client.json<ApplicationResponse>('GET', ApiPaths.app(id));
    const documentUrl = app.body.ipRecordsWithFamilyPending[0]?.documentUrl ?? '';

    for (let round = 0; round < 2; round++) {
      const iconAnswer = await fetch(new URL(app.body.logoUrl, proxy.baseUrl));
      expect(iconAnswer.status).toBe(200);
      expect(Buffer.from(await iconAnswer.arrayBuffer()).equals(icon)).toBe(true);
      const documentAnswer = await fetch(new URL(documentUrl, proxy.baseUrl));
      expect(documentAnswer.status).toBe(200);
      expect(Buffer.from(await documentAnswer.arrayBuffer()).equals(makePdf())).toBe(true);
    }
  });

  it('holds the per-IP limit in total, and a client cannot pick its own bucket', async () => {
    const client = new HttpClient(proxy.baseUrl);
    await client.prime();
    const statuses: number[] = [];
    for (let n = 0; n < LIMIT + 2; n++) {
      const res = await client.json('POST', ApiPaths.forgotPassword, {
        // A fresh address per call: forgotPassword also limits each typed address.
        json: { email: uniqueEmail() },
        // A fresh address of its choosing on every call: the balancer appends the real one.
        headers: { 'x-forwarded-for': `198.18.0.${String(n + 1)}` },
      });
      statuses.push(res.status);
    }
    // The balancer's own address (loopback) is the client: one bucket for all 14 calls.
    expect(statuses.slice(0, LIMIT).every((status) => status === 200)).toBe(true);
    expect(statuses.slice(LIMIT)).toEqual([429, 429]);
  });

  it('keeps the IP rules under parallel creates and 20 parallel changes over both instances', async () => {
    const ip = '192.0.2.88';
    const developers = await Promise.all(Array.from({ length: 3 }, developerThroughProxy));
    // Three creates per developer claim one new IP, none with a proof. All come from the
    // balancer's address, so with the create that follows they stay within the per-IP
    // limit of creates (LIMIT a minute).
    const claims = await Promise.all(
      developers.flatMap((dev, index) =>
        Array.from({ length: 3 }, async () => ({
          index,
          status: (
            await dev.client.json('POST', ApiPaths.createApp, {
              body: form(appFields({ ipRecords: ip })),
            })
          ).status,
        })),
      ),
    );
    const winners = new Set(claims.filter((c) => c.status === 201).map((c) => c.index));
    expect(winners.size).toBe(1);
    expect(claims.filter((c) => c.status !== 201).every((c) => c.status === 409)).toBe(true);
    const holders = await pair.db.kysely
      .selectFrom('ipRecords')
      .innerJoin('applications', 'applications.id', 'ipRecords.applicationId')
      .select('applications.ownerId')
      .distinct()
      .where('ipRecords.ip', '=', ip)
      .execute();
    expect(holders).toHaveLength(1);

    // Twenty parallel IP changes of one app: one lands, the rest meet the 15-day rule.
    const dev = developers[0];
    if (dev === undefined) throw new Error('no developer');
    const created = await dev.client.json('POST', ApiPaths.createApp, {
      body: form(appFields({ ipRecords: '192.0.2.90' })),
    });
    const id = String(created.body.applicationId);
    await dev.client.json('PUT', ApiPaths.app(id), {
      body: form({ ...appFields(), ipRecords: '192.0.2.91' }),
    });
    // The instances read the real clock: the change is moved 16 days into the past instead.
    await pair.db.kysely
      .updateTable('applications')
      .set((eb) => ({ ipsChangedAt: eb('ipsChangedAt', '-', 16 * DAY_MS) }))
      .where('id', '=', id)
      .execute();
    const changes = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        dev.client.json('PUT', ApiPaths.app(id), {
          body: form({
            ...appFields(),
            ipRecords: ['1', '2', '3', '4', '5', '6']
              .map((k) => `10.${String(n)}.0.${k}`)
              .join(','),
          }),
        }),
      ),
    );
    // Six IPs is one too many: every answer refuses it, on either instance.
    expect(changes.map((res) => res.status)).toEqual(Array.from({ length: 20 }, () => 400));
    // The changes run in parallel: the session steps up once before them (decision 068).
    await dev.client.stepUp();
    const fives = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        dev.client.json('PUT', ApiPaths.app(id), {
          body: form({
            ...appFields(),
            ipRecords: ['1', '2', '3', '4', '5'].map((k) => `10.${String(n)}.1.${k}`).join(','),
          }),
        }),
      ),
    );
    expect(fives.filter((res) => res.status === 200)).toHaveLength(1);
    expect(fives.filter((res) => res.status === 409)).toHaveLength(19);
    const stored = await pair.db.kysely
      .selectFrom('ipRecords')
      .select('ip')
      .where('applicationId', '=', id)
      .execute();
    expect(stored).toHaveLength(5);
  });
});
