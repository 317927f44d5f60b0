import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  OpsApiPaths,
  OpsDoneResponseSchema,
  PendingProofsResponseSchema,
  ProofDecisionRequestSchema,
  ProofDocumentQuerySchema,
} from '../../contract/ops.js';
import { noStore } from '../http/no-store.js';
import type { OperatorSessions } from './operator-session.js';
import type { OpsProofs } from './ops-proofs.js';
import { actorOf, OpsErrors } from './ops-route-parts.js';

/** The reviewer's proof queue. */
export function registerOpsProofsRoutes(
  app: FastifyInstance,
  deps: { readonly sessions: OperatorSessions; readonly proofs: OpsProofs },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reviewer = { preHandler: deps.sessions.require('proofs'), onSend: noStore };

  r.get(
    OpsApiPaths.proofs,
    { ...reviewer, schema: { response: { 200: PendingProofsResponseSchema, ...OpsErrors } } },
    async () => ({ proofs: await deps.proofs.waiting() }),
  );

  r.get(
    OpsApiPaths.proofDocument,
    { ...reviewer, schema: { querystring: ProofDocumentQuerySchema } },
    async (request, reply) => {
      const { bytes, type } = await deps.proofs.document(
        request.query.applicationId,
        request.query.ip,
        actorOf(request),
      );
      // Shown in the console's page, never run as the portal: an image is drawn by the
      // browser, a PDF by the console's viewer; opened on its own it is an opaque origin.
      return reply
        .header('content-type', type)
        .header('content-disposition', 'inline')
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .send(bytes);
    },
  );

  r.post(
    OpsApiPaths.proofDecision,
    {
      ...reviewer,
      schema: {
        body: ProofDecisionRequestSchema,
        response: { 200: OpsDoneResponseSchema, ...OpsErrors },
      },
    },
    async (request) => ({
      message: await deps.proofs.decide(request.body, actorOf(request)),
    }),
  );
}
