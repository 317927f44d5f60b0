import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import { isLoopback } from '../run-mode.js';

// Server-only operator text: the /dev pages exist only in embedded mode.
export const DEV_LOOPBACK_ONLY =
  'The /dev pages answer only on this computer (loopback): they show every mailed code and sign anyone in. Set EMBEDDED_ALLOW_REMOTE=true to open them to other clients.';

/** The host name of a Host header value, without its port or an IPv6 address's brackets. */
function hostNameOf(host: string): string {
  const bracketed = /^\[([^\]]*)\]/.exec(host);
  if (bracketed !== null) return bracketed[1] ?? '';
  return host.replace(/:\d*$/, '');
}

/**
 * True when the request comes from this computer: the socket peer is loopback and so is
 * every X-Forwarded-For hop, and the Host it names is loopback too (a page on a rebound DNS
 * name reaches loopback from the developer's own browser, but under that name). The forwarded hops are read whether or not TRUST_PROXY
 * believes them: a client can only refuse itself with them, and a proxy on this computer
 * (Vite's in `npm run dev`) that forwards a remote browser must not make it local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const peer = request.socket.remoteAddress;
  if (peer === undefined || !isLoopback(peer)) return false;
  const forwarded = request.headers['x-forwarded-for'];
  const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((hop) => hop.trim())
    .filter((hop) => hop !== '');
  return hops.every(isLoopback) && isLoopback(hostNameOf(request.headers.host ?? ''));
}

/** The onRequest check of every /dev route. */
export function refuseRemote(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: (error?: AppError) => void,
): void {
  done(isLocalRequest(request) ? undefined : new AppError('forbidden', DEV_LOOPBACK_ONLY));
}
