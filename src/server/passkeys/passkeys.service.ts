import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { Messages } from '../../contract/messages.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import {
  PasskeyLimits,
  type Passkey,
  type PasskeyRegisterRequest,
  type PasskeyRemoveRequest,
  type RegistrationCredential,
} from '../../contract/passkeys.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { findDeveloperById } from '../auth/auth.repository.js';
import { clearSignInFailures } from '../auth/sign-in-counts.repository.js';
import { planKeys, throttlePlan } from '../auth/sign-in-throttle.js';
import { AppError } from '../errors.js';
import type { StepUpCaller } from '../step-up/step-up.js';
import { confirmPassword, PASSWORD_TRY_COUNTER } from '../keys/confirm-password.js';
import { recordFactorChange } from '../two-factor/factor-change.js';
import { firstFactorCodes } from '../two-factor/first-factor.js';
import { checkSecondFactor } from '../two-factor/second-factor-check.js';
import type { FactorClient, TwoFactorDeps } from '../two-factor/two-factor.service.js';
import { clearFactorsIfNone, countRecoveryCodesLeft } from '../two-factor/two-factor.repository.js';
import { confirmOptions, transportsOf, type RelyingParty } from './passkey-assertion.js';
import { checkPasskeyFactor } from './passkey-factor.js';
import {
  deletePasskey,
  findPasskey,
  insertPasskey,
  listPasskeys,
  storeChallenge,
  takeChallenge,
} from './passkeys.repository.js';

/** What the account screen's passkey service needs: the app's, and who passkeys are for. */
export interface PasskeysDeps extends TwoFactorDeps {
  readonly rp: RelyingParty;
}

const shown = (row: {
  credentialId: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}): Passkey => ({
  credentialId: row.credentialId,
  name: row.name,
  createdAt: row.createdAt,
  lastUsedAt: row.lastUsedAt,
});

function asResponseJson(credential: RegistrationCredential): RegistrationResponseJSON {
  const { transports, ...response } = credential.response;
  return {
    ...credential,
    response: transports === undefined ? response : { ...response, transports },
  };
}

/**
 * Passkeys on the account screen: made with the browser (options, then the made credential),
 * listed, removed with the password and a code or a passkey. The first factor gives the
 * recovery codes; every change is logged and mailed (docs/decisions/067-developer-passkeys.md).
 */
export function createPasskeysService(deps: PasskeysDeps) {
  const { db, clock } = deps;
  const mails = { jobs: deps.jobs, productName: deps.productName, publicUrl: deps.publicUrl };

  function assertOn(): void {
    if (deps.policy === 'off') throw new AppError('forbidden', TwoFactorMessages.disabled);
  }

  async function developerOf(id: string) {
    const developer = await findDeveloperById(db, id);
    if (developer === undefined) throw new AppError('unauthorized', Messages.session.unauthorized);
    return developer;
  }

  /** A code, recovery code or passkey of the signed-in developer, counted like a sign-in's. */
  async function proveFactor(
    developerId: string,
    input: PasskeyRemoveRequest,
    client: FactorClient,
  ) {
    const now = clock.now();
    const plan = throttlePlan(developerId, undefined, client.ipKey);
    if (input.code !== undefined) {
      const used = await checkSecondFactor(deps, plan, input.code, now);
      if (used === null) throw new AppError('code_invalid', TwoFactorMessages.codeWrong);
      return { usedRecovery: used === 'recovery_code', plan, now };
    }
    if (input.assertion === undefined) {
      throw new AppError('bad_request', PasskeyMessages.factorNeeded);
    }
    if ((await checkPasskeyFactor(deps, plan, 'confirm', input.assertion, now)) === null) {
      throw new AppError('code_invalid', PasskeyMessages.notVerified);
    }
    return { usedRecovery: false, plan, now };
  }

  return {
    async list(developerId: string): Promise<Passkey[]> {
      return (await listPasskeys(db, developerId)).map(shown);
    },

    /**
     * Options for the browser to make a passkey; the challenge is stored for one use. A new
     * factor is a factor change: after the session's step-up, except for an account without a
     * password, as the authenticator's set-up (docs/decisions/068-step-up.md).
     */
    async registrationOptions(
      caller: StepUpCaller,
    ): Promise<PublicKeyCredentialCreationOptionsJSON> {
      assertOn();
      const { developerId } = caller;
      const developer = await developerOf(developerId);
      const now = clock.now();
      if (developer.passwordHash !== null) await deps.guard.require(caller, now);
      const existing = await listPasskeys(db, developerId);
      if (existing.length >= PasskeyLimits.maxPerDeveloper) {
        throw new AppError('conflict', PasskeyMessages.tooMany);
      }
      const options = await generateRegistrationOptions({
        rpName: deps.rp.name,
        rpID: deps.rp.id,
        userName: developer.email,
        userDisplayName: developer.name,
        userID: new TextEncoder().encode(developer.id),
        timeout: PasskeyLimits.challengeMs,
        attestationType: 'none',
        excludeCredentials: existing.map((passkey) => ({
          id: passkey.credentialId,
          transports: transportsOf(passkey.transports),
        })),
        // Discoverable, so the same passkey can sign in alone where the broker allows it.
        authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
      });
      await storeChallenge(
        db,
        {
          challenge: options.challenge,
          purpose: 'register',
          developerId,
          expiresAt: now + PasskeyLimits.challengeMs,
        },
        now,
      );
      return options;
    },

    /** The made passkey, stored; answers the recovery codes when it is the first factor. */
    async register(developerId: string, input: PasskeyRegisterRequest, client: FactorClient) {
      assertOn();
      const developer = await developerOf(developerId);
      const now = clock.now();
      let verified: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
      try {
        verified = await verifyRegistrationResponse({
          response: asResponseJson(input.credential),
          expectedChallenge: (challenge) =>
            takeChallenge(db, challenge, 'register', developerId, now),
          expectedOrigin: deps.rp.origin,
          expectedRPID: deps.rp.id,
          requireUserVerification: false,
        });
      } catch {
        throw new AppError('code_invalid', PasskeyMessages.notVerified);
      }
      if (!verified.verified) throw new AppError('code_invalid', PasskeyMessages.notVerified);
      const { credential } = verified.registrationInfo;
      if ((await findPasskey(db, credential.id)) !== undefined) {
        throw new AppError('conflict', PasskeyMessages.duplicate);
      }
      const name = input.name.trim();
      const recoveryCodes = await db.transaction().execute(async (trx) => {
        await insertPasskey(
          trx,
          {
            credentialId: credential.id,
            developerId,
            publicKey: Buffer.from(credential.publicKey).toString('base64url'),
            counter: credential.counter,
            transports: credential.transports ?? [],
            name,
          },
          now,
        );
        const codes = await firstFactorCodes(trx, developerId, deps.codeHashSecret, now);
        await recordFactorChange(trx, mails, {
          developer,
          what: 'passkey_added',
          at: now,
          origin: client.origin,
          details: { name },
        });
        return codes;
      });
      deps.jobs.nudge();
      const passkey = { credentialId: credential.id, name, createdAt: now, lastUsedAt: null };
      return { passkey, recoveryCodes: recoveryCodes.length > 0 ? recoveryCodes : null };
    },

    /** Options for the passkey assertion a removal may carry instead of a code. */
    confirmOptions: (developerId: string) => confirmOptions(deps, developerId, clock.now()),

    /** The password (when the account has one) and a code, recovery code or passkey. */
    async remove(developerId: string, input: PasskeyRemoveRequest, client: FactorClient) {
      const developer = await developerOf(developerId);
      const passkey = await findPasskey(db, input.credentialId);
      if (passkey?.developerId !== developerId) {
        throw new AppError('not_found', PasskeyMessages.notFound);
      }
      if (developer.passwordHash !== null) {
        await confirmPassword(
          db,
          developerId,
          input.password ?? '',
          PASSWORD_TRY_COUNTER,
          clock.now(),
        );
      }
      const { usedRecovery, plan, now } = await proveFactor(developerId, input, client);
      const isRemoved = await db.transaction().execute(async (trx) => {
        await clearSignInFailures(trx, developerId, planKeys(plan), plan.includeAccount, now);
        const change = { developer, at: now, origin: client.origin };
        if (usedRecovery) {
          const details = { left: await countRecoveryCodesLeft(trx, developerId) };
          await recordFactorChange(trx, mails, { ...change, what: 'recovery_used', details });
        }
        if (!(await deletePasskey(trx, developerId, passkey.credentialId))) return false;
        await clearFactorsIfNone(trx, developerId, now);
        const details = { name: passkey.name };
        await recordFactorChange(trx, mails, { ...change, what: 'passkey_removed', details });
        return true;
      });
      if (!isRemoved) throw new AppError('not_found', PasskeyMessages.notFound);
      deps.jobs.nudge();
    },
  };
}

export type PasskeysService = ReturnType<typeof createPasskeysService>;
