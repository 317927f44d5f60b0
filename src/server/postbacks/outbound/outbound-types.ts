import type { LookupFunction } from 'node:net';

export interface OutboundRequest {
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** Why a send got no HTTP answer. */
export type OutboundError =
  'blocked_address' | 'timeout' | 'connection_failed' | 'invalid_url' | 'dns_failed';

export interface OutboundResult {
  /** A 2xx answer; anything else (3xx included) is not ok. */
  readonly ok: boolean;
  /** Null when there was no HTTP answer. */
  readonly status: number | null;
  readonly latencyMs: number;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The first 4 KB of the answer body, cut at a whole UTF-8 character. */
  readonly responseBody: string;
  /** Why there was no answer; null whenever there was one. */
  readonly error: OutboundError | null;
}

export interface PostbackSender {
  send(request: OutboundRequest): Promise<OutboundResult>;
}

export interface PostbackSenderOptions {
  readonly timeoutMs: number;
  /** Embedded mode only: this URL host may reach loopback; null in production. */
  readonly localTestHost: string | null;
  /** Resolves names (default `dns.lookup`); it is always asked for every address. */
  readonly lookup?: LookupFunction;
}
