import {
  OpsApiPaths,
  type ApplicationStatusRequest,
  type BlockRequest,
  type OpsApplicationResponse,
  type OpsDoneResponse,
} from '../../contract/ops.js';
import { opsCall } from './ops-call.js';

/** An application as the console sees it, pausing or resuming it, and its kill switch. */
export const applicationsApi = {
  get: (id: string) => opsCall<OpsApplicationResponse>('get', OpsApiPaths.application(id)),
  setStatus: (id: string, body: ApplicationStatusRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationStatus(id), { json: body }),
  setBlock: (id: string, body: BlockRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationBlock(id), { json: body }),
};

export const applicationKeys = {
  one: (id: string) => ['ops', 'application', id] as const,
};
