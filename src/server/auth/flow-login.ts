import { randomUUID, type KeyObject } from 'node:crypto';
import { createRemoteJWKSet, importSPKI, jwtVerify, type JWTPayload } from 'jose';
import { Messages } from '../../contract/messages.js';
import type { FlowSettings } from '../config.js';
import { recordActivity } from '../activity/activity.repository.js';
import { AppError } from '../errors.js';
import {
  findDeveloperByClientCode,
  findDeveloperByEmail,
  findDeveloperById,
  insertDeveloper,
  isUniqueViolation,
  dropPassword,
  linkClientCode,
  markVerified,
  normalizeEmail,
  type DeveloperRecord,
} from './auth.repository.js';
import type { AuthDeps, SecondFactorAsked, SignedIn } from './auth.service.js';
import { askSecondFactor } from '../two-factor/ask-second-factor.js';
import { asksSecondFactor, isTwoFactorAmr } from '../two-factor/policy.js';
import { sessionDeps } from './sign-in-finish.js';
import { flowIdentityOf, type FlowIdentity } from './flow-claims.js';
import { deleteDeveloperSessions, recordFlowTokenUse } from './sessions.repository.js';
import type { SessionOrigin } from './session-origin.js';
import { startSession } from './sessions.js';

interface FlowToken extends FlowIdentity {
  readonly jti: string;
  readonly expiresAt: number;
  /** RFC 8176 methods the provider's login used (the `amr` claim); none when absent. */
  readonly amr: readonly string[];
}

/** Verifies a hand-off token at `now`; throws for any token that does not pass. */
export type FlowTokenVerifier = (token: string, now: number) => Promise<FlowToken>;

const ALGORITHM = 'RS256';

/**
 * The provider's key: FLOW_PUBLIC_KEY, else FLOW_JWKS_URL, else (embedded mode) the
 * embedded provider's key. With none, every hand-off token is refused.
 */
export async function createFlowTokenVerifier(
  flow: FlowSettings,
  embeddedKey: KeyObject | undefined,
): Promise<FlowTokenVerifier> {
  const options = (now: number) => ({
    algorithms: [ALGORITHM],
    audience: flow.audience,
    ...(flow.issuer === undefined ? {} : { issuer: flow.issuer }),
    requiredClaims: ['exp', 'jti'],
    currentDate: new Date(now),
  });
  let verify: (token: string, now: number) => Promise<JWTPayload>;
  if (flow.publicKeyPem !== undefined) {
    const key = await importSPKI(flow.publicKeyPem, ALGORITHM);
    verify = async (token, now) => (await jwtVerify(token, key, options(now))).payload;
  } else if (flow.jwksUrl !== undefined) {
    const jwks = createRemoteJWKSet(new URL(flow.jwksUrl));
    verify = async (token, now) => (await jwtVerify(token, jwks, options(now))).payload;
  } else if (embeddedKey !== undefined) {
    verify = async (token, now) => (await jwtVerify(token, embeddedKey, options(now))).payload;
  } else {
    verify = () => Promise.reject(new Error('hand-off login is not configured'));
  }
  return async (token, now) => {
    const payload = await verify(token, now);
    const identity = flowIdentityOf(payload);
    if (identity === null || typeof payload.jti !== 'string' || payload.exp === undefined) {
      throw new Error('hand-off token lacks a usable identity');
    }
    const amr = Array.isArray(payload.amr)
      ? payload.amr.filter((method): method is string => typeof method === 'string')
      : [];
    return { ...identity, jti: payload.jti, expiresAt: payload.exp * 1000, amr };
  };
}

/**
 * The developer of a hand-off identity: the one with its client code, else the one with
 * its e-mail (now linked and verified) when the provider vouches for that e-mail, else a
 * new developer without password, verified only when the provider vouches for the e-mail.
 */
async function linkDeveloper(deps: AuthDeps, token: FlowToken, now: number) {
  return deps.db.transaction().execute(async (trx): Promise<DeveloperRecord | undefined> => {
    const byCode = await findDeveloperByClientCode(trx, token.clientCode);
    if (byCode !== undefined) {
      if (byCode.verifiedAt === null && token.emailVerified && isSameEmail(byCode, token)) {
        await markVerified(trx, byCode.id, now);
        return findDeveloperById(trx, byCode.id);
      }
      return byCode;
    }
    const byEmail = await findDeveloperByEmail(trx, token.email);
    if (byEmail !== undefined) {
      // Linked to another client code already: refusing beats silently moving the account.
      if (byEmail.clientCode !== null) return undefined;
      // Anyone can claim any e-mail at a provider that does not check it: no takeover.
      if (!token.emailVerified) throw new AppError('conflict', Messages.auth.flowEmailNotVerified);
      // Whoever signed up with this e-mail never proved it: the owner gets it without their access.
      if (byEmail.verifiedAt === null) {
        await dropPassword(trx, byEmail.id, now);
        await deleteDeveloperSessions(trx, byEmail.id);
      }
      await linkClientCode(trx, byEmail.id, token.clientCode, now);
      return findDeveloperById(trx, byEmail.id);
    }
    const id = randomUUID();
    await insertDeveloper(trx, {
      id,
      email: token.email,
      name: token.name,
      mobile: '',
      state: '',
      passwordHash: null,
      verifiedAt: token.emailVerified ? now : null,
      clientCode: token.clientCode,
      createdAt: now,
    });
    return findDeveloperById(trx, id);
  });
}

function isSameEmail(developer: DeveloperRecord, token: FlowToken): boolean {
  return normalizeEmail(developer.email) === normalizeEmail(token.email);
}

/**
 * Exchanges a hand-off token, accepted once, for a session like a sign-in's. A developer
 * with a second factor is asked for it unless the provider's `amr` names one.
 */
export async function loginWithFlow(
  deps: AuthDeps,
  verifyToken: FlowTokenVerifier,
  token: string,
  origin: SessionOrigin,
): Promise<SignedIn | SecondFactorAsked> {
  const invalid = new AppError('unauthorized', Messages.auth.flowTokenInvalid);
  const now = deps.clock.now();
  let verified: FlowToken;
  try {
    verified = await verifyToken(token, now);
  } catch {
    throw invalid;
  }
  if (!(await recordFlowTokenUse(deps.db, verified.jti, verified.expiresAt, now))) throw invalid;
  let developer: DeveloperRecord | undefined;
  try {
    developer = await linkDeveloper(deps, verified, now);
  } catch (error) {
    // A parallel first hand-off of the same person created the row: link to it instead.
    if (!isUniqueViolation(error)) throw error;
    developer = await linkDeveloper(deps, verified, now);
  }
  if (developer === undefined) throw invalid;
  if (
    asksSecondFactor(deps.config.developerTwoFactor, developer) &&
    !isTwoFactorAmr(verified.amr)
  ) {
    return askSecondFactor(deps.db, deps.secrets.accessTokenSecret, developer.id, now);
  }
  const signedIn = developer;
  const tokens = await deps.db.transaction().execute(async (trx) => {
    await recordActivity(trx, {
      developerId: signedIn.id,
      kind: 'sign_in.succeeded',
      at: now,
      origin: { ip: origin.ip, device: origin.browser },
      details: { method: 'hand-off' },
    });
    return startSession({ ...sessionDeps(deps), db: trx }, signedIn, now, origin);
  });
  return { developer, tokens };
}
