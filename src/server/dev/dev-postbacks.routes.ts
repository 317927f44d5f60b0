import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { DevPaths } from '../../contract/api-paths.js';
import type { Clock } from '../clock.js';
import { flatHeaders } from '../http/flat-headers.js';
import { postbacksPage } from './dev-pages.js';
import { createPostbackInbox } from './postback-inbox.js';

export interface DevPostbackDeps {
  readonly clock: Clock;
  readonly productName: string;
  readonly publicUrl: string;
}

// Ours: as many as the delivery log shows, and a body well past any event's.
const KEPT = 100;
const BODY_LIMIT_BYTES = 256 * 1024;

const ReceivedPostbackSchema = z.object({
  id: z.number(),
  method: z.string(),
  url: z.string(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
  receivedAt: z.string(),
});

/**
 * Embedded mode only, inside the /dev plugin (so loopback clients only): a receiver that
 * records every postback it gets, to try the whole loop on one machine. It takes
 * any body as text, as sent, so the signature can be checked against it.
 */
export function registerDevPostbackRoutes(dev: FastifyInstance, deps: DevPostbackDeps) {
  const inbox = createPostbackInbox(KEPT);
  const receiverUrl = `${deps.publicUrl}${DevPaths.postbacks}`;
  dev.register((scope, _options, done) => {
    const r = scope.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES },
      (_request, body, parsed) => parsed(null, body),
    );

    r.post(
      DevPaths.postbacks,
      { schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
      async (request, reply) => {
        inbox.record({
          method: request.method,
          url: request.url,
          headers: flatHeaders(request.headers),
          body: typeof request.body === 'string' ? request.body : '',
          receivedAt: deps.clock.now(),
        });
        return reply.send({ status: 'ok' });
      },
    );

    r.get(
      DevPaths.postbacks,
      { schema: { response: { 200: z.string() } } },
      async (_request, reply) =>
        reply
          .type('text/html; charset=utf-8')
          .send(postbacksPage(deps.productName, receiverUrl, inbox.list())),
    );

    r.get(
      DevPaths.postbackRequests,
      { schema: { response: { 200: z.array(ReceivedPostbackSchema) } } },
      async (_request, reply) =>
        reply.send(
          inbox.list().map((p) => ({ ...p, receivedAt: new Date(p.receivedAt).toISOString() })),
        ),
    );
    done();
  });
}
