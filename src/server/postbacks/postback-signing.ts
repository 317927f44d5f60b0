import { createHmac, randomBytes } from 'node:crypto';
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

export interface SignatureHeaders {
  readonly 'webhook-id': string;
  readonly 'webhook-timestamp': string;
  readonly 'webhook-signature': string;
}

/**
 * The Standard Webhooks `v1` signature: HMAC-SHA256, keyed by the secret's bytes (base64
 * after `whsec_`), of `id.timestamp.body`, in base64. Node's HMAC rather than the
 * `standardwebhooks` library's SHA-256 in JavaScript, which took longer a signature
 * (docs/decisions/038-drain-cpu.md); the tests verify with the library.
 */
function signatureOf(secret: string, signedContent: string): string {
  const key = Buffer.from(
    secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret,
    'base64',
  );
  return `v1,${createHmac('sha256', key).update(signedContent).digest('base64')}`;
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
  const timestamp = String(Math.floor(at / 1000));
  const signedContent = `${messageId}.${timestamp}.${body}`;
  return {
    'webhook-id': messageId,
    'webhook-timestamp': timestamp,
    'webhook-signature': secrets.map((secret) => signatureOf(secret, signedContent)).join(' '),
  };
}
