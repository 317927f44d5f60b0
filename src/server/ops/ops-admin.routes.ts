import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import {
  AddOperatorRequestSchema,
  AuditQuerySchema,
  AuditResponseSchema,
  EnrollmentLinkResponseSchema,
  OpsApiPaths,
  OpsDoneResponseSchema,
  OperatorListResponseSchema,
  type AuditQuery,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import type { Db } from '../db/database.js';
import { noStore } from '../http/no-store.js';
import type { EnrollmentLink, OperatorAccounts } from './operator-accounts.js';
import type { OperatorAudit } from './operator-audit.js';
import type { OperatorSessions } from './operator-session.js';
import { listOperators } from './operators.repository.js';
import { actorOf, IdParams, OpsErrors } from './ops-route-parts.js';

export interface OpsAdminRouteDeps {
  readonly db: Db;
  readonly sessions: OperatorSessions;
  readonly accounts: OperatorAccounts;
  readonly audit: OperatorAudit;
}

const linkAnswer = (link: EnrollmentLink) => ({
  operatorId: link.operatorId,
  enrollmentUrl: link.enrollmentUrl,
  expiresAt: new Date(link.expiresAt).toISOString(),
});

/** The audit log and its CSV, and the operators' accounts: admins only. */
export function registerOpsAdminRoutes(app: FastifyInstance, deps: OpsAdminRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auditors = { preHandler: deps.sessions.require('audit'), onSend: noStore };
  const admins = { preHandler: deps.sessions.require('operators'), onSend: noStore };

  r.get(
    OpsApiPaths.audit,
    {
      ...auditors,
      schema: {
        querystring: AuditQuerySchema,
        response: { 200: AuditResponseSchema, ...OpsErrors },
      },
    },
    (request) => deps.audit.page(request.query),
  );

  // A stream, not the schema's string: declared on the untyped instance, where the schema
  // still checks the query and documents the answer.
  app.get<{ Querystring: AuditQuery }>(
    OpsApiPaths.auditCsv,
    {
      ...auditors,
      schema: { querystring: AuditQuerySchema, response: { 200: z.string(), ...OpsErrors } },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${OpsMessages.audit.csvFileName}"`)
        .send(Readable.from(await deps.audit.csv(request.query, actorOf(request)))),
  );

  r.get(
    OpsApiPaths.operators,
    { ...admins, schema: { response: { 200: OperatorListResponseSchema, ...OpsErrors } } },
    async () => ({
      operators: (await listOperators(deps.db.kysely)).map((row) => ({
        id: row.id,
        email: row.email,
        role: row.role,
        state:
          row.disabledAt !== null
            ? ('disabled' as const)
            : row.enrolledAt === null
              ? ('invited' as const)
              : ('active' as const),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
    }),
  );

  r.post(
    OpsApiPaths.operators,
    {
      ...admins,
      schema: {
        body: AddOperatorRequestSchema,
        response: { 201: EnrollmentLinkResponseSchema, ...OpsErrors },
      },
    },
    async (request, reply) => {
      const { email, role } = request.body;
      const link = await deps.accounts.add(email, role, actorOf(request));
      return reply.status(201).send(linkAnswer(link));
    },
  );

  r.post(
    OpsApiPaths.operatorResetPattern,
    {
      ...admins,
      schema: { params: IdParams, response: { 200: EnrollmentLinkResponseSchema, ...OpsErrors } },
    },
    async (request) => linkAnswer(await deps.accounts.reset(request.params.id, actorOf(request))),
  );

  r.post(
    OpsApiPaths.operatorDisablePattern,
    {
      ...admins,
      schema: { params: IdParams, response: { 200: OpsDoneResponseSchema, ...OpsErrors } },
    },
    async (request) => {
      await deps.accounts.disable(request.params.id, actorOf(request));
      return { message: OpsMessages.operators.disabledDone };
    },
  );
}
