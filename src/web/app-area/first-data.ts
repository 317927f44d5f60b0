import type { QueryExecuteOptions } from '@tanstack/react-query';
import { queryClient } from './query-client.js';

/**
 * How long a signed-in screen's first paint waits for its data (decision 042): an answer
 * within it is in that paint, with no loading state before it and no second render after;
 * a slower one leaves the screen to paint its loading state and render the data on arrival.
 */
export const FIRST_DATA_WAIT_MS = 300;

/**
 * A route loader's wait for its screen's queries: starts each (unless its answer is fresh)
 * and resolves once all have settled or the wait is over. The screen's own queries of the
 * same keys take the answers, or the requests in flight, instead of asking again; a failure
 * is the screen's to show.
 */
export async function awaitFirstData(...queries: readonly QueryExecuteOptions[]): Promise<null> {
  const answers = Promise.all(queries.map((query) => queryClient.query(query).catch(() => null)));
  const waitOver = new Promise((resolve) => setTimeout(resolve, FIRST_DATA_WAIT_MS));
  await Promise.race([answers, waitOver]);
  return null;
}
