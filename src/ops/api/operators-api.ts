import {
  OpsApiPaths,
  type AddOperatorRequest,
  type EnrollmentLinkResponse,
  type OperatorListResponse,
  type OpsDoneResponse,
} from '../../contract/ops.js';
import { call } from '../../web/api/http.js';

/** The admin's calls on operator accounts (issue 12). */
export const operatorsApi = {
  list: () => call<OperatorListResponse>('get', OpsApiPaths.operators),
  add: (body: AddOperatorRequest) =>
    call<EnrollmentLinkResponse>('post', OpsApiPaths.operators, { json: body }),
  disable: (id: string) => call<OpsDoneResponse>('post', OpsApiPaths.operatorDisable(id)),
  reset: (id: string) => call<EnrollmentLinkResponse>('post', OpsApiPaths.operatorReset(id)),
};

export const operatorKeys = {
  all: ['ops', 'operators'] as const,
};
