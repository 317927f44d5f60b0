import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { findDeveloperById } from './auth.repository.js';
import {
  findRefreshToken,
  insertRefreshToken,
  retireRefreshToken,
  revokeFamily,
} from './sessions.repository.js';
import { generateRefreshToken, hashRefreshToken, signAccessToken, TokenRules } from './tokens.js';

export interface SessionTokens {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Seconds the access token lives. */
  readonly expiresIn: number;
}

interface SessionDeps {
  readonly db: Kysely<Database>;
  readonly accessTokenSecret: string;
}

function accessToken(
  deps: SessionDeps,
  developerId: string,
  clientCode: string | null,
  now: number,
) {
  return signAccessToken(deps.accessTokenSecret, { developerId, clientCode, issuedAtMs: now });
}

/** A sign-in: a new refresh-token family whose 30 days start now. */
export async function startSession(
  deps: SessionDeps,
  developer: { id: string; clientCode: string | null },
  now: number,
): Promise<SessionTokens> {
  const refreshToken = generateRefreshToken();
  await insertRefreshToken(deps.db, {
    id: randomUUID(),
    developerId: developer.id,
    tokenHash: hashRefreshToken(refreshToken),
    familyId: randomUUID(),
    expiresAt: now + TokenRules.refreshFamilyTtlMs,
    createdAt: now,
  });
  return {
    accessToken: await accessToken(deps, developer.id, developer.clientCode, now),
    refreshToken,
    expiresIn: TokenRules.accessTtlSeconds,
  };
}

/**
 * Exchanges a live refresh token for a successor in the same family (same absolute
 * expiry). Presenting a token that was already rotated or revoked means it leaked or was
 * raced: the whole family is revoked, so no copy keeps working.
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
  const successor = generateRefreshToken();
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
    return true;
  });
  if (!isRotated) {
    await revokeFamily(deps.db, current.familyId, now);
    throw expired;
  }
  const developer = await findDeveloperById(deps.db, developerId);
  if (developer === undefined) throw expired;
  return {
    accessToken: await accessToken(deps, developer.id, developer.clientCode, now),
    refreshToken: successor,
    expiresIn: TokenRules.accessTtlSeconds,
  };
}

/** Logout: the token's family stops working. Unknown tokens are ignored. */
export async function endSession(deps: SessionDeps, refreshToken: string, now: number) {
  const current = await findRefreshToken(deps.db, hashRefreshToken(refreshToken));
  if (current !== undefined) await revokeFamily(deps.db, current.familyId, now);
}
