import { interleavedRounds, median, type BenchServer } from './load.js';
import type { LoadRequest } from './load-protocol.js';

/** A busy gateway instance's steady load: about a third of one core at the check's CPU per call. */
export const PACED_RATE = 2000;
const CONNECTIONS = 50;
/**
 * Each round's generator is a new process: its code, and the server's for that load, are
 * compiled in the first thousands of calls, which a gateway running for hours is long past
 * (docs/decisions/077-paced-rounds-warm-up.md).
 */
const WARMUP_MS = 2000;

export interface PacedP99 {
  /** The check's p99 and the bare route's at the same pace, medians of the rounds, in ms. */
  readonly p99: number;
  readonly bareP99: number;
  /** A round whose generator fell behind its schedule measured a lighter load than it names. */
  readonly worstLateShare: number;
  readonly firstError: string | null;
}

/**
 * The check's latency in an open loop at PACED_RATE over 50 connections, beside the bare
 * route's at the same pace, in interleaved rounds (docs/decisions/070-gateway-p99-open-loop.md).
 */
export async function pacedP99(
  servers: { readonly bare: BenchServer; readonly gateway: BenchServer },
  checks: readonly LoadRequest[],
  load: { readonly durationMs: number; readonly rounds: number },
  table: string[],
): Promise<PacedP99> {
  const [bases, calls] = await interleavedRounds(
    [
      {
        name: 'bare route, paced',
        server: servers.bare,
        requests: [{ method: 'GET', path: '/bare' }],
      },
      { name: 'gateway check, paced', server: servers.gateway, requests: checks },
    ],
    { connections: CONNECTIONS, ratePerSecond: PACED_RATE, warmupMs: WARMUP_MS, ...load },
    table,
  );
  const all = [...bases, ...calls];
  return {
    p99: median(calls.map((m) => m.p99Ms)),
    bareP99: median(bases.map((m) => m.p99Ms)),
    worstLateShare: Math.max(...all.map((m) => m.lateSends / Math.max(1, m.requests))),
    firstError: all.find((m) => m.firstError !== null)?.firstError ?? null,
  };
}
