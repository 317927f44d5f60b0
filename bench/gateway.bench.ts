import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port.js';
import { benchFigures } from './bench-figures.js';
import { checkRequests } from './gateway-growth.js';
import { PACED_RATE, pacedP99 } from './gateway-pace.js';
import { interleavedRounds, median, startServer, type BenchServer } from './load.js';
import type { BenchSession } from './load-protocol.js';

// The gateway check's budgets (design.md): every trading API call is asked of the portal, so
// the check is timed at 50 connections against a bare Fastify route in the same run
// (docs/decisions/018-bench-method.md), in interleaved rounds. The CPU per call is measured
// in a closed loop (each connection sends when answered); the p99 in an open loop at a
// gateway's steady rate, as a closed loop's latency is its own queue
// (docs/decisions/070-gateway-p99-open-loop.md).
const CONNECTIONS = 50;
const ROUND_MS = 3000;
const ROUNDS = 3;

let bare: BenchServer;
let portal: BenchServer;
let gateway: BenchServer;
let session: BenchSession;

beforeAll(async () => {
  const port = await freePort();
  [bare, portal] = await Promise.all([
    startServer({ kind: 'bare' }),
    startServer({ kind: 'portal', env: { GATEWAY_PORT: String(port) } }),
  ]);
  // The check's own listener, in the portal's process: its CPU is the portal's.
  gateway = { ...portal, baseUrl: `http://127.0.0.1:${String(port)}` };
  session = await portal.session(5, 5);
}, 120_000);

const figures = benchFigures('gateway', 'npm run bench');

afterAll(async () => {
  await figures.write();
  await Promise.all([bare.close(), portal.close()]);
});

describe('the gateway check (design.md budgets)', () => {
  it('answers at 50 connections at most 2 times the CPU per call of a bare route, its p99 reported', async () => {
    const bareRoute = [{ method: 'GET', path: '/bare' }];
    const checks = checkRequests(session);
    const table: string[] = [];
    const [bases, calls] = await interleavedRounds(
      [
        { name: 'bare Fastify route', server: bare, requests: bareRoute },
        { name: 'gateway check', server: gateway, requests: checks },
      ],
      { connections: CONNECTIONS, durationMs: ROUND_MS, rounds: ROUNDS },
      table,
    );
    for (const m of calls) expect(m.firstError).toBeNull();
    const bareCpu = bases.map((m) => m.cpuPerRequestUs);
    const checkCpu = calls.map((m) => m.cpuPerRequestUs);
    const ratio = median(bareCpu) / median(checkCpu);
    table.push(
      `median of ${String(ROUNDS)}: CPU per call ` +
        `bare ${median(bareCpu).toFixed(1)} us, check ${median(checkCpu).toFixed(1)} us; ratio ` +
        `${ratio.toFixed(3)} (budget 0.5, goal 0.7)`,
    );
    console.log(table.join('\n'));
    figures.add(
      "gateway check: bare route CPU per call / the check's",
      `${median(bareCpu).toFixed(1)} us / ${median(checkCpu).toFixed(1)} us = ${ratio.toFixed(3)}, median of ${String(ROUNDS)}`,
      'at least 0.5 (goal 0.7)',
    );
    expect(ratio).toBeGreaterThanOrEqual(0.5);
  }, 180_000);

  it(`answers at 50 connections and ${String(PACED_RATE)} calls a second with a p99 of at most 2 ms`, async () => {
    const table: string[] = [];
    const paced = await pacedP99(
      { bare, gateway },
      checkRequests(session),
      { durationMs: ROUND_MS, rounds: ROUNDS },
      table,
    );
    console.log(table.join('\n'));
    expect(paced.firstError).toBeNull();
    figures.add(
      `gateway check p99, 50 connections at ${String(PACED_RATE)} calls/s (the bare route's beside it)`,
      `${paced.p99.toFixed(2)} ms (bare ${paced.bareP99.toFixed(2)} ms), median of ${String(ROUNDS)}`,
      'at most 2 ms (goal 1)',
    );
    expect(paced.worstLateShare).toBeLessThanOrEqual(0.01);
    expect(paced.p99).toBeLessThanOrEqual(2);
  }, 180_000);
});
