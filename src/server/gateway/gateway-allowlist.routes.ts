import type { FastifyInstance, FastifyReply, onRequestHookHandler } from 'fastify';
import { InternalPaths } from '../../contract/api-paths.js';
import { ErrorStatus, type ErrorCode } from '../../contract/error-codes.js';
import {
  AllowlistChangesQuerySchema,
  AllowlistMessages,
  AllowlistQuerySchema,
  GatewayLimits,
} from '../../contract/gateway.js';
import { decodeCursor, type Allowlist } from './gateway-allowlist.js';

function refuse(reply: FastifyReply, code: ErrorCode, message: string) {
  return reply.status(ErrorStatus[code]).send({ status: 'error', code, message });
}

const badQuery = (reply: FastifyReply) => refuse(reply, 'bad_request', AllowlistMessages.badQuery);

/**
 * The snapshot and change feed of a gateway that keeps its own copy, on the check's listener
 * behind the same shared token (`onRequest`).
 */
export function registerAllowlistRoutes(
  server: FastifyInstance,
  allowlist: Allowlist,
  onRequest: onRequestHookHandler,
) {
  server.get(InternalPaths.allowlist, { onRequest }, async (request, reply) => {
    const query = AllowlistQuerySchema.safeParse(request.query);
    if (!query.success) return badQuery(reply);
    const afterId = query.data.cursor === undefined ? null : decodeCursor(query.data.cursor);
    if (afterId === null && query.data.cursor !== undefined) return badQuery(reply);
    const limit = Number(query.data.limit ?? GatewayLimits.allowlistPageDefault);
    return reply.send(await allowlist.page(afterId, limit));
  });

  server.get(InternalPaths.allowlistChanges, { onRequest }, async (request, reply) => {
    const query = AllowlistChangesQuerySchema.safeParse(request.query);
    if (!query.success) return badQuery(reply);
    const limit = Number(query.data.limit ?? GatewayLimits.changesPageDefault);
    const changes = await allowlist.changes(Number(query.data.after), limit);
    if (changes === null)
      return refuse(reply, 'allowlist_cursor_gone', AllowlistMessages.cursorGone);
    return reply.send(changes);
  });
}
