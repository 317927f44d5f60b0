import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { urlToHttpOptions } from 'node:url';
import { isLoopbackAddress, isPublicAddress } from './address-policy.js';
import { guardedLookup } from './guarded-lookup.js';

/** How long an unused kept-alive connection to a receiver stays open. */
const IDLE_SOCKET_MS = 4000;

/** Routes kept by URL: a receiver's URL is parsed and judged once, not on every send. */
const ROUTES_KEPT = 1000;

/** Where a postback URL leads: refused before any connection, or how to reach it. */
export type PostbackRoute =
  | { readonly kind: 'invalid_url' | 'blocked_address' }
  | {
      readonly kind: 'open';
      readonly client: typeof http | typeof https;
      /** The URL's parts as `http.request` takes them, the agent and the guarded lookup. */
      readonly options: http.RequestOptions;
    };

export interface PostbackRouteOptions {
  /** Embedded mode only: this URL host may reach loopback; null in production. */
  readonly localTestHost: string | null;
  /** Resolves names; it is always asked for every address. */
  readonly lookup?: LookupFunction | undefined;
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

/**
 * Judges postback URLs (docs/decisions/030-postback-ssrf-guard.md) and keeps each verdict by
 * URL: the verdict depends on the URL's text and the local test host alone. An IP literal is
 * judged here, as a socket skips `lookup` for one; a name is judged by the guarded lookup
 * each time a connection to it opens, never from this cache. Kept-alive connections are
 * pooled by host name and port: a name always gets the same rule (only the local test host
 * may reach loopback), so a pooled socket was checked under the rule of every send that
 * reuses it. An idle socket is dropped after a while, before a typical receiver's own
 * keep-alive (5 s) ends.
 */
export function createPostbackRoutes(
  options: PostbackRouteOptions,
): (url: string) => PostbackRoute {
  const agents = {
    'http:': new http.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
    'https:': new https.Agent({ keepAlive: true, timeout: IDLE_SOCKET_MS }),
  };
  const isPublicOrLoopback = (address: string) =>
    isPublicAddress(address) || isLoopbackAddress(address);
  const lookups = {
    strict: guardedLookup(isPublicAddress, options.lookup),
    local: guardedLookup(isPublicOrLoopback, options.lookup),
  };

  function routeOf(url: string): PostbackRoute {
    const target = parseTarget(url);
    if (target === null) return { kind: 'invalid_url' };
    const mayReachLoopback = isLocalTestHost(target, options.localTestHost);
    const isAllowed = mayReachLoopback ? isPublicOrLoopback : isPublicAddress;
    const literal = bareHostname(target);
    if (isIP(literal) !== 0 && !isAllowed(literal)) return { kind: 'blocked_address' };
    const isHttps = target.protocol === 'https:';
    return {
      kind: 'open',
      client: isHttps ? https : http,
      options: {
        ...urlToHttpOptions(target),
        agent: isHttps ? agents['https:'] : agents['http:'],
        lookup: mayReachLoopback ? lookups.local : lookups.strict,
      },
    };
  }

  const routes = new Map<string, PostbackRoute>();
  return (url) => {
    const known = routes.get(url);
    if (known !== undefined) return known;
    const route = routeOf(url);
    if (routes.size >= ROUTES_KEPT) routes.clear();
    routes.set(url, route);
    return route;
  };
}
