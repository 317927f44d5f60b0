import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
// Messages between the bench (bench/load.ts) and its child processes.

/** One request the generator sends; a run cycles through its list. */
export interface LoadRequest {
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
}

export interface GeneratorInput {
  readonly baseUrl: string;
  readonly requests: readonly LoadRequest[];
  readonly expectStatus: number;
  readonly connections: number;
  readonly warmupMs: number;
  readonly durationMs: number;
  /** Stops after this many requests (one pass over a list of distinct ones), if given. */
  readonly maxRequests?: number;
  /**
   * An open loop at this many requests a second over all connections, each sending on its
   * own schedule whether or not the server keeps up; absent, each sends when answered.
   */
  readonly ratePerSecond?: number;
}

export interface GeneratorResult {
  readonly requests: number;
  readonly elapsedMs: number;
  readonly latenciesMs: { readonly p50: number; readonly p99: number };
  readonly errors: number;
  /** The first unexpected status and body, to say why a run failed. */
  readonly firstError: string | null;
  /** Paced runs: sends that left after their slot because the last answer came too late. */
  readonly lateSends: number;
}

/** Generator → parent: warm-up done, no request in flight. */
export const WARM = 'warm';

/** A signed-in developer of the server under test, with its applications. */
export interface BenchSession {
  readonly email: string;
  readonly password: string;
  readonly bearer: string;
  readonly xsrfToken: string;
  /** The browser's device cookie: its sign-ins are a returning developer's (decision 010). */
  readonly deviceCookie: string;
  readonly appIds: readonly string[];
  /** Each application's current API key and first listed IP, in the order of `appIds`. */
  readonly apiKeys: readonly string[];
  readonly firstIps: readonly string[];
}

/** The server process's memory after a full garbage collection, in bytes. */
export interface ServerMemory {
  readonly rss: number;
  readonly heapUsed: number;
}

/** The server process's CPU time so far (user + system), in microseconds. */
export interface CpuTimes {
  /** All its threads': the event loop, the hashing threads, V8's helpers. */
  readonly micros: number;
  /** The event loop's thread alone (bench/thread-cpu.ts). */
  readonly mainThreadMicros: number;
}

/** Parent → server. Each gets one reply, in order. */
export type ServerRequest =
  | { readonly type: 'cpu' }
  | { readonly type: 'memory' }
  | {
      readonly type: 'session';
      readonly apps: number;
      readonly ipsPerApp: number;
      /** The applications' postback URL, when they should have one. */
      readonly postbackUrl?: string;
      /** The applications' redirect URL, when not the create form's default (Connect's). */
      readonly callbackUrl?: string;
    }
  | { readonly type: 'close' };

/** Server → parent. */
export type ServerReply =
  | { readonly type: 'ready'; readonly baseUrl: string }
  | { readonly type: 'cpu'; readonly cpu: CpuTimes }
  | { readonly type: 'memory'; readonly usage: ServerMemory }
  | { readonly type: 'session'; readonly session: BenchSession }
  | { readonly type: 'closed' };

export interface ServerInput {
  /** `bare`: one Fastify JSON route and nothing else, the baseline. */
  readonly kind: 'portal' | 'bare';
  /** An existing PostgreSQL database; absent, SQLite in a fresh data dir. */
  readonly databaseUrl?: string;
  /** More environment for the portal (the postback bench's service token). */
  readonly env?: Record<string, string>;
}

/** A child's input: its JSON argument, or `@file` naming a file that holds it (then removed). */
export function readInput(argument: string | undefined): unknown {
  if (argument?.startsWith('@') !== true) return JSON.parse(argument ?? '{}');
  const file = argument.slice(1);
  const text = readFileSync(file, 'utf8');
  rmSync(path.dirname(file), { recursive: true, force: true });
  return JSON.parse(text);
}
