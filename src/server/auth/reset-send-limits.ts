import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { CodePurpose, Database } from '../db/schema.js';
import { createHmacSha256 } from '../keys/hmac-sha256.js';
import { countHit } from '../limits/rate-limits.repository.js';
import { normalizeEmail } from './auth.repository.js';
import { CodeRules } from './codes.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';

interface CounterDeps {
  readonly db: Kysely<Database>;
  readonly codeHashSecret: string;
}

/** The typed address's keyed hash, which names its counters without keeping the address. */
function addressKey(codeHashSecret: string, purpose: CodePurpose, email: string): string {
  return createHmacSha256(codeHashSecret)(`${purpose}-request:${normalizeEmail(email)}`, 'hex');
}

/** The counter of the 60 s gap between codes requested for the typed address. */
export function resendGapKey(codeHashSecret: string, purpose: CodePurpose, email: string) {
  return gapKey(purpose, addressKey(codeHashSecret, purpose, email));
}

function gapKey(purpose: CodePurpose, address: string): string {
  return `${purpose}-gap ${address}`;
}

/** Counts a code sent to the typed address, starting its 60 s gap; answers the gap count. */
async function countSent(deps: CounterDeps, purpose: CodePurpose, email: string, now: number) {
  const address = addressKey(deps.codeHashSecret, purpose, email);
  const gap = await countHit(deps.db, gapKey(purpose, address), now, CodeRules.resendGapMs);
  return { address, gap };
}

/** A code sent without a request of its own (the sign-up's): later requests wait the gap. */
export async function startResendGap(
  deps: CounterDeps,
  purpose: CodePurpose,
  email: string,
  now: number,
): Promise<void> {
  await countSent(deps, purpose, email, now);
}

/**
 * The 60 s gap between code requests, counted per typed address before anything is
 * looked up, so known and unknown addresses get the same 429 in the same time
 * (docs/decisions/010). Answers the address's keyed hash.
 */
export async function countResendGap(
  deps: CounterDeps,
  purpose: CodePurpose,
  email: string,
  now: number,
): Promise<string> {
  const { address, gap } = await countSent(deps, purpose, email, now);
  if (gap.hits > 1) {
    const seconds = secondsUntil(gap.resetsAt - now);
    throw new RetryLaterError(
      Messages.auth.resendTooSoon(seconds),
      seconds,
      'code_resend_too_soon',
    );
  }
  return address;
}

/**
 * The send limits of reset codes (60 s apart, 5 an hour), counted per typed address in
 * the shared counters whether or not the address has an account: a refusal says how long
 * to wait, and says it alike for known and unknown addresses (docs/decisions/010). The
 * counters are keyed by a keyed hash, so they do not keep the address.
 */
export async function countResetRequest(
  deps: CounterDeps,
  email: string,
  now: number,
): Promise<void> {
  const address = await countResendGap(deps, 'reset', email, now);
  const hour = await countHit(deps.db, `reset-hour ${address}`, now, CodeRules.windowMs);
  if (hour.hits > CodeRules.sendsPerWindow) {
    const seconds = secondsUntil(hour.resetsAt - now);
    throw new RetryLaterError(Messages.auth.sendLimitReached(seconds), seconds, 'code_send_limit');
  }
}
