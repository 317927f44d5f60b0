import type { AssertionCredential } from '../../contract/passkeys.js';
import { takeSignInTry, type ThrottlePlan } from '../auth/sign-in-throttle.js';
import { verifyAssertion, type AssertionDeps } from './passkey-assertion.js';

/**
 * A passkey given as second factor, counted like a code (docs/decisions/010): the try is
 * taken before the assertion is looked at, a locked count refuses it unchecked (429).
 */
export async function checkPasskeyFactor(
  deps: AssertionDeps & { readonly onLockout: () => void },
  plan: ThrottlePlan,
  purpose: 'second_factor' | 'confirm',
  credential: AssertionCredential,
  now: number,
) {
  if ((await takeSignInTry(deps.db, plan, now)).hasLocked) deps.onLockout();
  return verifyAssertion(deps, purpose, plan.developerId, credential, now);
}
