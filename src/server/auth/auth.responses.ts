import * as z from 'zod/mini';
import {
  AuthResponseSchema,
  CodeCheckResponseSchema,
  UserAttributeNames,
  type AuthResponse,
  type AuthenticationResult,
  type UserAttributeName,
} from '../../contract/auth.js';
import { ErrorBodySchema } from '../../contract/error-body.js';
import { Messages } from '../../contract/messages.js';
import { TwoFactorMessages } from '../../contract/messages-two-factor.js';
import { PasskeyMessages } from '../../contract/messages-passkeys.js';
import type { SecondFactorAsked } from '../two-factor/ask-second-factor.js';
import {
  ChallengeNames,
  SignInChallengeSchema,
  type SignInChallenge,
} from '../../contract/two-factor.js';
import type { DeveloperRecord } from './auth.repository.js';
import type { SessionTokens } from './sessions.js';

/**
 * Every error body is `{status:'error', code, message}` plus what the error handler adds
 * (`field` for a schema failure, `valid` for the reset-code check), kept as is.
 */
export const ErrorResponseSchema = ErrorBodySchema;

export const ErrorResponses = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  403: ErrorResponseSchema,
  409: ErrorResponseSchema,
  413: ErrorResponseSchema,
  415: ErrorResponseSchema,
  429: ErrorResponseSchema,
  500: ErrorResponseSchema,
} as const;

/** The reset-code check answers `valid: false` for a wrong code, `field` for bad input. */
// The loose error body first: the strict answer would drop its `code`.
export const CodeCheckErrorSchema = z.union([ErrorResponseSchema, CodeCheckResponseSchema]);

export function authenticationResult(tokens: SessionTokens): AuthenticationResult {
  return {
    AccessToken: tokens.accessToken,
    RefreshToken: tokens.refreshToken,
    ExpiresIn: tokens.expiresIn,
    TokenType: 'Bearer',
  };
}

/** docs/product.md section 3: ordered attributes, 1st the id, 3rd the name, 5th the mobile, 6th the e-mail. */
export function userAttributes(developer: DeveloperRecord) {
  const values: Record<UserAttributeName, string> = {
    sub: developer.id,
    email_verified: String(developer.verifiedAt !== null),
    name: developer.name,
    'custom:state': developer.state,
    phone_number: developer.mobile,
    email: developer.email,
    'custom:client_code': developer.clientCode ?? '',
  };
  return UserAttributeNames.map((name) => ({ Name: name, Value: values[name] }));
}

/**
 * The spec's sign-in answer; `mustEnroll` (DEVELOPER_2FA=required, no factor yet) adds
 * Cognito's `ChallengeName: 'MFA_SETUP'` beside the tokens (docs/decisions/063).
 */
export function authResponse(
  developer: DeveloperRecord,
  tokens: SessionTokens,
  mustEnroll = false,
): AuthResponse {
  return {
    status: 'success',
    message: Messages.login.success,
    profile: { UserAttributes: userAttributes(developer) },
    user_status: {
      AuthenticationResult: authenticationResult(tokens),
      ...(mustEnroll ? { ChallengeName: ChallengeNames.setup } : {}),
    },
  };
}

/**
 * The password (or the hand-off) was right; the second factor is asked under `session`. An
 * account with a passkey gets Cognito's `AvailableChallenges` too; one with passkeys only is
 * asked `WEB_AUTHN` first (a recovery code still answers `SOFTWARE_TOKEN_MFA`).
 */
export function challengeResponse(asked: SecondFactorAsked): SignInChallenge {
  if (!asked.hasPasskey) {
    return {
      status: 'success',
      message: TwoFactorMessages.secondFactorNeeded,
      user_status: { ChallengeName: ChallengeNames.code, Session: asked.session },
    };
  }
  return {
    status: 'success',
    message: asked.hasTotp ? TwoFactorMessages.secondFactorNeeded : PasskeyMessages.passkeyNeeded,
    user_status: {
      ChallengeName: asked.hasTotp ? ChallengeNames.code : ChallengeNames.passkey,
      Session: asked.session,
      AvailableChallenges: [ChallengeNames.passkey, ChallengeNames.code],
    },
  };
}

/** The sign-in answer: the spec's, or the second factor's challenge. */
export const SignInAnswerSchema = z.union([AuthResponseSchema, SignInChallengeSchema]);
