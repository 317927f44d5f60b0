import { OpsApiPaths, type SearchResponse } from '../../contract/ops.js';
import { opsCall } from './ops-call.js';
import { withQuery } from './query-string.js';

/** The console's search: developers and applications by any of their keys. */
export const findApi = {
  search: (q: string) => opsCall<SearchResponse>('get', withQuery(OpsApiPaths.search, { q })),
};

export const findKeys = {
  search: (q: string) => ['ops', 'search', q] as const,
};
