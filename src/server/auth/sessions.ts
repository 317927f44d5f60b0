import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { findDeveloperById } from './auth.repository.js';
import type { SessionEnds } from './session-ends.js';
import type { SessionOrigin } from './session-origin.js';
import {
  findRefreshToken,
  insertRefreshToken,
  insertSession,
  retireRefreshToken,
  revokeFamily,
  touchSession,
} from './sessions.repository.js';
import {
  generateRefreshToken,
  hashRefreshToken,
  signAccessToken,
  successorRefreshToken,
  TokenRules,
} from './tokens.js';

export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds the access token lives. */
  readonly expiresIn: number;
}

interface SessionDeps {
  readonly db: Kysely<Database>;
  readonly accessTokenSecret: string;
  readonly sessionEnds: Pick<SessionEnds, 'announce'>;
}

/** The family's refresh tokens and, on every instance, its access tokens stop working. */
async function endFamily(deps: SessionDeps, familyId: string, now: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await revokeFamily(trx, familyId, now);
    await deps.sessionEnds.announce(trx, [familyId]);
  });
}

function tokensOf(
  deps: SessionDeps,
  developer: { id: string; clientCode: string | null },
  sessionId: string,
  refreshToken: string,
  now: number,
): SessionTokens {
  const accessToken = signAccessToken(deps.accessTokenSecret, {
    developerId: developer.id,
    clientCode: developer.clientCode,
    issuedAtMs: now,
    sessionId,
  });
  return { accessToken, refreshToken, expiresIn: TokenRules.accessTtlSeconds };
}

/** A sign-in: a new session (refresh-token family) whose 30 days start now. */
export async function startSession(
  deps: SessionDeps,
  developer: { id: string; clientCode: string | null },
  now: number,
  origin: SessionOrigin,
): Promise<SessionTokens> {
  const refreshToken = generateRefreshToken();
  const sessionId = randomUUID();
  const write = async (trx: Kysely<Database>) => {
    await insertSession(trx, {
      id: sessionId,
      developerId: developer.id,
      browser: origin.browser,
      ip: origin.ip,
      place: origin.place,
      createdAt: now,
    });
    await insertRefreshToken(trx, {
      id: randomUUID(),
      developerId: developer.id,
      tokenHash: hashRefreshToken(refreshToken),
      familyId: sessionId,
      expiresAt: now + TokenRules.refreshFamilyTtlMs,
      createdAt: now,
    });
  };
  // A sign-in may start the session inside its own transaction (with its new-device mail).
  if (deps.db.isTransaction) await write(deps.db);
  else await deps.db.transaction().execute(write);
  return tokensOf(deps, developer, sessionId, refreshToken, now);
}

/**
 * True when `refreshToken` was rotated within the reuse interval and its successor (derived
 * again from it) is still the family's live token: a second tab's refresh, not a replay.
 */
async function isRecentRotation(
  deps: SessionDeps,
  refreshToken: string,
  successor: string,
  now: number,
): Promise<boolean> {
  const parent = await findRefreshToken(deps.db, hashRefreshToken(refreshToken));
  if (parent?.revokedAt == null || parent.replacedBy === null) return false;
  if (now - parent.revokedAt > TokenRules.refreshReuseIntervalMs) return false;
  const next = await findRefreshToken(deps.db, hashRefreshToken(successor));
  return next?.id === parent.replacedBy && next.revokedAt === null && next.expiresAt > now;
}

/**
 * Exchanges a live refresh token for a successor in the same family (same absolute
 * expiry). The same token again within the reuse interval gets the same successor; any
 * other use of a rotated or revoked token means it leaked: the whole family is revoked,
 * so no copy keeps working.
 */
export async function rotateSession(
  deps: SessionDeps,
  refreshToken: string,
  developerId: string,
  now: number,
): Promise<SessionTokens> {
  const expired = new AppError('unauthorized', Messages.auth.sessionExpired);
  const tokenHash = hashRefreshToken(refreshToken);
  const current = await findRefreshToken(deps.db, tokenHash);
  if (current?.developerId !== developerId) throw expired;
  const successor = successorRefreshToken(deps.accessTokenSecret, refreshToken);
  const isRotated = await deps.db.transaction().execute(async (trx) => {
    const successorId = randomUUID();
    if (!(await retireRefreshToken(trx, tokenHash, successorId, now))) return false;
    await insertRefreshToken(trx, {
      id: successorId,
      developerId,
      tokenHash: hashRefreshToken(successor),
      familyId: current.familyId,
      expiresAt: current.expiresAt,
      createdAt: now,
    });
    await touchSession(trx, current.familyId, now);
    return true;
  });
  if (!isRotated && !(await isRecentRotation(deps, refreshToken, successor, now))) {
    await endFamily(deps, current.familyId, now);
    throw expired;
  }
  const developer = await findDeveloperById(deps.db, developerId);
  if (developer === undefined) throw expired;
  return tokensOf(deps, developer, current.familyId, successor, now);
}

/** Logout: the token's family stops working. Unknown tokens are ignored. */
export async function endSession(deps: SessionDeps, refreshToken: string, now: number) {
  const current = await findRefreshToken(deps.db, hashRefreshToken(refreshToken));
  if (current !== undefined) await endFamily(deps, current.familyId, now);
}
