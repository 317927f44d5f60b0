import {
  OpsApiPaths,
  type ApplicationStatusRequest,
  type BlockRequest,
  type EndConnectRequest,
  type OpsApplicationResponse,
  type OpsDoneResponse,
} from '../../contract/ops.js';
import type { UsageResponse, UsageWindow } from '../../contract/usage.js';
import { opsCall } from './ops-call.js';

/** An application as the console sees it, pausing or resuming it, its kill switch, its Connect sessions ended and its gateway usage. */
export const applicationsApi = {
  get: (id: string) => opsCall<OpsApplicationResponse>('get', OpsApiPaths.application(id)),
  setStatus: (id: string, body: ApplicationStatusRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationStatus(id), { json: body }),
  setBlock: (id: string, body: BlockRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationBlock(id), { json: body }),
  endConnect: (id: string, body: EndConnectRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationEndConnect(id), { json: body }),
  usage: (id: string, window: UsageWindow) =>
    opsCall<UsageResponse>(
      'get',
      `${OpsApiPaths.applicationUsage(id)}?${new URLSearchParams({ window }).toString()}`,
    ),
};

export const applicationKeys = {
  one: (id: string) => ['ops', 'application', id] as const,
  usage: (id: string) => ['ops', 'application', id, 'usage'] as const,
};
