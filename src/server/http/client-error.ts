import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { genericCodeOf } from '../../contract/error-codes.js';
import { hasAnsweredUnread } from './close-unread.js';

const ANSWERS: Readonly<Record<string, readonly [number, string]>> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive.'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'The request path is too long.'],
};
const MALFORMED: readonly [number, string] = [400, 'The request could not be read.'];

/** The one error body `{status, code, message}` of an answer given outside the error handler. */
function errorBody(status: number, message: string) {
  return { status: 'error', code: genericCodeOf(status), message } as const;
}

/**
 * Fastify's `clientErrorHandler`: requests Node's HTTP parser refuses (bad header bytes,
 * lying lengths, unknown methods) never reach a route or the error handler, so they get
 * the one error body here instead of Fastify's own shape.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // A reset connection has no one to answer (https://nodejs.org/api/http.html#event-clienterror).
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // Its request has its answer already: the rest of its body is what broke the framing.
  if (hasAnsweredUnread(socket)) {
    socket.destroy(error);
    return;
  }
  const [status, message] = ANSWERS[error.code ?? ''] ?? MALFORMED;
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * Node answers an `Expect` other than 100-continue with a bare 417 before any route runs;
 * on the server's `checkExpectation` event this answers it with the one error body.
 */
export function answerFailedExpectation(_request: IncomingMessage, response: ServerResponse) {
  response
    .writeHead(417, { 'content-type': 'application/json; charset=utf-8', connection: 'close' })
    .end(JSON.stringify(errorBody(417, 'The Expect header cannot be met.')));
}

/**
 * Fastify's `frameworkErrors`: a path the router cannot decode (`%zz`) or a path segment
 * past its length limit is refused before the error handler, with Fastify's own shape.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const [status, message] = ANSWERS[error.code] ?? MALFORMED;
  void reply.status(status).send(errorBody(status, message));
}
