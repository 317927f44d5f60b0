import {
  OpsApiPaths,
  type EndClientConnectRequest,
  type OpsDoneResponse,
  type SearchResponse,
} from '../../contract/ops.js';
import { opsCall } from './ops-call.js';
import { withQuery } from './query-string.js';

/** The console's search, and a trading client's Connect sessions ended by client code. */
export const findApi = {
  search: (q: string) => opsCall<SearchResponse>('get', withQuery(OpsApiPaths.search, { q })),
  endClientConnect: (body: EndClientConnectRequest) =>
    opsCall<OpsDoneResponse>('post', OpsApiPaths.clientEndConnect, { json: body }),
};

export const findKeys = {
  search: (q: string) => ['ops', 'search', q] as const,
};
