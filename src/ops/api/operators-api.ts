import {
  OpsApiPaths,
  type AddOperatorRequest,
  type EnrollmentLinkResponse,
  type OperatorListResponse,
  type OpsDoneResponse,
} from '../../contract/ops.js';
import { opsCall } from './ops-call.js';

/** The admin's calls on operator accounts. */
export const operatorsApi = {
  list: () => opsCall<OperatorListResponse>('get', OpsApiPaths.operators),
  add: (body: AddOperatorRequest) =>
    opsCall<EnrollmentLinkResponse>('post', OpsApiPaths.operators, { json: body }),
  disable: (id: string) => opsCall<OpsDoneResponse>('post', OpsApiPaths.operatorDisable(id)),
  reset: (id: string) => opsCall<EnrollmentLinkResponse>('post', OpsApiPaths.operatorReset(id)),
};

export const operatorKeys = {
  all: ['ops', 'operators'] as const,
};
