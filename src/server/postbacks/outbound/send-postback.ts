import { POSTBACK_BODY_CUT_BYTES } from '../../../contract/limits.js';
import { flatHeaders } from '../../http/flat-headers.js';
import { BlockedAddressError, DnsFailedError } from './guarded-lookup.js';
import type {
  OutboundError,
  OutboundResult,
  PostbackSender,
  PostbackSenderOptions,
} from './outbound-types.js';
import { createPostbackRoutes } from './postback-route.js';
import { readCutBody } from './read-cut-body.js';

export type {
  OutboundError,
  OutboundRequest,
  OutboundResult,
  PostbackSender,
} from './outbound-types.js';

class TimedOutError extends Error {
  override readonly name = 'TimedOutError';
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
 * Posts postbacks to developers' URLs: never follows a redirect, and reaches only
 * public addresses, checked on the resolved address at connect time
 * (docs/decisions/030-postback-ssrf-guard.md). It logs nothing: bodies and signature
 * headers must not reach a log.
 */
export function createPostbackSender(options: PostbackSenderOptions): PostbackSender {
  const routeOf = createPostbackRoutes(options);
  return {
    send(request) {
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      const route = routeOf(request.url);
      if (route.kind !== 'open') return Promise.resolve(noAnswer(route.kind, elapsed()));
      const headers: Record<string, string> = { ...request.headers };
      if (!Object.keys(headers).some((name) => name.toLowerCase() === 'content-type')) {
        headers['content-type'] = 'application/json';
      }
      headers['content-length'] = String(Buffer.byteLength(request.body));
      return new Promise((resolve) => {
        let hasAnswer = false;
        const outgoing = route.client.request({ ...route.options, method: 'POST', headers });
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
