import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * One line per request at info, written when it is answered: what was asked, of whom, the
 * answer and its time (decision 060). The arrival is logged at debug only: every request ends
 * with a line, as the request timeout answers the ones that arrive too slowly.
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (this.isLogDisabled(request)) return;
    request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else reply.log.info(line, 'request completed');
  }
}
