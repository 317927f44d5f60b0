import type { FastifyReply, FastifyRequest } from 'fastify';
import { hash, timingSafeEqual } from 'node:crypto';
import { PostbackMessages } from '../../contract/postbacks.js';
import { AppError } from '../errors.js';

/**
 * Checks a bearer token against the configured SHA-256 hashes (POSTBACK_SERVICE_TOKEN_HASHES).
 * The token's hash is compared with every configured hash in constant time, without an early
 * exit, so the answer's timing tells nothing about which hash came close.
 */
export function isServiceToken(
  authorization: string | undefined,
  tokenHashes: readonly Buffer[],
): boolean {
  const match = /^Bearer ([^\s]+)$/.exec(authorization ?? '');
  if (match?.[1] === undefined) return false;
  const given = hash('sha256', match[1], 'buffer');
  let isKnown = false;
  for (const expected of tokenHashes) {
    if (timingSafeEqual(given, expected)) isKnown = true;
  }
  return isKnown;
}

/**
 * An `onRequest` hook of the `/internal/v1` routes: before the body is read, so a caller
 * without the token learns nothing from validation.
 */
export function requireServiceToken(tokenHashesHex: readonly string[]) {
  const hashes = tokenHashesHex.map((hex) => Buffer.from(hex, 'hex'));
  return (
    request: FastifyRequest,
    _reply: FastifyReply,
    done: (error?: AppError) => void,
  ): void => {
    done(
      isServiceToken(request.headers.authorization, hashes)
        ? undefined
        : new AppError('unauthorized', PostbackMessages.badServiceToken),
    );
  };
}
