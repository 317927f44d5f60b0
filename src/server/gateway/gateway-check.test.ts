import { describe, expect, it } from 'vitest';
import { createGatewayCheck, credentialOf } from './gateway-check.js';
import { createGatewayState } from './gateway-state.js';

const NOW = Date.UTC(2026, 10, 28, 12, 0, 0);

function checkWith(staleForMs: number | null) {
  const state = createGatewayState();
  state.replace([], {
    apps: [
      {
        id: 'app-1',
        ownerId: 'dev-1',
        algoId: null,
        isActive: 1,
        operatorHoldReason: null,
        blockedReason: null,
        clientCode: 'AB12',
        developerBlockedReason: null,
      },
    ],
    ips: [
      {
        applicationId: 'app-1',
        ip: '203.0.113.5',
        familyPending: 0,
        adminAccept: 0,
        rejectionReason: null,
      },
    ],
    keys: [{ applicationId: 'app-1', lookupHash: 'hash:the-key', expiresAt: null }],
    tokens: [],
  });
  return createGatewayCheck({
    state,
    clock: { now: () => NOW },
    lookupHash: (key) => `hash:${key}`,
    staleForMs: () => staleForMs,
    staleMaxMs: 60_000,
    usage: { record: () => undefined },
  });
}

describe('the gateway check while the database is away', () => {
  it('answers from its last state, saying how old it is', () => {
    const answer = checkWith(12_400)({
      credential: { kind: 'key', value: 'the-key' },
      ip: '203.0.113.5',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-gateway-stale']).toBe('12');
    expect(answer.headers['x-client-code']).toBe('AB12');
  });

  it('refuses with 503 once the state is older than GATEWAY_STALE_MAX_S', () => {
    const answer = checkWith(60_001)({
      credential: { kind: 'key', value: 'the-key' },
      ip: '203.0.113.5',
    });
    expect(answer.status).toBe(503);
    expect(answer.headers['x-deny-reason']).toBe('state_stale');
    expect(answer.body).toMatchObject({ status: 'error', code: 'state_stale' });
  });

  it('says nothing of staleness while the state is current', () => {
    const answer = checkWith(null)({
      credential: { kind: 'key', value: 'the-key' },
      ip: '203.0.113.5',
    });
    expect(answer.headers['x-gateway-stale']).toBeUndefined();
  });
});

describe('credentialOf', () => {
  it("takes X-Api-Key first, then a Bearer access token, else the key of Kite's token form", () => {
    expect(credentialOf(' k1 ', 'token k2:at')).toEqual({ kind: 'key', value: 'k1' });
    expect(credentialOf(undefined, 'token k2:at')).toEqual({ kind: 'key', value: 'k2:at' });
    expect(credentialOf(undefined, 'Bearer t2')).toEqual({ kind: 'token', value: 't2' });
    expect(credentialOf(undefined, 'Basic k2')).toBeUndefined();
  });

  it("checks only the API key of Kite's api_key:access_token", () => {
    const answer = checkWith(null)({
      credential: { kind: 'key', value: 'the-key:any-access-token' },
      ip: '203.0.113.5',
    });
    expect(answer.status).toBe(200);
  });
});
