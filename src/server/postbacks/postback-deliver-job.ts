import * as z from 'zod/mini';
import { POSTBACK_MAX_ATTEMPTS, POSTBACK_RETRY_DELAYS_MS } from '../../contract/postbacks.js';
import type { JobDefinition } from '../jobs/job-definition.js';

const DeliverSchema = z.object({ eventId: z.string() });

/** One delivery attempt of a postback event per try, on Svix's schedule (decision 031). */
export const PostbackDeliverJob: JobDefinition<typeof DeliverSchema> = {
  kind: 'postback.deliver',
  payload: DeliverSchema,
  maxAttempts: POSTBACK_MAX_ATTEMPTS,
  isPayloadSecret: false,
  retryDelaysMs: POSTBACK_RETRY_DELAYS_MS,
};
