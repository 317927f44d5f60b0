import { Messages } from '../../contract/messages.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import type { AssertionCredential, PasskeySecondFactorRequest } from '../../contract/passkeys.js';
import { recordActivity } from '../activity/activity.repository.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import type { AuthDeps, PasswordSignedIn, SignInClient } from '../auth/auth.service.js';
import { createDeviceCookies } from '../auth/device-cookie.js';
import { RetryLaterError } from '../auth/rate-limits.js';
import { finishSignIn } from '../auth/sign-in-finish.js';
import { takeSignInTry, throttlePlan, type ThrottlePlan } from '../auth/sign-in-throttle.js';
import { AppError } from '../errors.js';
import { pendingSignIn } from '../two-factor/pending-sign-in.js';
import { assertionOptions, verifyAssertion, type RelyingParty } from './passkey-assertion.js';
import { checkPasskeyFactor } from './passkey-factor.js';
import { findPasskey } from './passkeys.repository.js';

/**
 * Signing in with a passkey: as the second step after the password (counted against the
 * same lockout as codes), or alone where DEVELOPER_PASSKEY_SIGNIN=on, a user-verified
 * passkey being both factors (docs/decisions/067-developer-passkeys.md).
 */
export function createPasskeySignIn(deps: AuthDeps, rp: RelyingParty, isAloneOn: boolean) {
  const { db, clock } = deps;
  const devices = createDeviceCookies(deps.secrets.accessTokenSecret);
  const assertionDeps = { db, rp, onLockout: () => deps.events.lockout() };
  const badCredentials = () => new AppError('bad_credentials', Messages.auth.badCredentials);

  function assertAloneOn(): void {
    if (!isAloneOn) throw new AppError('forbidden', PasskeyMessages.signInOff);
  }

  /** Runs a counted check; a lock or a refused passkey is logged as a failed sign-in. */
  async function counted<T>(
    developerId: string,
    client: SignInClient,
    now: number,
    check: () => Promise<T | null>,
    refused: () => AppError,
  ): Promise<T> {
    const failed = (reason: string) =>
      recordActivity(db, {
        developerId,
        kind: 'sign_in.failed',
        at: now,
        origin: { ip: client.ip, device: client.browser },
        details: { reason },
      });
    let result: T | null;
    try {
      result = await check();
    } catch (error) {
      if (error instanceof RetryLaterError && error.code === 'account_locked') {
        deps.events.signIn('locked');
        await failed('locked');
      }
      throw error;
    }
    if (result === null) {
      deps.events.signIn('bad_credentials');
      await failed('bad_passkey');
    }
    if (result === null) throw refused();
    return result;
  }

  async function aloneCheck(plan: ThrottlePlan, credential: AssertionCredential, now: number) {
    if ((await takeSignInTry(db, plan, now)).hasLocked) deps.events.lockout();
    return verifyAssertion(assertionDeps, 'sign_in', null, credential, now);
  }

  return {
    /** Options for the passkey answering the pending sign-in's `Session`. */
    async secondFactorOptions(session: string, client: SignInClient) {
      const now = clock.now();
      const { developer } = await pendingSignIn(deps, devices, session, client, now);
      return assertionOptions(assertionDeps, 'second_factor', developer.id, now);
    },

    async secondFactor(
      input: PasskeySecondFactorRequest,
      client: SignInClient,
    ): Promise<PasswordSignedIn> {
      const now = clock.now();
      const pending = await pendingSignIn(deps, devices, input.session, client, now);
      const { developer, device, plan } = pending;
      await counted(
        developer.id,
        client,
        now,
        () => checkPasskeyFactor(assertionDeps, plan, 'second_factor', input.credential, now),
        () => new AppError('code_invalid', PasskeyMessages.notVerified),
      );
      const details = { method: 'passkey' };
      return finishSignIn(deps, devices, { developer, device, plan, client, now, details });
    },

    /** Options for any discoverable passkey of this portal, user verification required. */
    signInOptions() {
      assertAloneOn();
      return assertionOptions(assertionDeps, 'sign_in', null, clock.now());
    },

    async signIn(credential: AssertionCredential, client: SignInClient): Promise<PasswordSignedIn> {
      assertAloneOn();
      const now = clock.now();
      const passkey = await findPasskey(db, credential.id);
      const developer =
        passkey === undefined ? undefined : await findDeveloperById(db, passkey.developerId);
      if (developer === undefined || developer.verifiedAt === null) {
        deps.events.signIn('bad_credentials');
        throw badCredentials();
      }
      const device = devices.deviceOf(client.deviceCookie, developer.id);
      const plan = throttlePlan(developer.id, device, client.ipKey);
      await counted(
        developer.id,
        client,
        now,
        () => aloneCheck(plan, credential, now),
        badCredentials,
      );
      const details = { method: 'passkey_only' };
      return finishSignIn(deps, devices, { developer, device, plan, client, now, details });
    },
  };
}

export type PasskeySignIn = ReturnType<typeof createPasskeySignIn>;
