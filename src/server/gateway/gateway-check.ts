import { hash, timingSafeEqual } from 'node:crypto';
import {
  GatewayHeaders,
  gatewayMessage,
  GatewayReasons,
  type GatewayAllowed,
  type GatewayDenied,
  type GatewayReason,
} from '../../contract/gateway.js';
import { canonicalIp } from '../../contract/rules.js';
import type { Clock } from '../clock.js';
import { opaqueHash } from '../connect/connect-tokens.js';
import type { GatewayCredential, GatewayState } from './gateway-state.js';
import type { UsageCounter } from './gateway-usage.js';

export interface GatewayCheckDeps {
  readonly state: GatewayState;
  readonly clock: Clock;
  readonly lookupHash: (key: string) => string;
  /** Milliseconds since the state was last known current, or null while it is. */
  readonly staleForMs: () => number | null;
  readonly staleMaxMs: number;
  readonly usage: Pick<UsageCounter, 'record'>;
}

export interface GatewayAnswer {
  readonly status: 200 | 401 | 403 | 503;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: GatewayAllowed | GatewayDenied;
}

/** A credential as sent: an API key (alone, or Kite's `api_key:access_token`), or a Connect token. */
export interface SentCredential {
  readonly kind: 'key' | 'token';
  readonly value: string;
}

export interface GatewayQuestion {
  readonly credential: SentCredential | undefined;
  /** The caller's address as the gateway sent it. */
  readonly ip: string | undefined;
}

const KITE_TOKEN = /^token\s+(\S+)$/i;
const BEARER = /^Bearer\s+(\S+)$/i;

/**
 * The credential of a call: `X-Api-Key`, else a Connect access token as
 * `Authorization: Bearer <token>`, else Kite's `Authorization: token api_key:access_token`.
 * Of the Kite form only the API key (before the first colon) is checked: the access token
 * is the trading platform's to check.
 */
export function credentialOf(
  apiKeyHeader: string | undefined,
  authorization: string | undefined,
): SentCredential | undefined {
  if (apiKeyHeader !== undefined && apiKeyHeader.trim() !== '') {
    return { kind: 'key', value: apiKeyHeader.trim() };
  }
  const bearer = BEARER.exec(authorization ?? '')?.[1];
  if (bearer !== undefined) return { kind: 'token', value: bearer };
  const kite = KITE_TOKEN.exec(authorization ?? '')?.[1];
  return kite === undefined ? undefined : { kind: 'key', value: kite };
}

const digest = (value: string) => hash('sha256', value, 'buffer');

/** Constant time whatever the lengths: both sides are hashed to 32 bytes first. */
export function isSameSecret(given: string | undefined, expected: string): boolean {
  return timingSafeEqual(digest(given ?? ''), digest(expected));
}

export function denied(
  reason: GatewayReason,
  ip: string | null,
  stale: Readonly<Record<string, string>> = {},
  operatorReason?: string,
): GatewayAnswer {
  return {
    status: GatewayReasons[reason].status,
    headers: { ...stale, [GatewayHeaders.denyReason]: reason },
    body: { status: 'error', code: reason, message: gatewayMessage(reason, ip, operatorReason) },
  };
}

/** The check's answer to one call (docs/gateway.md), from memory only. */
export function createGatewayCheck(deps: GatewayCheckDeps) {
  /** Keys by their keyed hash; tokens by the SHA-256 they are stored as. Null: none sent. */
  function hashOf(sent: SentCredential | undefined): GatewayCredential | null {
    if (sent === undefined) return null;
    if (sent.kind === 'token') {
      return sent.value === '' ? null : { kind: 'token', hash: opaqueHash(sent.value) };
    }
    const key = sent.value.split(':', 1)[0] ?? '';
    return key === '' ? null : { kind: 'key', hash: deps.lookupHash(key) };
  }

  return function check(question: GatewayQuestion): GatewayAnswer {
    const staleMs = deps.staleForMs();
    const stale: Record<string, string> =
      staleMs === null ? {} : { [GatewayHeaders.stale]: String(Math.floor(staleMs / 1000)) };
    const sentIp = question.ip?.trim() ?? '';
    const ip = sentIp === '' ? null : (canonicalIp(sentIp) ?? sentIp);
    if (staleMs !== null && staleMs > deps.staleMaxMs) return denied('state_stale', ip, stale);
    const credential = hashOf(question.credential);
    if (credential === null) return denied('key_missing', ip, stale);
    const decision = deps.state.decide(credential, ip, deps.clock.now());
    deps.usage.record(decision, ip);
    if (!decision.allowed) return denied(decision.reason, ip, stale, decision.operatorReason);
    const keyGraceUntil =
      decision.keyGraceUntil === null ? null : new Date(decision.keyGraceUntil).toISOString();
    return {
      status: 200,
      headers: {
        ...stale,
        [GatewayHeaders.applicationId]: decision.applicationId,
        [GatewayHeaders.developerId]: decision.developerId,
        [GatewayHeaders.clientCode]: decision.clientCode,
        [GatewayHeaders.algoId]: decision.algoId,
        ...(keyGraceUntil === null ? {} : { [GatewayHeaders.keyGraceUntil]: keyGraceUntil }),
      },
      body: {
        status: 'success',
        applicationId: decision.applicationId,
        developerId: decision.developerId,
        clientCode: decision.clientCode,
        algoId: decision.algoId,
        keyGraceUntil,
      },
    };
  };
}

export type GatewayCheck = ReturnType<typeof createGatewayCheck>;
