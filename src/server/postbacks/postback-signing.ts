import { hash, randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { PostbackLimits } from '../../contract/postbacks.js';

const PREFIX = 'whsec_';
const MASK_VISIBLE = 10;

/** A new signing secret in the Standard Webhooks form: `whsec_` and base64 of random bytes. */
export function newPostbackSecret(): string {
  return `${PREFIX}${randomBytes(PostbackLimits.secretBytes).toString('base64')}`;
}

/** `whsec_` and the first few characters: enough to tell secrets apart, not to sign. */
export function maskPostbackSecret(secret: string): string {
  return `${secret.slice(0, PREFIX.length + MASK_VISIBLE)}…`;
}

/**
 * The `webhook-id` of an event: the same for every delivery of the same caller's event to
 * the same application, even one sent again after the portal's idempotency window, so a
 * receiver can drop repeats (decision 050). A hash, so it shows neither id.
 */
export function postbackMessageId(applicationId: string, callerEventId: string): string {
  return `msg_${hash('sha256', JSON.stringify([applicationId, callerEventId]), 'base64url')}`;
}

export interface SignatureHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * The Standard Webhooks headers of one delivery. During a roll's grace period every live
 * secret signs and the `v1,` signatures are space-separated, as the specification allows,
 * so a receiver verifying with either the old or the new secret accepts it.
 */
export function signPostback(
  secrets: readonly string[],
  messageId: string,
  at: number,
  body: string,
): SignatureHeaders {
  const timestamp = new Date(at);
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(at / 1000)),
    'webhook-signature': secrets
      .map((secret) => new Webhook(secret).sign(messageId, timestamp, body))
      .join(' '),
  };
}
