import type { ActivityResponse } from '../../contract/activity.js';
import {
  OpsApiPaths,
  type BlockRequest,
  type OpsDeveloperResponse,
  type OpsDoneResponse,
  type ReasonRequest,
  type RequiredReasonRequest,
} from '../../contract/ops.js';
import { opsCall } from './ops-call.js';
import { withQuery } from './query-string.js';

/** A developer as the console sees them, and the actions on their account. */
export const developersApi = {
  get: (id: string) => opsCall<OpsDeveloperResponse>('get', OpsApiPaths.developer(id)),
  activity: (id: string, cursor: string | undefined) =>
    opsCall<ActivityResponse>('get', withQuery(OpsApiPaths.developerActivity(id), { cursor })),
  unlock: (id: string, body: ReasonRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.unlock(id), { json: body }),
  endSessions: (id: string, body: ReasonRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.endSessions(id), { json: body }),
  resendVerification: (id: string, body: ReasonRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.resendVerification(id), { json: body }),
  resetFactors: (id: string, body: RequiredReasonRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.resetFactors(id), { json: body }),
  setBlock: (id: string, body: BlockRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.developerBlock(id), { json: body }),
};

export const developerKeys = {
  one: (id: string) => ['ops', 'developer', id] as const,
  activity: (id: string, cursor: string | undefined) =>
    ['ops', 'developer', id, 'activity', cursor ?? ''] as const,
};
