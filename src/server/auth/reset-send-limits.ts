import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Database } from '../db/schema.js';
import { countHit } from '../limits/rate-limits.repository.js';
import { normalizeEmail } from './auth.repository.js';
import { CodeRules } from './codes.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';

/**
 * The send limits of reset codes (60 s apart, 5 an hour), counted per typed address in
 * the shared counters whether or not the address has an account: a refusal says how long
 * to wait, and says it alike for known and unknown addresses (docs/decisions/010). The
 * counters are keyed by a keyed hash, so they do not keep the address.
 */
export async function countResetRequest(
  deps: { readonly db: Kysely<Database>; readonly codeHashSecret: string },
  email: string,
  now: number,
): Promise<void> {
  const address = createHmac('sha256', deps.codeHashSecret)
    .update(`reset-request:${normalizeEmail(email)}`)
    .digest('hex');
  const gap = await countHit(deps.db, `reset-gap ${address}`, now, CodeRules.resendGapMs);
  if (gap.hits > 1) {
    const seconds = secondsUntil(gap.resetsAt - now);
    throw new RetryLaterError(
      Messages.auth.resendTooSoon(seconds),
      seconds,
      'code_resend_too_soon',
    );
  }
  const hour = await countHit(deps.db, `reset-hour ${address}`, now, CodeRules.windowMs);
  if (hour.hits > CodeRules.sendsPerWindow) {
    const seconds = secondsUntil(hour.resetsAt - now);
    throw new RetryLaterError(Messages.auth.sendLimitReached(seconds), seconds, 'code_send_limit');
  }
}
