// Connect: trading clients sign in to an application with OAuth 2.0 (docs/connect.md).

export const ConnectPaths = {
  metadata: '/.well-known/oauth-authorization-server',
  authorize: '/oauth/authorize',
  /** Where the provider's hand-off login sends the browser back. */
  callback: '/oauth/callback',
  consent: '/oauth/consent',
  token: '/oauth/token',
  revoke: '/oauth/revoke',
  introspect: '/oauth/introspect',
} as const;

/** What the portal sends the hand-off login as `purpose` so it returns to the callback. */
export const CONNECT_PURPOSE = 'connect';

/** The browser's cookie naming its pending authorization. */
export const CONNECT_REQUEST_COOKIE = 'connect_request';

/** RFC 6749 section 4.1.2 recommends at most 10 minutes; ours: one minute. */
export const CONNECT_CODE_TTL_MS = 60_000;

/** Long enough to sign in at the provider and answer the consent page. */
export const CONNECT_REQUEST_TTL_MS = 10 * 60_000;

/**
 * Token requests per client (application id) and minute, across instances: a client
 * exchanges one code per sign-in, so more is a broken client or a guessed secret.
 */
export const CONNECT_TOKEN_REQUESTS_PER_MINUTE = 30;

export const CONNECT_DEFAULT_SCOPES = 'orders portfolio market-data';

export const CONNECT_DEFAULT_DAILY_LOGOUT = '06:00 Asia/Kolkata';

/** What each scope lets the application do, as the consent page says it. */
export const CONNECT_SCOPE_TEXT: Readonly<Record<string, string>> = {
  orders: 'Place, change and cancel orders',
  portfolio: 'See your holdings and positions',
  'market-data': 'Read quotes and market data',
};

/** The error codes of RFC 6749 sections 4.1.2.1 and 5.2 that Connect answers. */
export type ConnectErrorCode =
  | 'invalid_request'
  | 'unauthorized_client'
  | 'access_denied'
  | 'unsupported_response_type'
  | 'invalid_scope'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unsupported_grant_type'
  | 'temporarily_unavailable';

/** Page texts where no redirect is allowed, and error descriptions sent back to the client. */
export const ConnectMessages = {
  unknownClient: 'This application is not known.',
  redirectMismatch: "The redirect URL is not the application's registered redirect URL.",
  requestExpired:
    'This sign-in has expired or was started in another browser. Please start again from the application.',
  handOffFailed:
    'The sign-in at the login service did not succeed. Please start again from the application.',
  stateRequired: 'state is required',
  pkceRequired: 'code_challenge with code_challenge_method S256 is required',
  responseType: 'only response_type=code is supported',
  scope: 'scope asks for more than the application may have',
  appInactive: 'The application is paused',
  appHeld: 'The application is held by the operator',
  appBlocked: 'The provider blocked the application',
  clientNotAllowed: 'This client may not sign in to the application',
  denied: 'The client denied the request',
  formExpired: 'This form has expired. Please start again from the application.',
  clientAuth: 'client authentication failed',
  grantType: 'only grant_type=authorization_code is supported',
  codeInvalid: 'the code is invalid, expired or already used',
  redirectDiffers: 'redirect_uri differs from the authorization request',
  verifierInvalid: 'code_verifier does not match the code_challenge',
  tooManyTokenRequests: (seconds: number) =>
    `too many token requests for this client; try again in ${String(seconds)} seconds`,
} as const;

/** The texts of Connect's own pages (the consent page and the failed sign-in). */
export const ConnectPageTexts = {
  failedTitle: 'Sign-in failed',
  consentTitle: (appName: string) => `Allow ${appName}?`,
  consentHeading: (appName: string) => `Allow ${appName} to use your account?`,
  byDeveloper: (developerName: string) => `By ${developerName}.`,
  signedInAs: 'You are signed in as client',
  mayDo: (appName: string) => `${appName} will be able to:`,
  until: 'Until the next daily logout. You can end this at any time.',
  deny: 'Deny',
  allow: 'Allow',
} as const;
