import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { POSTBACK_BODY_CUT_BYTES } from '../../../contract/limits.js';
import { flatHeaders } from '../../http/flat-headers.js';
import { isLoopbackAddress, isPublicAddress } from './address-policy.js';
import { BlockedAddressError, DnsFailedError, guardedLookup } from './guarded-lookup.js';
import type {
  OutboundError,
  OutboundResult,
  PostbackSender,
  PostbackSenderOptions,
} from './outbound-types.js';
import { readCutBody } from './read-cut-body.js';

export type {
  OutboundError,
  OutboundRequest,
  OutboundResult,
  PostbackSender,
} from './outbound-types.js';

/** How long an unused kept-alive connection to a receiver stays open. */
const IDLE_SOCKET_MS = 4000;

class TimedOutError extends Error {
  override readonly name = 'TimedOutError';
}

function parseTarget(url: string): URL | null {
  try {
    const target = new URL(url);
    return target.protocol === 'http:' || target.protocol === 'https:' ? target : null;
  } catch {
    return null;
  }
}

/** The URL's host name without an IPv6 literal's brackets. */
function bareHostname(target: URL): string {
  return target.hostname.replace(/^\[(.*)\]$/, '$1');
}

function isLocalTestHost(target: URL, localTestHost: string | null): boolean {
  if (localTestHost === null) return false;
  const host = localTestHost.trim().toLowerCase();
  return host !== '' && [target.hostname, bareHostname(target), target.host].includes(host);
}

function errorOf(error: unknown): OutboundError {
  if (error instanceof BlockedAddressError) return 'blocked_address';
  if (error instanceof DnsFailedError) return 'dns_failed';
  if (error instanceof TimedOutError) return 'timeout';
  return 'connection_failed';
}

function noAnswer(error: OutboundError, latencyMs: number): OutboundResult {
  return { ok: false, status: null, latencyMs, responseHeaders: {}, responseBody: '', error };
}

/**
 * Posts postbacks to developers' URLs (issue 11): never follows a redirect, and reaches only
 * public addresses, checked on the resolved address at connect time
 * (docs/decisions/030-postback-ssrf-guard.md). It logs nothing: bodies and signature
 * headers must not reach a log.
 */
export function createPostbackSender(options: PostbackSenderOptions): PostbackSender {
  // Kept-alive connections, pooled by host name and port: a name always gets the same rule
  // (only the local test host may reach loopback), so a pooled socket was checked under the
  // rule of every send that reuses it; each new connection runs the guarded lookup. An idle
  // socket is dropped after a while, before a typical receiver's own keep-alive (5 s) ends.
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  return {
    send(request) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const target = parseTarget(request.url);
      if (target === null) return Promise.resolve(noAnswer('invalid_url', elapsed()));
      const mayReachLoopback = isLocalTestHost(target, options.localTestHost);
      const isAllowed = (address: string) =>
        isPublicAddress(address) || (mayReachLoopback && isLoopbackAddress(address));
      // A socket skips `lookup` for an IP literal, so a literal is judged here.
      const literal = bareHostname(target);
      if (isIP(literal) !== 0 && !isAllowed(literal)) {
        return Promise.resolve(noAnswer('blocked_address', elapsed()));
      }
      const headers: Record<string, string> = { ...request.headers };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      headers['content-length'] = String(Buffer.byteLength(request.body));
      const client = target.protocol === 'https:' ? https : http;
      return new Promise((resolve) => {
        let hasAnswer = false;
        const outgoing = client.request(target, {
          method: 'POST',
          headers,
          agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
          lookup: guardedLookup(isAllowed, options.lookup),
        });
        const timer = setTimeout(() => outgoing.destroy(new TimedOutError()), options.timeoutMs);
        outgoing.on('response', (response) => {
          hasAnswer = true;
          void readCutBody(response, POSTBACK_BODY_CUT_BYTES).then((responseBody) => {
            clearTimeout(timer);
            const status = response.statusCode ?? 0;
            resolve({
              ok: status >= 200 && status < 300,
              status,
              latencyMs: elapsed(),
              responseHeaders: flatHeaders(response.headers),
              responseBody,
              error: null,
            });
          });
        });
        outgoing.on('error', (error) => {
          if (hasAnswer) return;
          clearTimeout(timer);
          resolve(noAnswer(errorOf(error), elapsed()));
        });
        outgoing.end(request.body);
      });
    },
  };
}
