import type { AddressRefusal, ApplicationRefusal, GatewayReason } from '../../contract/gateway.js';
import type { GatewayRows } from './gateway.repository.js';

interface AppEntry {
  readonly developerId: string;
  readonly clientCode: string;
  readonly algoId: string;
  /** Why every call of the application is refused (block, hold, pause), or null. */
  readonly refusal: Refusal | null;
  /** Canonical IP to the reason it is refused, or null when it is allowed. */
  readonly ips: ReadonlyMap<string, GatewayReason | null>;
}

interface Refusal {
  readonly reason: ApplicationRefusal;
  /** The operator's reason, for the body's message. */
  readonly operatorReason?: string;
}

interface KeyEntry {
  readonly applicationId: string;
  /** Null for the current key; the end of an old key's roll grace period. */
  readonly expiresAt: number | null;
}

interface TokenEntry {
  readonly applicationId: string;
  readonly clientCode: string;
  /** The daily logout that ends it. */
  readonly expiresAt: number;
  readonly isRevoked: boolean;
}

/** What a call presents: an API key's keyed hash, or a Connect access token's SHA-256. */
export type GatewayCredential =
  | { readonly kind: 'key'; readonly hash: string }
  | { readonly kind: 'token'; readonly hash: string };

export type GatewayDecision =
  | {
      readonly allowed: true;
      readonly applicationId: string;
      readonly developerId: string;
      readonly clientCode: string;
      readonly algoId: string;
      readonly keyGraceUntil: number | null;
    }
  | {
      readonly allowed: false;
      readonly reason: GatewayReason;
      /** The application of the key sent, when it is known (its usage counts the refusal). */
      readonly applicationId: string | null;
      readonly operatorReason?: string;
    };

export function ipReason(row: GatewayRows['ips'][number]): AddressRefusal | null {
  if (row.familyPending === 0 || row.adminAccept === 1) return null;
  return row.rejectionReason === null ? 'proof_pending' : 'proof_rejected';
}

/** A provider's block outranks an operator's hold, which outranks the developer's pause. */
export function appRefusal(row: GatewayRows['apps'][number]): Refusal | null {
  if (row.developerBlockedReason !== null) {
    return { reason: 'developer_blocked', operatorReason: row.developerBlockedReason };
  }
  if (row.blockedReason !== null)
    return { reason: 'app_blocked', operatorReason: row.blockedReason };
  if (row.operatorHoldReason !== null) {
    return { reason: 'app_held', operatorReason: row.operatorHoldReason };
  }
  return row.isActive === 1 ? null : { reason: 'app_paused' };
}

/**
 * Everything the check reads, in memory (docs/decisions/053-gateway-state-in-memory.md):
 * keys by their keyed hash, never whole, and each application's state and IP list.
 */
export function createGatewayState() {
  const keys = new Map<string, KeyEntry>();
  const keysOfApp = new Map<string, string[]>();
  const apps = new Map<string, AppEntry>();
  const tokens = new Map<string, TokenEntry>();
  const tokensOfApp = new Map<string, Set<string>>();
  let earliestTokenEnd = Infinity;

  function forget(applicationId: string) {
    for (const hash of keysOfApp.get(applicationId) ?? []) keys.delete(hash);
    keysOfApp.delete(applicationId);
    for (const hash of tokensOfApp.get(applicationId) ?? []) tokens.delete(hash);
    tokensOfApp.delete(applicationId);
    apps.delete(applicationId);
  }

  /** The application's own rules, once the credential is known to be good. */
  function appDecision(
    app: AppEntry,
    applicationId: string,
    ip: string | null,
    clientCode: string,
    keyGraceUntil: number | null,
  ): GatewayDecision {
    if (app.refusal !== null) return { allowed: false, ...app.refusal, applicationId };
    if (ip === null) return { allowed: false, reason: 'address_missing', applicationId };
    const ipState = app.ips.get(ip);
    if (ipState === undefined) {
      return { allowed: false, reason: 'address_not_allowed', applicationId };
    }
    if (ipState !== null) return { allowed: false, reason: ipState, applicationId };
    return {
      allowed: true,
      applicationId,
      developerId: app.developerId,
      clientCode,
      algoId: app.algoId,
      keyGraceUntil,
    };
  }

  function decideKey(lookupHash: string, ip: string | null, now: number): GatewayDecision {
    const key = keys.get(lookupHash);
    const app = key === undefined ? undefined : apps.get(key.applicationId);
    if (key === undefined || app === undefined) {
      return { allowed: false, reason: 'key_unknown', applicationId: null };
    }
    const { applicationId } = key;
    if (key.expiresAt !== null && key.expiresAt <= now) {
      return { allowed: false, reason: 'key_expired', applicationId };
    }
    return appDecision(app, applicationId, ip, app.clientCode, key.expiresAt);
  }

  function decideToken(tokenHash: string, ip: string | null, now: number): GatewayDecision {
    const token = tokens.get(tokenHash);
    const app = token === undefined ? undefined : apps.get(token.applicationId);
    if (token === undefined || app === undefined) {
      return { allowed: false, reason: 'token_unknown', applicationId: null };
    }
    const { applicationId } = token;
    if (token.isRevoked) return { allowed: false, reason: 'token_revoked', applicationId };
    if (token.expiresAt <= now) return { allowed: false, reason: 'token_expired', applicationId };
    return appDecision(app, applicationId, ip, token.clientCode, null);
  }

  return {
    /**
     * Puts in the rows as loaded for `applicationIds` (all of them: a deleted one has no
     * rows and is forgotten).
     */
    replace(applicationIds: Iterable<string>, rows: GatewayRows) {
      for (const id of applicationIds) forget(id);
      const ipsOf = new Map<string, Map<string, GatewayReason | null>>();
      for (const row of rows.ips) {
        const ips = ipsOf.get(row.applicationId) ?? new Map<string, GatewayReason | null>();
        ips.set(row.ip, ipReason(row));
        ipsOf.set(row.applicationId, ips);
      }
      for (const row of rows.apps) {
        forget(row.id);
        apps.set(row.id, {
          developerId: row.ownerId,
          clientCode: row.clientCode ?? '',
          algoId: row.algoId ?? '',
          refusal: appRefusal(row),
          ips: ipsOf.get(row.id) ?? new Map(),
        });
      }
      for (const row of rows.keys) {
        keys.set(row.lookupHash, { applicationId: row.applicationId, expiresAt: row.expiresAt });
        const hashes = keysOfApp.get(row.applicationId) ?? [];
        hashes.push(row.lookupHash);
        keysOfApp.set(row.applicationId, hashes);
      }
      for (const row of rows.tokens) {
        tokens.set(row.tokenHash, {
          applicationId: row.applicationId,
          clientCode: row.clientCode,
          expiresAt: row.expiresAt,
          isRevoked: row.revokedAt !== null,
        });
        const hashes = tokensOfApp.get(row.applicationId) ?? new Set<string>();
        hashes.add(row.tokenHash);
        tokensOfApp.set(row.applicationId, hashes);
        earliestTokenEnd = Math.min(earliestTokenEnd, row.expiresAt);
      }
    },

    /** Forgets the tokens that ended at or before `time`; a no-op until the first one has. */
    forgetTokensEndedBy(time: number) {
      if (earliestTokenEnd > time) return;
      earliestTokenEnd = Infinity;
      for (const [hash, token] of tokens) {
        if (token.expiresAt > time) {
          earliestTokenEnd = Math.min(earliestTokenEnd, token.expiresAt);
          continue;
        }
        tokens.delete(hash);
        tokensOfApp.get(token.applicationId)?.delete(hash);
      }
    },

    clear() {
      keys.clear();
      keysOfApp.clear();
      apps.clear();
      tokens.clear();
      tokensOfApp.clear();
      earliestTokenEnd = Infinity;
    },

    /** `ip` canonical, or null when none was sent. */
    decide(credential: GatewayCredential, ip: string | null, now: number): GatewayDecision {
      return credential.kind === 'key'
        ? decideKey(credential.hash, ip, now)
        : decideToken(credential.hash, ip, now);
    },

    size() {
      return { keys: keys.size, applications: apps.size, tokens: tokens.size };
    },
  };
}

export type GatewayState = ReturnType<typeof createGatewayState>;
