import {
  browserSupportsWebAuthn,
  startAuthentication,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { AuthResponse, StatusResponse } from '../../contract/auth.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import { PasskeyPaths } from '../../contract/passkey-paths.js';
import type {
  PasskeyAddedResponse,
  PasskeyListResponse,
  PasskeyOptionsResponse,
} from '../../contract/passkeys.js';
import type { StepUpResponse } from '../../contract/step-up.js';
import { placeHeader } from './auth-api.js';
import { ApiError, call } from './http.js';
import { withStepUp } from './step-up.js';

/**
 * The passkey calls and the browser's WebAuthn ceremony (docs/decisions/067). Loaded only by
 * the screens that use passkeys, so the first screen carries neither.
 */
const optionsOf = async (path: string, json?: unknown) =>
  (await call<PasskeyOptionsResponse>('post', path, json === undefined ? {} : { json })).options;

/** A browser without WebAuthn is told so before the server is asked for options. */
function assertSupported(): void {
  if (!browserSupportsWebAuthn()) {
    throw new ApiError(400, PasskeyMessages.unsupported, { code: 'bad_request' });
  }
}

/** The browser's own refusal (cancelled, no authenticator) as an error with our message. */
async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (failure) {
    if (failure instanceof ApiError) throw failure;
    throw new ApiError(400, PasskeyMessages.cancelled, { code: 'bad_request' });
  }
}

// The server's options are @simplewebauthn/server's JSON, which the browser library takes.
const asCreation = (options: PasskeyOptionsResponse['options']) =>
  options as unknown as PublicKeyCredentialCreationOptionsJSON;
const asRequest = (options: PasskeyOptionsResponse['options']) =>
  options as unknown as PublicKeyCredentialRequestOptionsJSON;

async function assertion(path: string, json?: unknown) {
  assertSupported();
  const optionsJSON = asRequest(await optionsOf(path, json));
  return ceremony(() => startAuthentication({ optionsJSON }));
}

export const passkeysApi = {
  list: () => call<PasskeyListResponse>('get', PasskeyPaths.list),
  async add(name: string): Promise<PasskeyAddedResponse> {
    assertSupported();
    // A new factor is a factor change: the options ask the step-up first (decision 068).
    const options = await withStepUp(() => optionsOf(PasskeyPaths.registerOptions));
    const optionsJSON = asCreation(options);
    const credential = await ceremony(() => startRegistration({ optionsJSON }));
    return call<PasskeyAddedResponse>('post', PasskeyPaths.register, {
      json: { name, credential },
    });
  },
  /** With a code (or recovery code) when one is typed, else confirmed by a passkey. */
  async remove(credentialId: string, password: string, code: string): Promise<StatusResponse> {
    const factor =
      code === '' ? { assertion: await assertion(PasskeyPaths.removeOptions) } : { code };
    return call<StatusResponse>('post', PasskeyPaths.remove, {
      json: { credentialId, ...(password === '' ? {} : { password }), ...factor },
    });
  },
  /** The sign-in's second step by passkey for the password step's `session`. */
  async secondFactor(session: string): Promise<AuthResponse> {
    const credential = await assertion(PasskeyPaths.secondFactorOptions, { session });
    return call<AuthResponse>('post', PasskeyPaths.secondFactor, {
      json: { session, credential },
      headers: placeHeader(),
    });
  },
  /** The session's step-up by a passkey (docs/decisions/068-step-up.md). */
  async stepUp(): Promise<StepUpResponse> {
    const credential = await assertion(PasskeyPaths.stepUpOptions);
    return call<StepUpResponse>('post', PasskeyPaths.stepUp, { json: { credential } });
  },
  /** Sign-in by a passkey alone. */
  async signIn(): Promise<AuthResponse> {
    const credential = await assertion(PasskeyPaths.signInOptions);
    return call<AuthResponse>('post', PasskeyPaths.signIn, {
      json: { credential },
      headers: placeHeader(),
    });
  },
};

export const passkeysQuery = {
  queryKey: ['account', 'passkeys'] as const,
  queryFn: passkeysApi.list,
};
