import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { HttpConnection, type Answer } from './http-connection.js';
import {
  readInput,
  WARM,
  type GeneratorInput,
  type GeneratorResult,
  type LoadRequest,
} from './load-protocol.js';

// A small autocannon in its own process, so the load does not share the server's core or
// event loop: kept-alive connections, each sending its next request when the last answers,
// or on a fixed schedule (an open loop) when the input names a rate. An open loop times
// the server's tail, so it sends straight on sockets (bench/http-connection.ts) rather than
// through node:http's client (docs/decisions/073-paced-generator-sockets.md).
const input = readInput(process.argv[2]) as GeneratorInput;
const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
const base = new URL(input.baseUrl);
const sockets =
  input.ratePerSecond === undefined
    ? []
    : Array.from(
        { length: input.connections },
        () => new HttpConnection(base.hostname, Number(base.port)),
      );
let next = 0;
let errors = 0;
let firstError: string | null = null;
let lateSends = 0;

type Send = (spec: LoadRequest) => Promise<Answer>;

/** A request through node:http's pooled client (the closed loop's). */
const pooled: Send = (spec) =>
  new Promise((resolve, reject) => {
    const req = request({ host: base.hostname, port: base.port, agent, ...spec }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({ status: res.statusCode ?? 0, body: () => Buffer.concat(chunks).toString() });
      });
    });
    req.on('error', reject);
    req.end(spec.body);
  });

async function once(send: Send): Promise<void> {
  const spec = input.requests[next % input.requests.length];
  next += 1;
  if (spec === undefined) throw new Error('no requests to send');
  try {
    const answer = await send(spec);
    if (answer.status !== input.expectStatus) {
      errors += 1;
      firstError ??= `${String(answer.status)} ${answer.body().slice(0, 300)}`;
    }
  } catch (error) {
    errors += 1;
    firstError ??= error instanceof Error ? error.message : String(error);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Each connection sends when its last request is answered: the server sets the pace. */
function closedLoop(deadline: number, latencies: number[] | null) {
  const limit = input.maxRequests ?? Number.POSITIVE_INFINITY;
  return async () => {
    while (performance.now() < deadline && next < limit) {
      const t0 = performance.now();
      await once(pooled);
      latencies?.push(performance.now() - t0);
    }
  };
}

/**
 * Connection `index` of an open loop at `rate` a second: its slots are spread evenly between
 * the other connections', and a send whose slot passed while the last answer was awaited is
 * counted late (the run then did not hold the pace it reports).
 */
function openLoop(rate: number, deadline: number, latencies: number[] | null) {
  const interval = (1000 * input.connections) / rate;
  const start = performance.now();
  return async (index: number) => {
    const connection = sockets[index];
    if (connection === undefined) throw new Error(`no connection ${String(index)}`);
    const send: Send = (spec) => connection.send(spec);
    for (
      let slot = start + (index * interval) / input.connections;
      slot < deadline;
      slot += interval
    ) {
      const now = performance.now();
      if (now > slot + 1) lateSends += 1;
      else await sleep(slot - now);
      const t0 = performance.now();
      await once(send);
      latencies?.push(performance.now() - t0);
    }
  };
}

async function run(durationMs: number, latencies: number[] | null): Promise<number> {
  const started = performance.now();
  const deadline = started + durationMs;
  const worker =
    input.ratePerSecond === undefined
      ? closedLoop(deadline, latencies)
      : openLoop(input.ratePerSecond, deadline, latencies);
  await Promise.all(Array.from({ length: input.connections }, (_, index) => worker(index)));
  return performance.now() - started;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

await run(input.warmupMs, null);
errors = 0;
firstError = null;
lateSends = 0;
const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
process.send?.(WARM);
await go;
const latencies: number[] = [];
const elapsedMs = await run(input.durationMs, latencies);
agent.destroy();
for (const socket of sockets) socket.close();
latencies.sort((a, b) => a - b);
const result: GeneratorResult = {
  requests: latencies.length,
  elapsedMs,
  latenciesMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
  errors,
  firstError,
  lateSends,
};
process.send?.(result, () => process.disconnect());
