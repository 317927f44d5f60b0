import { appQuery } from '../api/apps-api.js';
import { queryClient } from './query-client.js';

/**
 * Starts the query of one app (unless its answer is fresh) for a route's loader: the screen's
 * own query of the same key then takes the request in flight instead of asking again.
 */
export function prefetchApp(applicationId: string): void {
  // Its failure is the screen's to show: its own query finds the error and asks again.
  queryClient.query(appQuery(applicationId)).catch(() => undefined);
}
