import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type { Kysely } from 'kysely';
import { PasskeyLimits, type AssertionCredential } from '../../contract/passkeys.js';
import type { Database } from '../db/schema.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import { AppError } from '../errors.js';
import {
  countPasskeys,
  findPasskey,
  listPasskeys,
  storeChallenge,
  takeChallenge,
  takePasskeyUse,
  type ChallengePurpose,
} from './passkeys.repository.js';

/** Who the passkeys are made for: PUBLIC_URL's host and origin, and the product's name. */
export interface RelyingParty {
  readonly id: string;
  readonly name: string;
  readonly origin: string;
}

export function relyingPartyOf(publicUrl: string, productName: string): RelyingParty {
  const url = new URL(publicUrl);
  return { id: url.hostname, name: productName, origin: url.origin };
}

export interface AssertionDeps {
  readonly db: Kysely<Database>;
  readonly rp: RelyingParty;
}

type AssertionPurpose = Exclude<ChallengePurpose, 'register'>;

export const transportsOf = (stored: string): string[] => {
  const parsed: unknown = JSON.parse(stored);
  return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : [];
};

function asResponseJson(credential: AssertionCredential): AuthenticationResponseJSON {
  const { userHandle, ...response } = credential.response;
  return {
    ...credential,
    response: userHandle === undefined ? response : { ...response, userHandle },
  };
}

/**
 * Options for an assertion, with a challenge stored for one use. For a developer, only their
 * passkeys are allowed; for the sign-in by passkey alone, any discoverable one, verified.
 */
export async function assertionOptions(
  deps: AssertionDeps,
  purpose: AssertionPurpose,
  developerId: string | null,
  now: number,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const allowCredentials =
    developerId === null
      ? []
      : (await listPasskeys(deps.db, developerId)).map((passkey) => ({
          id: passkey.credentialId,
          transports: transportsOf(passkey.transports),
        }));
  const options = await generateAuthenticationOptions({
    rpID: deps.rp.id,
    allowCredentials,
    timeout: PasskeyLimits.challengeMs,
    userVerification: purpose === 'sign_in' ? 'required' : 'preferred',
  });
  await storeChallenge(
    deps.db,
    {
      challenge: options.challenge,
      purpose,
      developerId,
      expiresAt: now + PasskeyLimits.challengeMs,
    },
    now,
  );
  return options;
}

/** Options for confirming with one of the developer's passkeys; 404 when they have none. */
export async function confirmOptions(deps: AssertionDeps, developerId: string, now: number) {
  if ((await countPasskeys(deps.db, developerId)) === 0) {
    throw new AppError('not_found', PasskeyMessages.notFound);
  }
  return assertionOptions(deps, 'confirm', developerId, now);
}

/**
 * The passkey an assertion proves, its use recorded; else null. The challenge must be one we
 * handed out for this purpose (and developer), unused and in time; it is used up either way.
 * The signature counter must rise (unless the authenticator keeps none); the sign-in by
 * passkey alone needs user verification (a passkey is then both factors).
 */
export async function verifyAssertion(
  deps: AssertionDeps,
  purpose: AssertionPurpose,
  developerId: string | null,
  credential: AssertionCredential,
  now: number,
) {
  const passkey = await findPasskey(deps.db, credential.id);
  if (passkey === undefined || (developerId !== null && passkey.developerId !== developerId)) {
    return null;
  }
  let verified: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verified = await verifyAuthenticationResponse({
      response: asResponseJson(credential),
      expectedChallenge: (challenge) =>
        takeChallenge(deps.db, challenge, purpose, developerId, now),
      expectedOrigin: deps.rp.origin,
      expectedRPID: deps.rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: Buffer.from(passkey.publicKey, 'base64url'),
        counter: passkey.counter,
        transports: transportsOf(passkey.transports),
      },
      requireUserVerification: purpose === 'sign_in',
    });
  } catch {
    // A malformed answer, a wrong challenge, origin or signature, or a counter gone back.
    return null;
  }
  if (!verified.verified) return null;
  const { newCounter } = verified.authenticationInfo;
  const isTaken = await takePasskeyUse(
    deps.db,
    passkey.credentialId,
    passkey.counter,
    newCounter,
    now,
  );
  return isTaken ? passkey : null;
}

/**
 * Whether `credential` is a fresh assertion by one of this developer's passkeys, answering
 * options from `assertionOptions(deps, 'confirm', developerId, now)`: for confirming a
 * sensitive change of a signed-in developer.
 */
export async function verifyDeveloperPasskey(
  deps: AssertionDeps,
  developerId: string,
  credential: AssertionCredential,
  now: number,
): Promise<boolean> {
  return (await verifyAssertion(deps, 'confirm', developerId, credential, now)) !== null;
}
