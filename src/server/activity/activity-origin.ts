import type { FastifyRequest } from 'fastify';
import { summarizeUserAgent } from '../auth/user-agent.js';
import type { ActivityOrigin } from './activity.repository.js';

/** Where a request came from, as its activity event records it: `TRUST_PROXY`'s address. */
export function activityOriginOf(request: FastifyRequest): ActivityOrigin {
  return { ip: request.ip, device: summarizeUserAgent(request.headers['user-agent']) };
}
