import type * as oauth from 'oauth4webapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InternalPaths } from '../src/contract/api-paths.js';
import { CONNECT_TOKEN_REQUESTS_PER_MINUTE } from '../src/contract/connect.js';
import {
  CONNECT_PUBLIC_URL,
  CONNECT_REDIRECT,
  connectAccessToken,
  discoverConnect,
  type ConnectServer,
} from '../test/support/connect.js';
import { flowIdentity } from '../test/support/flow.js';
import { freePort } from '../test/support/free-port.js';
import { askCheckAt, askUntil } from '../test/support/gateway.js';
import { benchFigures } from './bench-figures.js';
import { BENCH_CLIENT_CODE, handOffRequest, prepare, tokenRequest } from './connect-inputs.js';
import { checkRequests } from './gateway-growth.js';
import { PACED_RATE, pacedP99 } from './gateway-pace.js';
import {
  interleavedRounds,
  measure,
  median,
  row,
  startServer,
  type BenchServer,
  type Measurement,
} from './load.js';
import type { BenchSession, LoadRequest } from './load-protocol.js';

// Connect's budgets (docs/connect.md, "Performance"): the token exchange against the hand-off
// login on the same server, each one-time input made over HTTP before its round and sent
// once by the generator; then the gateway check with a Connect token against the bare route
// and the check with an API key (docs/decisions/018-bench-method.md). BENCH_SMOKE=1 runs it
// small, to see that it works, not to read its figures.
const SMOKE = process.env.BENCH_SMOKE === '1';
const INPUTS = SMOKE ? 20 : 240;
const ROUNDS = 3;
const CONNECTIONS = 10;
const PREPARE_PARALLEL = 4;
const GATEWAY_CONNECTIONS = 50;
const GATEWAY_ROUND_MS = SMOKE ? 500 : 3000;
const GATEWAY_APPS = 5;

let bare: BenchServer;
let portal: BenchServer;
let gateway: BenchServer;
let connect: ConnectServer;
let as: oauth.AuthorizationServer;

beforeAll(async () => {
  const port = await freePort();
  [bare, portal] = await Promise.all([
    startServer({ kind: 'bare' }),
    startServer({
      kind: 'portal',
      env: { PUBLIC_URL: CONNECT_PUBLIC_URL, GATEWAY_PORT: String(port) },
    }),
  ]);
  gateway = { ...portal, baseUrl: `http://127.0.0.1:${String(port)}` };
  connect = { baseUrl: portal.baseUrl, config: { publicUrl: CONNECT_PUBLIC_URL } };
  as = await discoverConnect(connect);
}, 120_000);

const figures = benchFigures('connect', 'npm run bench');

afterAll(async () => {
  if (!SMOKE) await figures.write();
  await Promise.all([bare.close(), portal.close()]);
});

/**
 * The server's token limit counts per application by its injected clock, which stands
 * still in a bench server: each round takes a developer of its own, with as many
 * applications as its codes need.
 */
async function tokenRequests(): Promise<LoadRequest[]> {
  const apps = Math.ceil(INPUTS / CONNECT_TOKEN_REQUESTS_PER_MINUTE);
  const session = await portal.session(apps, 1, { callbackUrl: CONNECT_REDIRECT });
  return prepare(INPUTS, PREPARE_PARALLEL, (n) => {
    const app = n % apps;
    return tokenRequest(connect, as, {
      id: session.appIds[app] ?? '',
      key: session.apiKeys[app] ?? '',
    });
  });
}

/** One pass over one-time inputs: no warm-up, the whole list once. */
const once = (requests: readonly LoadRequest[]) =>
  measure(portal, {
    requests,
    connections: CONNECTIONS,
    durationMs: 600_000,
    warmupMs: 0,
    maxRequests: requests.length,
  });

/** Waits until the check's state holds the new tokens: each call answered 200. */
async function settled(requests: readonly LoadRequest[]): Promise<void> {
  for (const request of requests) {
    const url = `${gateway.baseUrl}${request.path}`;
    const { answer } = await askUntil(
      () => askCheckAt(url, request.headers ?? {}),
      (a) => a.status === 200,
      5000,
    );
    if (answer.status !== 200) throw new Error(`the check refused a token: ${answer.status}`);
  }
}

/** `session`'s applications, each with a client signed in: its token from its listed address. */
async function tokenChecks(session: BenchSession): Promise<LoadRequest[]> {
  const checks: LoadRequest[] = [];
  for (const [n, id] of session.appIds.entries()) {
    const key = session.apiKeys[n] ?? '';
    const token = await connectAccessToken(connect, as, { id, key, clientCode: BENCH_CLIENT_CODE });
    checks.push({
      method: 'GET',
      path: InternalPaths.gatewayCheck,
      headers: { authorization: `Bearer ${token}`, 'x-real-ip': session.firstIps[n] ?? '' },
    });
  }
  await settled(checks);
  return checks;
}

const cpu = (runs: readonly Measurement[]) => median(runs.map((m) => m.cpuPerRequestUs));

describe('Connect (docs/connect.md, "Performance")', () => {
  it('exchanges codes at least 0.5 times the rate of the hand-off login', async () => {
    const identity = flowIdentity();
    const table: string[] = [];
    const ratios: number[] = [];
    for (let round = 1; round <= ROUNDS; round += 1) {
      const exchanges = await tokenRequests();
      const exchanged = await once(exchanges);
      const handOffs = await prepare(INPUTS, PREPARE_PARALLEL, () =>
        handOffRequest(portal.baseUrl, identity),
      );
      const handedOff = await once(handOffs);
      expect(exchanged.firstError).toBeNull();
      expect(handedOff.firstError).toBeNull();
      ratios.push(exchanged.perSecond / handedOff.perSecond);
      table.push(
        row(`round ${String(round)} POST /oauth/token`, exchanged),
        row(`round ${String(round)} GET loginWithFlow`, handedOff),
      );
    }
    const ratio = median(ratios);
    const rounds = ratios.map((r) => r.toFixed(2)).join(', ');
    table.push(
      `token exchange / hand-off login rate, ${String(INPUTS)} of each a round, median of ` +
        `${String(ROUNDS)}: ${ratio.toFixed(2)} (rounds ${rounds}; budget 0.5)`,
    );
    console.log(table.join('\n'));
    figures.add(
      `token exchange rate / hand-off login rate (${String(INPUTS)} one-time inputs each)`,
      `${ratio.toFixed(2)}, median of rounds ${rounds}`,
      'at least 0.5',
    );
    expect(ratio).toBeGreaterThanOrEqual(0.5);
  }, 600_000);

  it('answers the gateway check with a Connect token at most 2 times the CPU per call of a bare route', async () => {
    const session = await portal.session(GATEWAY_APPS, 1, { callbackUrl: CONNECT_REDIRECT });
    const table: string[] = [];
    const [bases, keys, tokens] = await interleavedRounds(
      [
        { name: 'bare Fastify route', server: bare, requests: [{ method: 'GET', path: '/bare' }] },
        { name: 'gateway check, API key', server: gateway, requests: checkRequests(session) },
        { name: 'gateway check, token', server: gateway, requests: await tokenChecks(session) },
      ],
      { connections: GATEWAY_CONNECTIONS, durationMs: GATEWAY_ROUND_MS, rounds: ROUNDS },
      table,
    );
    for (const m of [...keys, ...tokens]) expect(m.firstError).toBeNull();
    const ratio = cpu(bases) / cpu(tokens);
    const perKey = cpu(tokens) / cpu(keys);
    table.push(
      `CPU per call, median of ${String(ROUNDS)}: bare ${cpu(bases).toFixed(1)} us, ` +
        `key ${cpu(keys).toFixed(1)} us, token ${cpu(tokens).toFixed(1)} us; ` +
        `bare / token ${ratio.toFixed(3)} (budget 0.5, goal 0.7)`,
    );
    console.log(table.join('\n'));
    figures.add(
      "gateway check with a Connect token: bare route CPU per call / the check's",
      `${cpu(bases).toFixed(1)} us / ${cpu(tokens).toFixed(1)} us = ${ratio.toFixed(3)}, median of ${String(ROUNDS)}`,
      'at least 0.5 (goal 0.7)',
    );
    figures.add(
      'gateway check CPU per call, with a token / with an API key',
      `${cpu(tokens).toFixed(1)} us / ${cpu(keys).toFixed(1)} us = ${perKey.toFixed(2)}`,
      'reported',
    );
    expect(ratio).toBeGreaterThanOrEqual(0.5);
  }, 300_000);

  it(`answers the gateway check with a Connect token at ${String(PACED_RATE)} calls a second with a p99 of at most 2 ms`, async () => {
    const session = await portal.session(GATEWAY_APPS, 1, { callbackUrl: CONNECT_REDIRECT });
    const table: string[] = [];
    const paced = await pacedP99(
      { bare, gateway },
      await tokenChecks(session),
      { durationMs: GATEWAY_ROUND_MS, rounds: ROUNDS },
      table,
    );
    console.log(table.join('\n'));
    expect(paced.firstError).toBeNull();
    figures.add(
      `gateway check with a Connect token p99, 50 connections at ${String(PACED_RATE)} calls/s`,
      `${paced.p99.toFixed(2)} ms (bare ${paced.bareP99.toFixed(2)} ms), median of ${String(ROUNDS)}`,
      'at most 2 ms (goal 1)',
    );
    expect(paced.worstLateShare).toBeLessThanOrEqual(0.01);
    expect(paced.p99).toBeLessThanOrEqual(2);
  }, 300_000);
});
