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

  function forget(applicationId: string) {
    for (const hash of keysOfApp.get(applicationId) ?? []) keys.delete(hash);
    keysOfApp.delete(applicationId);
    apps.delete(applicationId);
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
    },

    clear() {
      keys.clear();
      keysOfApp.clear();
      apps.clear();
    },

    /** `lookupHash` of the key sent; `ip` canonical, or null when none was sent. */
    decide(lookupHash: string, ip: string | null, now: number): GatewayDecision {
      const key = keys.get(lookupHash);
      const app = key === undefined ? undefined : apps.get(key.applicationId);
      if (key === undefined || app === undefined) {
        return { allowed: false, reason: 'key_unknown', applicationId: null };
      }
      const { applicationId } = key;
      if (key.expiresAt !== null && key.expiresAt <= now) {
        return { allowed: false, reason: 'key_expired', applicationId };
      }
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
        clientCode: app.clientCode,
        algoId: app.algoId,
        keyGraceUntil: key.expiresAt,
      };
    },

    size() {
      return { keys: keys.size, applications: apps.size };
    },
  };
}

export type GatewayState = ReturnType<typeof createGatewayState>;
