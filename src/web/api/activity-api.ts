import type { ActivityQuery, ActivityResponse } from '../../contract/activity.js';
import { ApiPaths } from '../../contract/api-paths.js';
import { call, download } from './http.js';

function withQuery(path: string, query: ActivityQuery): string {
  const search = new URLSearchParams(
    Object.entries(query).filter((entry): entry is [string, string] => entry[1] !== undefined),
  ).toString();
  return search === '' ? path : `${path}?${search}`;
}

/** The activity log's calls, one function each. */
export const activityApi = {
  page: (query: ActivityQuery) =>
    call<ActivityResponse>('get', withQuery(ApiPaths.activity, query)),
  csv: (query: ActivityQuery) => download(withQuery(ApiPaths.activityCsv, query)),
};

export const activityKeys = {
  page: (query: ActivityQuery) => ['activity', query] as const,
};

/** One page of the log, as the activity screen and its route's loader ask it. */
export const activityPageQuery = (query: ActivityQuery) => ({
  queryKey: activityKeys.page(query),
  queryFn: () => activityApi.page(query),
});
