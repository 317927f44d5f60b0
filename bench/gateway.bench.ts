import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test/support/free-port.js';
import { benchFigures } from './bench-figures.js';
import { checkRequests } from './gateway-growth.js';
import { interleavedRounds, median, startServer, type BenchServer } from './load.js';
import type { BenchSession } from './load-protocol.js';

// The gateway check's budgets (design.md): every trading API call is asked of the portal, so
// the check is timed at 50 connections against a bare Fastify route in the same run
// (docs/decisions/018-bench-method.md), in interleaved rounds. The CPU per call is held to its
// budget; the p99 is reported beside the bare route's: a closed loop of 50 connections on the
// cores the server runs on queues even the bare route past 2 ms (docs/performance.md).
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
    const bareP99 = bases.map((m) => m.p99Ms);
    const checkP99 = calls.map((m) => m.p99Ms);
    const ratio = median(bareCpu) / median(checkCpu);
    const p99 = median(checkP99);
    table.push(
      `median of ${String(ROUNDS)}: p99 check ${p99.toFixed(2)} ms, bare ${median(bareP99).toFixed(2)} ms; CPU per call ` +
        `bare ${median(bareCpu).toFixed(1)} us, check ${median(checkCpu).toFixed(1)} us; ratio ` +
        `${ratio.toFixed(3)} (budget 0.5, goal 0.7)`,
    );
    console.log(table.join('\n'));
    figures.add(
      `gateway check p99 at ${String(CONNECTIONS)} connections (the bare route's beside it)`,
      `${p99.toFixed(2)} ms (bare ${median(bareP99).toFixed(2)} ms), median of ${String(ROUNDS)}`,
      'at most 2 ms (goal 1): reported, not held here',
    );
    figures.add(
      "gateway check: bare route CPU per call / the check's",
      `${median(bareCpu).toFixed(1)} us / ${median(checkCpu).toFixed(1)} us = ${ratio.toFixed(3)}, median of ${String(ROUNDS)}`,
      'at least 0.5 (goal 0.7)',
    );
    expect(ratio).toBeGreaterThanOrEqual(0.5);
  }, 180_000);
});
