import { spawn } from 'node:child_process';

export interface LoadResult {
  readonly requests: number;
  readonly perSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
}

export interface LoadOptions {
  readonly connections: number;
  readonly durationMs: number;
  readonly headers?: Record<string, string>;
}

// The load generator runs in its own Node process, so that it does not share the event
// loop of the servers it measures (a small autocannon: keep-alive GETs, latency per call).
const GENERATOR = `
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
const { url, connections, durationMs, headers } = JSON.parse(process.argv[1]);
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const target = new URL(url);
const once = () => new Promise((resolve) => {
  const req = request(target, { agent, headers }, (res) => {
    res.resume();
    res.on('end', () => resolve(res.statusCode));
    res.on('error', () => resolve(0));
  });
  req.on('error', () => resolve(0));
  req.end();
});
const latencies = [];
let errors = 0;
const started = performance.now();
const deadline = started + durationMs;
const worker = async () => {
  while (performance.now() < deadline) {
    const t0 = performance.now();
    const status = await once();
    latencies.push(performance.now() - t0);
    if (status !== 200) errors += 1;
  }
};
await Promise.all(Array.from({ length: connections }, worker));
const elapsed = performance.now() - started;
agent.destroy();
latencies.sort((a, b) => a - b);
const at = (p) => latencies[Math.max(0, Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1))];
process.stdout.write(JSON.stringify({
  requests: latencies.length,
  perSecond: (latencies.length / elapsed) * 1000,
  p50Ms: at(50),
  p99Ms: at(99),
  errors,
}));
`;

/** Keeps `connections` keep-alive connections busy with GETs of `url` for `durationMs`. */
export function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const input = JSON.stringify({ url, headers: {}, ...options });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', GENERATOR, input]);
    let output = '';
    let problems = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (problems += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(output) as LoadResult);
      else reject(new Error(`load generator exited with ${String(code)}: ${problems}`));
    });
  });
}
