import { randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The hand-off's state (docs/product.md section 2.5): a random value in an HttpOnly cookie of
 * the browser that pressed the login button, which the provider sends back with the token.
 * A token sent to any other browser (a link that would sign its victim in to someone else's
 * account) does not come with that cookie.
 */
export const FLOW_STATE_COOKIE = 'flow_state';

// Long enough to finish a sign-in at the provider; a state is used once.
export const FLOW_STATE_MAX_AGE_SECONDS = 10 * 60;

export function newFlowState(): string {
  return randomBytes(32).toString('base64url');
}

export function isSameFlowState(cookie: string | undefined, returned: string | undefined) {
  if (cookie === undefined || returned === undefined || cookie === '') return false;
  const left = Buffer.from(cookie);
  const right = Buffer.from(returned);
  return left.length === right.length && timingSafeEqual(left, right);
}
