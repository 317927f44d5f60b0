import {
  OpsApiPaths,
  type ApplicationStatusRequest,
  type OpsApplicationResponse,
  type OpsDoneResponse,
} from '../../contract/ops.js';
import { opsCall } from './ops-call.js';

/** An application as the console sees it, and pausing or resuming it. */
export const applicationsApi = {
  get: (id: string) => opsCall<OpsApplicationResponse>('get', OpsApiPaths.application(id)),
  setStatus: (id: string, body: ApplicationStatusRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.applicationStatus(id), { json: body }),
};

export const applicationKeys = {
  one: (id: string) => ['ops', 'application', id] as const,
};
