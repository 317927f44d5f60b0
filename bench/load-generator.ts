import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { readInput, WARM, type GeneratorInput, type GeneratorResult } from './load-protocol.js';

// A small autocannon in its own process, so the load does not share the server's core or
// event loop: keep-alive connections, each sending its next request when the last answers.
const input = readInput(process.argv[2]) as GeneratorInput;
const agent = new Agent({ keepAlive: true, maxSockets: input.connections });
const base = new URL(input.baseUrl);
let next = 0;
let errors = 0;
let firstError: string | null = null;

function once(): Promise<number> {
  const spec = input.requests[next % input.requests.length];
  next += 1;
  if (spec === undefined) throw new Error('no requests to send');
  return new Promise((resolve) => {
    const req = request({ host: base.hostname, port: base.port, agent, ...spec }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        if (res.statusCode !== input.expectStatus) {
          errors += 1;
          firstError ??= `${String(res.statusCode)} ${Buffer.concat(chunks).toString().slice(0, 300)}`;
        }
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', (error) => {
      errors += 1;
      firstError ??= error.message;
      resolve(0);
    });
    req.end(spec.body);
  });
}

async function run(durationMs: number, latencies: number[] | null): Promise<number> {
  const started = performance.now();
  const deadline = started + durationMs;
  const limit = input.maxRequests ?? Number.POSITIVE_INFINITY;
  const worker = async () => {
    while (performance.now() < deadline && next < limit) {
      const t0 = performance.now();
      await once();
      latencies?.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: input.connections }, worker));
  return performance.now() - started;
}

const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;

await run(input.warmupMs, null);
errors = 0;
firstError = null;
const go = new Promise<void>((resolve) => process.once('message', () => resolve()));
process.send?.(WARM);
await go;
const latencies: number[] = [];
const elapsedMs = await run(input.durationMs, latencies);
agent.destroy();
latencies.sort((a, b) => a - b);
const result: GeneratorResult = {
  requests: latencies.length,
  elapsedMs,
  latenciesMs: { p50: percentile(latencies, 50), p99: percentile(latencies, 99) },
  errors,
  firstError,
};
process.send?.(result, () => process.disconnect());
