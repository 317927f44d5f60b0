import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ApiPaths } from '../../contract/api-paths.js';
import {
  IpCheckLimits,
  IpCheckRequestSchema,
  IpCheckResponseSchema,
  MyIpResponseSchema,
} from '../../contract/ip-check.js';
import { Messages } from '../../contract/messages.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { authenticatedDeveloperId } from '../auth/authenticate.js';
import { perIpLimit } from '../auth/rate-limits.js';
import { rowSpellingOf, type IpCheckService } from './ip-check.service.js';

/** The IP rows' read-only calls: the check while typing and the caller's own IP. */
export function registerIpCheckRoutes(app: FastifyInstance, ipCheck: IpCheckService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const auth = { preHandler: app.authenticate };

  r.post(
    ApiPaths.ipCheck,
    {
      ...auth,
      // It answers whether another developer has an IP: limited, so it cannot be swept.
      config: perIpLimit(IpCheckLimits.checksPerMinute),
      schema: {
        body: IpCheckRequestSchema,
        response: { 200: IpCheckResponseSchema, ...ErrorResponses, 404: ErrorResponses[400] },
      },
    },
    async (request) => ({
      status: 'success' as const,
      message: Messages.ips.checked,
      results: await ipCheck.check(
        authenticatedDeveloperId(request),
        request.body.ips,
        request.body.applicationId,
      ),
    }),
  );

  // request.ip follows TRUST_PROXY (src/server/trust-proxy.ts): the address the portal,
  // and so the allowlist's owner, sees.
  r.get(
    ApiPaths.myIp,
    { ...auth, schema: { response: { 200: MyIpResponseSchema, ...ErrorResponses } } },
    (request) => ({
      status: 'success' as const,
      message: Messages.ips.myIpFound,
      ip: rowSpellingOf(request.ip),
    }),
  );
}
