import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ActivityQuerySchema, ActivityResponseSchema } from '../../contract/activity.js';
import { Messages } from '../../contract/messages.js';
import {
  ApplicationStatusRequestSchema,
  BlockRequestSchema,
  EndClientConnectRequestSchema,
  EndConnectRequestSchema,
  OpsApiPaths,
  OpsApplicationResponseSchema,
  OpsDeveloperResponseSchema,
  OpsDoneResponseSchema,
  ReasonRequestSchema,
  RequiredReasonRequestSchema,
  SearchQuerySchema,
  SearchResponseSchema,
} from '../../contract/ops.js';
import { OpsMessages } from '../../contract/ops-messages.js';
import { UsageMessages, UsageQuerySchema, UsageResponseSchema } from '../../contract/usage.js';
import type { ActivityService } from '../activity/activity.service.js';
import type { Db } from '../db/database.js';
import type { UsageReader } from '../gateway/gateway-usage.service.js';
import { noStore } from '../http/no-store.js';
import type { OperatorSessions } from './operator-session.js';
import type { OpsActions } from './ops-actions.js';
import { searchDevelopersAndApps } from './ops-find.js';
import type { OpsRecords } from './ops-records.js';
import { actorOf, IdParams, OpsErrors } from './ops-route-parts.js';

export interface OpsSupportRouteDeps {
  readonly db: Db;
  readonly sessions: OperatorSessions;
  readonly records: OpsRecords;
  readonly actions: OpsActions;
  readonly activity: ActivityService;
  readonly usage: UsageReader;
}

/** Support's search, the developer and application pages (with its usage), and the actions. */
export function registerOpsSupportRoutes(app: FastifyInstance, deps: OpsSupportRouteDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const support = { preHandler: deps.sessions.require('developers'), onSend: noStore };
  const done = (message: string) => ({ message });
  const action = {
    ...support,
    schema: {
      params: IdParams,
      body: ReasonRequestSchema,
      response: { 200: OpsDoneResponseSchema, ...OpsErrors },
    },
  };

  r.get(
    OpsApiPaths.search,
    {
      ...support,
      schema: {
        querystring: SearchQuerySchema,
        response: { 200: SearchResponseSchema, ...OpsErrors },
      },
    },
    (request) => searchDevelopersAndApps(deps.db.kysely, request.query.q),
  );

  r.get(
    OpsApiPaths.developerPattern,
    {
      ...support,
      schema: { params: IdParams, response: { 200: OpsDeveloperResponseSchema, ...OpsErrors } },
    },
    (request) => deps.records.developer(request.params.id),
  );

  r.get(
    OpsApiPaths.developerActivityPattern,
    {
      ...support,
      schema: {
        params: IdParams,
        querystring: ActivityQuerySchema,
        response: { 200: ActivityResponseSchema, ...OpsErrors },
      },
    },
    async (request) => {
      // The developer must exist: an unknown id is a 404, not an empty log.
      await deps.records.developer(request.params.id);
      return {
        status: 'success' as const,
        message: Messages.activity.listed,
        ...(await deps.activity.page(request.params.id, request.query)),
      };
    },
  );

  r.get(
    OpsApiPaths.applicationPattern,
    {
      ...support,
      schema: { params: IdParams, response: { 200: OpsApplicationResponseSchema, ...OpsErrors } },
    },
    (request) => deps.records.application(request.params.id),
  );

  r.get(
    OpsApiPaths.applicationUsagePattern,
    {
      ...support,
      schema: {
        params: IdParams,
        querystring: UsageQuerySchema,
        response: { 200: UsageResponseSchema, ...OpsErrors },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: UsageMessages.listed,
      ...(await deps.usage.ofApplication(request.params.id, request.query.window ?? '24h')),
    }),
  );

  r.post(
    OpsApiPaths.applicationStatusPattern,
    {
      ...support,
      schema: {
        params: IdParams,
        body: ApplicationStatusRequestSchema,
        response: { 200: OpsDoneResponseSchema, ...OpsErrors },
      },
    },
    async (request) => {
      const { isActive, reason } = request.body;
      await deps.actions.setApplicationActive(
        actorOf(request),
        request.params.id,
        isActive,
        reason,
      );
      return done(
        isActive ? OpsMessages.application.resumedDone : OpsMessages.application.pausedDone,
      );
    },
  );

  const block = {
    ...support,
    schema: {
      params: IdParams,
      body: BlockRequestSchema,
      response: { 200: OpsDoneResponseSchema, ...OpsErrors },
    },
  };

  r.post(OpsApiPaths.applicationBlockPattern, block, async (request) => {
    const { blocked, reason } = request.body;
    await deps.actions.blockApplication(actorOf(request), request.params.id, blocked, reason);
    const messages = OpsMessages.application;
    return done(blocked ? messages.blockedDone : messages.unblockedDone);
  });

  r.post(OpsApiPaths.developerBlockPattern, block, async (request) => {
    const { blocked, reason } = request.body;
    await deps.actions.blockDeveloper(actorOf(request), request.params.id, blocked, reason);
    const messages = OpsMessages.developer;
    return done(blocked ? messages.blockedDone : messages.unblockedDone);
  });

  const endConnect = {
    ...support,
    schema: {
      params: IdParams,
      body: EndConnectRequestSchema,
      response: { 200: OpsDoneResponseSchema, ...OpsErrors },
    },
  };
  r.post(OpsApiPaths.applicationEndConnectPattern, endConnect, async (request) => {
    const { id } = request.params;
    const ended = await deps.actions.endApplicationConnect(
      actorOf(request),
      id,
      request.body.reason,
    );
    return done(OpsMessages.connect.ended(ended));
  });

  r.post(
    OpsApiPaths.clientEndConnect,
    {
      ...support,
      schema: {
        body: EndClientConnectRequestSchema,
        response: { 200: OpsDoneResponseSchema, ...OpsErrors },
      },
    },
    async (request) => {
      const { clientCode, reason } = request.body;
      const ended = await deps.actions.endClientConnect(actorOf(request), clientCode, reason);
      return done(OpsMessages.connect.ended(ended));
    },
  );

  r.post(OpsApiPaths.unlockPattern, action, async (request) => {
    await deps.actions.unlock(actorOf(request), request.params.id, request.body.reason);
    return done(OpsMessages.developer.unlocked);
  });

  r.post(OpsApiPaths.endSessionsPattern, action, async (request) => {
    await deps.actions.endSessions(actorOf(request), request.params.id, request.body.reason);
    return done(OpsMessages.developer.sessionsEnded);
  });

  r.post(
    OpsApiPaths.resetFactorsPattern,
    {
      ...support,
      schema: {
        params: IdParams,
        body: RequiredReasonRequestSchema,
        response: { 200: OpsDoneResponseSchema, ...OpsErrors },
      },
    },
    async (request) => {
      await deps.actions.resetFactors(actorOf(request), request.params.id, request.body.reason);
      return done(OpsMessages.factors.resetDone);
    },
  );

  r.post(OpsApiPaths.resendVerificationPattern, action, async (request) => {
    await deps.actions.resendVerification(actorOf(request), request.params.id, request.body.reason);
    return done(OpsMessages.developer.verificationResent);
  });
}
