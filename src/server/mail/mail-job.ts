import * as z from 'zod/mini';
import type { JobDefinition } from '../jobs/job-definition.js';

const MailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

/**
 * One e-mail, rendered when its cause commits. It may carry a code in clear, so its
 * payload is erased once sent. Twelve tries with the default backoff span about twenty
 * minutes, twice as long as a code lives (docs/decisions/013-job-queue.md).
 */
export const MailJob: JobDefinition<typeof MailSchema> = {
  kind: 'mail.send',
  payload: MailSchema,
  maxAttempts: 12,
  isPayloadSecret: true,
};
