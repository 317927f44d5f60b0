import { timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  CONNECT_CODE_TTL_MS,
  CONNECT_PURPOSE,
  CONNECT_REQUEST_TTL_MS,
  ConnectMessages,
  ConnectPaths,
  type ConnectErrorCode,
} from '../../contract/connect.js';
import type { FlowTokenVerifier } from '../auth/flow-login.js';
import { recordFlowTokenUse } from '../auth/sessions.repository.js';
import type { Clock } from '../clock.js';
import type { ConnectSettings } from '../config.js';
import type { Database } from '../db/schema.js';
import {
  deleteRequest,
  findCode,
  findConnectApp,
  findConsent,
  findLiveToken,
  findRequest,
  insertCode,
  insertRequest,
  insertToken,
  isKeyOfApp,
  revokeTokensOfCode,
  saveConsent,
  setRequestClient,
  useCode,
  type ConnectApp,
} from './connect.repository.js';
import { recordConnectEvent } from './connect-activity.js';
import { revokeLiveToken } from './connect-sessions.repository.js';
import { CHALLENGE, newOpaque, opaqueHash, s256, VERIFIER } from './connect-tokens.js';
import { nextLogoutAfter } from './daily-logout.js';

export interface ConnectDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly settings: ConnectSettings;
  readonly publicUrl: string;
  readonly flowLoginUrl: string | null;
  readonly flowApplicationId: string;
  readonly verifyFlowToken: FlowTokenVerifier;
  readonly lookupHash: (key: string) => string;
}

/** A page the browser stays on: no redirect to a URL that is not proven the client's. */
export interface ConnectPage {
  readonly kind: 'page';
  readonly status: 400 | 403;
  readonly message: string;
}

export interface ConnectRedirect {
  readonly kind: 'redirect';
  readonly url: string;
  /** Set: the browser's cookie for this pending authorization. */
  readonly requestId?: string;
}

export interface ConsentView {
  readonly kind: 'consent';
  readonly requestId: string;
  /** Where Allow and Deny send the browser: the page's form-action must allow its origin. */
  readonly redirectUri: string;
  readonly app: ConnectApp;
  readonly clientCode: string;
  readonly scopes: readonly string[];
}

export type AuthorizeQuery = Readonly<Record<string, string | undefined>>;

export interface TokenAnswer {
  readonly status: 200 | 400 | 401;
  readonly body: Readonly<Record<string, string | number>>;
}

function page(status: 400 | 403, message: string): ConnectPage {
  return { kind: 'page', status, message };
}

function sameText(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Why no client may sign in to the application now (the kill switch, the operator's hold,
 * the developer's pause), or null; the gateway refuses calls in the same order.
 */
function appClosed(app: ConnectApp): string | null {
  if (app.developerBlockedReason !== null || app.blockedReason !== null) {
    return ConnectMessages.appBlocked;
  }
  if (app.operatorHoldReason !== null) return ConnectMessages.appHeld;
  if (app.isActive !== 1) return ConnectMessages.appInactive;
  return null;
}

function tokenError(status: 400 | 401, error: ConnectErrorCode, description: string): TokenAnswer {
  return { status, body: { error, error_description: description } };
}

/** Connect's authorization server (docs/connect.md): its decisions, without HTTP. */
export function createConnectService(deps: ConnectDeps) {
  const { db, clock, settings } = deps;
  const issuer = deps.publicUrl;

  function back(redirectUri: string, params: Record<string, string>): ConnectRedirect {
    const url = new URL(redirectUri);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    // RFC 9207: the client knows which server answered.
    url.searchParams.set('iss', issuer);
    return { kind: 'redirect', url: url.toString() };
  }

  function refuse(redirectUri: string, state: string, error: ConnectErrorCode, text: string) {
    return back(redirectUri, { error, error_description: text, state });
  }

  /** Why this client may not sign in to this application now, or null when it may. */
  function refusal(app: ConnectApp, clientCode: string): string | null {
    const closed = appClosed(app);
    if (closed !== null) return closed;
    if (!sameText(app.allowedUsers.trim(), clientCode)) return ConnectMessages.clientNotAllowed;
    return null;
  }

  async function issueCode(
    request: {
      applicationId: string;
      redirectUri: string;
      codeChallenge: string;
      scope: string;
      state: string;
    },
    clientCode: string,
    ip: string,
  ): Promise<ConnectRedirect> {
    const now = clock.now();
    const code = newOpaque();
    await insertCode(db, {
      codeHash: opaqueHash(code),
      applicationId: request.applicationId,
      clientCode,
      redirectUri: request.redirectUri,
      codeChallenge: request.codeChallenge,
      scope: request.scope,
      ip,
      createdAt: now,
      expiresAt: now + CONNECT_CODE_TTL_MS,
      usedAt: null,
    });
    return back(request.redirectUri, { code, state: request.state });
  }

  return {
    metadata() {
      return {
        issuer,
        authorization_endpoint: `${issuer}${ConnectPaths.authorize}`,
        token_endpoint: `${issuer}${ConnectPaths.token}`,
        revocation_endpoint: `${issuer}${ConnectPaths.revoke}`,
        introspection_endpoint: `${issuer}${ConnectPaths.introspect}`,
        response_types_supported: ['code'],
        grant_types_supported: ['authorization_code'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
        revocation_endpoint_auth_methods_supported: ['bearer'],
        introspection_endpoint_auth_methods_supported: ['bearer'],
        scopes_supported: [...settings.scopes],
        authorization_response_iss_parameter_supported: true,
      };
    },

    /** RFC 6749 section 4.1.1, with RFC 7636's challenge required. */
    async authorize(query: AuthorizeQuery): Promise<ConnectPage | ConnectRedirect> {
      const app =
        query.client_id === undefined ? undefined : await findConnectApp(db, query.client_id);
      if (app === undefined) return page(400, ConnectMessages.unknownClient);
      // Section 4.1.2.1: never redirect to a URL that is not the registered one.
      if (query.redirect_uri === undefined || query.redirect_uri !== app.callbackUrl) {
        return page(400, ConnectMessages.redirectMismatch);
      }
      const redirectUri = app.callbackUrl;
      const state = query.state ?? '';
      if (state === '')
        return refuse(redirectUri, state, 'invalid_request', ConnectMessages.stateRequired);
      if (query.response_type !== 'code') {
        return refuse(
          redirectUri,
          state,
          'unsupported_response_type',
          ConnectMessages.responseType,
        );
      }
      const challenge = query.code_challenge ?? '';
      if (query.code_challenge_method !== 'S256' || !CHALLENGE.test(challenge)) {
        return refuse(redirectUri, state, 'invalid_request', ConnectMessages.pkceRequired);
      }
      const asked = (query.scope ?? '').split(' ').filter((s) => s !== '');
      if (asked.some((s) => !settings.scopes.includes(s))) {
        return refuse(redirectUri, state, 'invalid_scope', ConnectMessages.scope);
      }
      const closed = appClosed(app);
      if (closed !== null) return refuse(redirectUri, state, 'access_denied', closed);
      if (deps.flowLoginUrl === null) {
        return refuse(redirectUri, state, 'access_denied', ConnectMessages.handOffFailed);
      }
      const now = clock.now();
      const requestId = newOpaque();
      await insertRequest(db, {
        id: requestId,
        applicationId: app.id,
        redirectUri,
        state,
        codeChallenge: challenge,
        scope: (asked.length === 0 ? settings.scopes : asked).join(' '),
        clientCode: null,
        createdAt: now,
        expiresAt: now + CONNECT_REQUEST_TTL_MS,
      });
      const login = new URL(deps.flowLoginUrl);
      login.searchParams.set('applicationId', deps.flowApplicationId);
      login.searchParams.set('state', requestId);
      login.searchParams.set('purpose', CONNECT_PURPOSE);
      return { kind: 'redirect', url: login.toString(), requestId };
    },

    /**
     * The hand-off login came back: the token names the client; the application must take
     * them now. A remembered Allow for the same scopes skips the consent page.
     */
    async callback(
      cookie: string | undefined,
      state: string | undefined,
      token: string | undefined,
      ip: string,
    ): Promise<ConnectPage | ConnectRedirect | ConsentView> {
      const now = clock.now();
      if (cookie === undefined || state === undefined || !sameText(cookie, state)) {
        return page(400, ConnectMessages.requestExpired);
      }
      const request = await findRequest(db, state, now);
      const app =
        request === undefined ? undefined : await findConnectApp(db, request.applicationId);
      if (request === undefined || app === undefined)
        return page(400, ConnectMessages.requestExpired);
      let clientCode: string;
      try {
        const verified = await deps.verifyFlowToken(token ?? '', now);
        if (!(await recordFlowTokenUse(db, verified.jti, verified.expiresAt, now))) {
          throw new Error('hand-off token used before');
        }
        clientCode = verified.clientCode;
      } catch {
        return page(400, ConnectMessages.handOffFailed);
      }
      const why = refusal(app, clientCode);
      if (why !== null) {
        await deleteRequest(db, request.id);
        return refuse(request.redirectUri, request.state, 'access_denied', why);
      }
      if ((await findConsent(db, app.id, clientCode)) === request.scope) {
        await deleteRequest(db, request.id);
        return issueCode(request, clientCode, ip);
      }
      await setRequestClient(db, request.id, clientCode);
      return {
        kind: 'consent',
        requestId: request.id,
        redirectUri: request.redirectUri,
        app,
        clientCode,
        scopes: request.scope.split(' '),
      };
    },

    /** The consent page's Allow or Deny. */
    async consent(
      cookie: string | undefined,
      requestId: string | undefined,
      allow: boolean,
      ip: string,
    ): Promise<ConnectPage | ConnectRedirect> {
      const now = clock.now();
      if (cookie === undefined || requestId === undefined || !sameText(cookie, requestId)) {
        return page(400, ConnectMessages.requestExpired);
      }
      const request = await findRequest(db, requestId, now);
      const app =
        request === undefined ? undefined : await findConnectApp(db, request.applicationId);
      if (request === undefined || app === undefined || request.clientCode === null) {
        return page(400, ConnectMessages.requestExpired);
      }
      await deleteRequest(db, request.id);
      if (!allow)
        return refuse(request.redirectUri, request.state, 'access_denied', ConnectMessages.denied);
      const why = refusal(app, request.clientCode);
      if (why !== null) return refuse(request.redirectUri, request.state, 'access_denied', why);
      const clientCode = request.clientCode;
      await db.transaction().execute(async (trx) => {
        await saveConsent(trx, {
          applicationId: app.id,
          clientCode,
          scope: request.scope,
          createdAt: now,
        });
        await recordConnectEvent(trx, {
          applicationId: app.id,
          clientCode,
          kind: 'connect.consented',
          at: now,
          origin: { ip, device: null },
          details: { scopes: request.scope.split(' ') },
        });
      });
      return issueCode(request, request.clientCode, ip);
    },

    /** RFC 6749 section 4.1.3 with RFC 7636 section 4.6; the secret is the app's API key. */
    async token(
      client: { id: string; secret: string } | null,
      form: Readonly<Record<string, string | undefined>>,
    ): Promise<TokenAnswer> {
      const now = clock.now();
      if (
        client === null ||
        !(await isKeyOfApp(db, client.id, deps.lookupHash(client.secret), now))
      ) {
        return tokenError(401, 'invalid_client', ConnectMessages.clientAuth);
      }
      if (form.grant_type !== 'authorization_code') {
        return tokenError(400, 'unsupported_grant_type', ConnectMessages.grantType);
      }
      const app = await findConnectApp(db, client.id);
      const closed = app === undefined ? ConnectMessages.unknownClient : appClosed(app);
      // RFC 6749 section 5.2: the grant was given to an application that may not sign in now.
      if (closed !== null) return tokenError(400, 'invalid_grant', closed);
      const codeHash = opaqueHash(form.code ?? '');
      const code = await findCode(db, codeHash);
      if (code === undefined || code.applicationId !== client.id) {
        return tokenError(400, 'invalid_grant', ConnectMessages.codeInvalid);
      }
      if (code.usedAt !== null) {
        // RFC 6749 section 4.1.2: a replayed code revokes what it issued.
        await revokeTokensOfCode(db, codeHash, now);
        return tokenError(400, 'invalid_grant', ConnectMessages.codeInvalid);
      }
      if (code.expiresAt <= now)
        return tokenError(400, 'invalid_grant', ConnectMessages.codeInvalid);
      if (form.redirect_uri !== code.redirectUri) {
        return tokenError(400, 'invalid_grant', ConnectMessages.redirectDiffers);
      }
      const verifier = form.code_verifier ?? '';
      if (!VERIFIER.test(verifier) || !sameText(s256(verifier), code.codeChallenge)) {
        return tokenError(400, 'invalid_grant', ConnectMessages.verifierInvalid);
      }
      if (!(await useCode(db, codeHash, now))) {
        await revokeTokensOfCode(db, codeHash, now);
        return tokenError(400, 'invalid_grant', ConnectMessages.codeInvalid);
      }
      const accessToken = newOpaque();
      const expiresAt = nextLogoutAfter(settings.dailyLogout, now);
      await db.transaction().execute(async (trx) => {
        await insertToken(trx, {
          tokenHash: opaqueHash(accessToken),
          applicationId: code.applicationId,
          clientCode: code.clientCode,
          scope: code.scope,
          codeHash,
          ip: code.ip,
          createdAt: now,
          expiresAt,
          revokedAt: null,
        });
        // The client's sign-in, from the address it signed in from; the exchange is the app's.
        await recordConnectEvent(trx, {
          applicationId: code.applicationId,
          clientCode: code.clientCode,
          kind: 'connect.signed_in',
          at: now,
          origin: { ip: code.ip, device: null },
        });
      });
      return {
        status: 200,
        body: {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: Math.floor((expiresAt - now) / 1000),
          scope: code.scope,
        },
      };
    },

    /** RFC 7009: an unknown or ended token is answered the same as one just revoked. */
    async revoke(token: string | undefined): Promise<void> {
      if (token === undefined || token === '') return;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const revoked = await revokeLiveToken(trx, opaqueHash(token), now);
        if (revoked === undefined) return;
        await recordConnectEvent(trx, {
          ...revoked,
          kind: 'connect.session_ended',
          at: now,
          origin: { ip: null, device: null },
          details: { by: 'client' },
        });
      });
    },

    /** RFC 7662 section 2.2. */
    async introspect(token: string | undefined) {
      const row =
        token === undefined || token === ''
          ? undefined
          : await findLiveToken(db, opaqueHash(token), clock.now());
      if (row === undefined) return { active: false } as const;
      return {
        active: true,
        client_id: row.applicationId,
        sub: row.clientCode,
        scope: row.scope,
        token_type: 'Bearer',
        iat: Math.floor(row.createdAt / 1000),
        exp: Math.floor(row.expiresAt / 1000),
        iss: issuer,
      } as const;
    },
  };
}

export type ConnectService = ReturnType<typeof createConnectService>;
