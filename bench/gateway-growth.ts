import { InternalPaths } from '../src/contract/api-paths.js';
import type { benchFigures } from './bench-figures.js';
import { interleavedRounds, median, type BenchServer } from './load.js';
import type { BenchSession, LoadRequest, ServerMemory } from './load-protocol.js';

/** Every application's key from its listed address: the call a gateway lets through. */
export function checkRequests(session: BenchSession): LoadRequest[] {
  return session.apiKeys.map((key, n) => ({
    method: 'GET',
    path: InternalPaths.gatewayCheck,
    headers: { 'x-api-key': key, 'x-real-ip': session.firstIps[n] ?? '' },
  }));
}

/** A portal whose check listens at `gateway`, and the developer whose keys are checked. */
export interface CheckSide {
  readonly name: string;
  readonly gateway: BenchServer;
  readonly session: BenchSession;
}

export interface CheckGrowth {
  /** The seeded side's CPU per call over the empty side's (medians of the rounds). */
  readonly cpuRatio: number;
  /** What the seeded state adds to the process, per 100,000 keys, in bytes. */
  readonly per100kKeys: ServerMemory;
}

const MB = 1024 * 1024;

/**
 * The gateway check on a seeded database against an empty one (docs/gateway.md, "Memory"):
 * the same calls (the empty side's developer has the same applications as the seeded
 * side's), so the CPU per call differs only by the size of the state it answers from;
 * then each process's memory after a full collection, the difference spread over the
 * keys the seed added. It holds every other difference between the two processes too,
 * so it is an upper bound of the check's own.
 */
export async function measureCheckGrowth(
  sides: { readonly empty: CheckSide; readonly seeded: CheckSide; readonly seededKeys: number },
  load: { readonly connections: number; readonly durationMs: number; readonly rounds: number },
  figures: Pick<ReturnType<typeof benchFigures>, 'add'>,
): Promise<CheckGrowth> {
  const { empty, seeded, seededKeys } = sides;
  const table: string[] = [];
  const [emptyRuns, seededRuns] = await interleavedRounds(
    [
      {
        name: `gateway check, ${empty.name}`,
        server: empty.gateway,
        requests: checkRequests(empty.session),
      },
      {
        name: `gateway check, ${seeded.name}`,
        server: seeded.gateway,
        requests: checkRequests(seeded.session),
      },
    ],
    load,
    table,
  );
  for (const m of [...emptyRuns, ...seededRuns]) {
    if (m.firstError !== null) throw new Error(`the check refused a call: ${m.firstError}`);
  }
  const emptyCpu = median(emptyRuns.map((m) => m.cpuPerRequestUs));
  const seededCpu = median(seededRuns.map((m) => m.cpuPerRequestUs));
  const cpuRatio = seededCpu / emptyCpu;
  const [emptyMemory, seededMemory] = await Promise.all([
    empty.gateway.memory(),
    seeded.gateway.memory(),
  ]);
  const per = seededKeys / 100_000;
  const per100kKeys = {
    rss: (seededMemory.rss - emptyMemory.rss) / per,
    heapUsed: (seededMemory.heapUsed - emptyMemory.heapUsed) / per,
  };
  const mb = (bytes: number) => `${(bytes / MB).toFixed(1)} MB`;
  table.push(
    `gateway check: CPU per call ${seededCpu.toFixed(1)} us on ${seeded.name}, ${emptyCpu.toFixed(1)} us ` +
      `${empty.name}: ${cpuRatio.toFixed(2)} times (budget 1.2); memory per 100,000 keys: ` +
      `RSS ${mb(per100kKeys.rss)}, heap ${mb(per100kKeys.heapUsed)}`,
  );
  console.log(table.join('\n'));
  figures.add(
    `gateway check CPU per call, ${seeded.name} / ${empty.name}`,
    `${seededCpu.toFixed(1)} us / ${emptyCpu.toFixed(1)} us = ${cpuRatio.toFixed(2)}, median of ${String(load.rounds)}`,
    'at most 1.2',
  );
  figures.add(
    'gateway check memory per 100,000 keys (RSS / heap after load)',
    `${mb(per100kKeys.rss)} / ${mb(per100kKeys.heapUsed)}`,
    'reported',
  );
  return { cpuRatio, per100kKeys };
}
