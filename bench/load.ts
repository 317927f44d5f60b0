import { fork, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEVICE_COOKIE } from '../src/server/auth/device-cookie.js';
import { fileURLToPath } from 'node:url';
import {
  WARM,
  type CpuTimes,
  type BenchSession,
  type GeneratorInput,
  type GeneratorResult,
  type LoadRequest,
  type ServerInput,
  type ServerMemory,
  type ServerReply,
  type ServerRequest,
} from './load-protocol.js';

const here = path.dirname(fileURLToPath(import.meta.url));
/** Linux takes at most 128 KiB in one argument. */
const MAX_ARGUMENT = 64 * 1024;

/**
 * Children run the TypeScript sources through tsx, with a garbage collection a server runs
 * before it reports its memory; BENCH_CPU_PROF=dir profiles the servers.
 * An input too long for an argument (a list of 1,000 distinct requests) goes in a file.
 */
function start(script: string, input: unknown, profileDir?: string): ChildProcess {
  const profile = profileDir === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profileDir}`];
  let argument = JSON.stringify(input);
  if (argument.length > MAX_ARGUMENT) {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'bench-input-')), 'input.json');
    writeFileSync(file, argument);
    argument = `@${file}`;
  }
  return fork(path.join(here, script), [argument], {
    execArgv: ['--import', 'tsx', '--expose-gc', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
}

function nextMessage<T>(child: ChildProcess): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) =>
      reject(new Error(`${child.spawnfile} exited with ${String(code)}`));
    child.once('exit', onExit);
    child.once('message', (message) => {
      child.off('exit', onExit);
      resolve(message as T);
    });
  });
}

export interface BenchServer {
  readonly baseUrl: string;
  cpu(): Promise<CpuTimes>;
  /** The server process's memory after a full garbage collection. */
  memory(): Promise<ServerMemory>;
  /** A developer signed in on this server, with `apps` apps of `ipsPerApp` IPs each. */
  session(
    apps: number,
    ipsPerApp: number,
    urls?: { readonly postbackUrl?: string; readonly callbackUrl?: string },
  ): Promise<BenchSession>;
  close(): Promise<void>;
}

/** Starts the portal (or the bare baseline) in a process of its own. */
export async function startServer(input: ServerInput): Promise<BenchServer> {
  const child = start('bench-server.ts', input, process.env.BENCH_CPU_PROF);
  // One question at a time: replies carry no id, so they must come back in order.
  let queue: Promise<unknown> = Promise.resolve();
  const ask = <K extends ServerReply['type']>(request: ServerRequest, type: K) => {
    const asked = queue.then(async () => {
      const answer = nextMessage<ServerReply>(child);
      child.send(request);
      const message = await answer;
      if (message.type !== type) throw new Error(`expected ${type}, got ${message.type}`);
      return message as Extract<ServerReply, { type: K }>;
    });
    queue = asked.catch(() => undefined);
    return asked;
  };
  const ready = await nextMessage<ServerReply>(child);
  if (ready.type !== 'ready') throw new Error(`server did not start: ${ready.type}`);
  return {
    baseUrl: ready.baseUrl,
    cpu: async () => (await ask({ type: 'cpu' }, 'cpu')).cpu,
    memory: async () => (await ask({ type: 'memory' }, 'memory')).usage,
    session: async (apps, ipsPerApp, urls = {}) =>
      (await ask({ type: 'session', apps, ipsPerApp, ...urls }, 'session')).session,
    close: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await ask({ type: 'close' }, 'closed');
      await exited;
    },
  };
}

export interface LoadOptions {
  readonly requests: readonly LoadRequest[];
  readonly connections: number;
  readonly durationMs: number;
  readonly warmupMs?: number;
  readonly expectStatus?: number;
  /** Stops after this many (one pass over one-time requests: no warm-up then). */
  readonly maxRequests?: number;
  /** An open loop at this many requests a second (load-protocol.ts); absent, a closed one. */
  readonly ratePerSecond?: number;
}

export interface Measurement {
  readonly requests: number;
  readonly perSecond: number;
  /** The server's CPU time over the measured window divided by the requests it answered. */
  readonly cpuPerRequestUs: number;
  /** The same for its event loop's thread alone. */
  readonly mainThreadCpuPerRequestUs: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly errors: number;
  readonly firstError: string | null;
  /** Open loops: sends that left after their slot (load-protocol.ts). */
  readonly lateSends: number;
}

/**
 * Loads `server` from a generator process of its own. Its CPU time is read once the
 * warm-up has drained and again when the last measured request has been answered.
 */
export async function measure(server: BenchServer, options: LoadOptions): Promise<Measurement> {
  const input: GeneratorInput = {
    baseUrl: server.baseUrl,
    requests: options.requests,
    connections: options.connections,
    durationMs: options.durationMs,
    warmupMs: options.warmupMs ?? 500,
    expectStatus: options.expectStatus ?? 200,
    ...(options.maxRequests === undefined ? {} : { maxRequests: options.maxRequests }),
    ...(options.ratePerSecond === undefined ? {} : { ratePerSecond: options.ratePerSecond }),
  };
  const generator = start('load-generator.ts', input);
  const warm = await nextMessage<string>(generator);
  if (warm !== WARM) throw new Error(`unexpected generator message ${warm}`);
  const cpuBefore = await server.cpu();
  const done = nextMessage<GeneratorResult>(generator);
  generator.send('go');
  const result = await done;
  const cpuAfter = await server.cpu();
  const answered = Math.max(1, result.requests);
  return {
    requests: result.requests,
    perSecond: (result.requests / result.elapsedMs) * 1000,
    cpuPerRequestUs: (cpuAfter.micros - cpuBefore.micros) / answered,
    mainThreadCpuPerRequestUs: (cpuAfter.mainThreadMicros - cpuBefore.mainThreadMicros) / answered,
    p50Ms: result.latenciesMs.p50,
    p99Ms: result.latenciesMs.p99,
    errors: result.errors,
    firstError: result.firstError,
    lateSends: result.lateSends,
  };
}

/** Sends each request once from a generator process of its own; answers when all are answered. */
export async function sendOnce(
  baseUrl: string,
  requests: readonly LoadRequest[],
  connections: number,
  expectStatus: number,
): Promise<GeneratorResult> {
  const generator = start('load-generator.ts', {
    baseUrl,
    requests,
    connections,
    durationMs: 600_000,
    warmupMs: 0,
    expectStatus,
    maxRequests: requests.length,
  } satisfies GeneratorInput);
  const warm = await nextMessage<string>(generator);
  if (warm !== WARM) throw new Error(`unexpected generator message ${warm}`);
  const done = nextMessage<GeneratorResult>(generator);
  generator.send('go');
  return done;
}

/** What a signed-in browser sends with a read: the bearer token and the anti-forgery cookie. */
export function readHeaders(session: BenchSession): Record<string, string> {
  return {
    authorization: `Bearer ${session.bearer}`,
    cookie: `XSRF-TOKEN=${session.xsrfToken}`,
  };
}

/** ... and with a write: the anti-forgery header as well. */
export function writeHeaders(session: BenchSession): Record<string, string> {
  return { ...readHeaders(session), 'x-xsrf-token': session.xsrfToken };
}

/** ... and a sign-in from the developer's own browser, which carries its device cookie. */
export function signinHeaders(session: BenchSession): Record<string, string> {
  return {
    'x-xsrf-token': session.xsrfToken,
    cookie: `XSRF-TOKEN=${session.xsrfToken}; ${DEVICE_COOKIE}=${session.deviceCookie}`,
    'content-type': 'application/json',
  };
}

/** A named load on a server: one side of a comparison in interleaved rounds. */
export interface Side {
  readonly name: string;
  readonly server: BenchServer;
  readonly requests: readonly LoadRequest[];
}

/**
 * `rounds` rounds of every side in turn, so a burst of other work on the machine hits them
 * all; each measurement is a row of `table`. Answers each side's measurements, round by round.
 */
export async function interleavedRounds<const S extends readonly Side[]>(
  sides: S,
  load: {
    readonly connections: number;
    readonly durationMs: number;
    readonly rounds: number;
    readonly ratePerSecond?: number;
    readonly warmupMs?: number;
  },
  table: string[],
): Promise<{ -readonly [K in keyof S]: Measurement[] }> {
  const measured = sides.map((): Measurement[] => []);
  for (let round = 1; round <= load.rounds; round += 1) {
    for (const [index, side] of sides.entries()) {
      const m = await measure(side.server, {
        requests: side.requests,
        connections: load.connections,
        durationMs: load.durationMs,
        ...(load.ratePerSecond === undefined ? {} : { ratePerSecond: load.ratePerSecond }),
        ...(load.warmupMs === undefined ? {} : { warmupMs: load.warmupMs }),
      });
      table.push(row(`round ${String(round)} ${side.name}`, m));
      measured[index]?.push(m);
    }
  }
  return measured as { -readonly [K in keyof S]: Measurement[] };
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** One line of the printed table; `isCpuShared` when another load ran in the same window. */
export function row(name: string, m: Measurement, isCpuShared = false): string {
  return [
    name.padEnd(40),
    `${m.perSecond.toFixed(0).padStart(6)} req/s`,
    isCpuShared
      ? 'shared us CPU/req'
      : `${m.cpuPerRequestUs.toFixed(0).padStart(5)} us CPU/req ` +
        `(event loop ${m.mainThreadCpuPerRequestUs.toFixed(0)})`,
    `p50 ${m.p50Ms.toFixed(2).padStart(6)} ms`,
    `p99 ${m.p99Ms.toFixed(2).padStart(6)} ms`,
    `errors ${String(m.errors)}`,
    ...(m.lateSends > 0 ? [`late ${String(m.lateSends)}`] : []),
  ].join('  ');
}
