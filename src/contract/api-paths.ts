/** API paths of docs/product.md section 7, named once for the client and the server. */
const AUTH = '/api/v1/authentication';
/** The path every account call lies under (the device cookie's path). */
export const AUTH_PATHS_PREFIX = AUTH;

export const ApiPaths = {
  signup: `${AUTH}/signup`,
  confirm: `${AUTH}/confirm`,
  signin: `${AUTH}/signin`,
  /** Ours: the sign-in's second step, a code after the password (docs/decisions/063). */
  signinSecondFactor: `${AUTH}/signin/second-factor`,
  forgotPassword: `${AUTH}/forgotPassword`,
  forgotPasswordConfirm: `${AUTH}/forgotPassword/confirm`,
  /** Ours: the reset-code check behind the async validator (docs/product.md section 7 shows no path). */
  forgotPasswordVerify: `${AUTH}/forgotPassword/verify`,
  refresh: `${AUTH}/refresh`,
  sendConfirmation: `${AUTH}/sendConfirmation`,
  loginWithFlow: `${AUTH}/loginWithFlow`,
  /** Ours: the login button's start of the hand-off: a state cookie, then the provider (GET). */
  flowStart: `${AUTH}/flowStart`,
  /** Ours: revokes the refresh token on logout. */
  logout: `${AUTH}/logout`,
  apps: '/api/v1/apps',
  createApp: '/api/v1/app',
  app: (applicationId: string) => `/api/v1/app/${encodeURIComponent(applicationId)}`,
  /** The server's route pattern of `app(id)`. */
  appPattern: '/api/v1/app/:id',
  /** Ours: a new API key now, the old one kept for a grace period (POST). */
  rollKey: (applicationId: string) => `/api/v1/app/${encodeURIComponent(applicationId)}/keys/roll`,
  rollKeyPattern: '/api/v1/app/:id/keys/roll',
  /** Ours: the whole keys after the password is entered again (POST). */
  revealKeys: (applicationId: string) =>
    `/api/v1/app/${encodeURIComponent(applicationId)}/keys/reveal`,
  revealKeysPattern: '/api/v1/app/:id/keys/reveal',
  /** Ours: the read-only check of typed IPs behind the IP rows (docs/decisions/025). */
  ipCheck: '/api/v1/ips/check',
  /** Ours: the caller's public IP as the portal sees it (the IP rows' chip). */
  myIp: '/api/v1/ips/mine',
  /** Ours: a proof document behind a signed link that expires. */
  documents: '/api/v1/documents',
  /** Ours: the account screen's sessions list (docs/decisions/021-sessions.md). */
  sessions: '/api/v1/account/sessions',
  session: (sessionId: string) => `/api/v1/account/sessions/${encodeURIComponent(sessionId)}`,
  /** The server's route pattern of `session(id)`. */
  sessionPattern: '/api/v1/account/sessions/:id',
  /** Ours: ends every session of the developer but the asking one. */
  signOutOtherSessions: '/api/v1/account/sessions/sign-out-others',
  /** Ours: the signed-in developer's profile on the account screen (GET, PUT). */
  accountProfile: '/api/v1/account/profile',
  /** Ours: the account screen's password change (POST). */
  accountPassword: '/api/v1/account/password',
  /** Ours: the developer's activity log, newest first, and its CSV. */
  activity: '/api/v1/activity',
  activityCsv: '/api/v1/activity/export.csv',
} as const;

/** Ours, not an API path: where the public app icons are served. */
export const LOGOS_PATH = '/uploads/logos';

/** The calls of docs/product.md section 7 that never carry the bearer token. */
export const UNAUTHENTICATED_PATHS: readonly string[] = [
  ApiPaths.signup,
  ApiPaths.confirm,
  ApiPaths.signin,
  ApiPaths.signinSecondFactor,
  ApiPaths.forgotPassword,
  ApiPaths.forgotPasswordConfirm,
  ApiPaths.forgotPasswordVerify,
  ApiPaths.refresh,
  ApiPaths.sendConfirmation,
  ApiPaths.loginWithFlow,
  ApiPaths.flowStart,
];

/** Calls from the provider's own systems, service-token authenticated. */
export const InternalPaths = {
  postbacks: '/internal/v1/postbacks',
  openApi: '/internal/v1/openapi.json',
  gatewayCheck: '/internal/v1/gateway/check',
  authorize: '/internal/v1/authorize',
  /** On the gateway's port: the paged snapshot of what the check decides on (GET). */
  allowlist: '/internal/v1/allowlist',
  /** On the gateway's port: the changes after a cursor (GET, `?after=`). */
  allowlistChanges: '/internal/v1/allowlist/changes',
} as const;

/** Embedded mode only (never in production): the mailbox and the hand-off provider. */
export const DevPaths = {
  mail: '/dev/mail',
  mailMessages: '/dev/mail/messages',
  flow: '/dev/flow',
  /** The second step of a client sign-in (`purpose=connect`): the code. */
  flowCode: '/dev/flow/code',
  postbacks: '/dev/postbacks',
  postbackRequests: '/dev/postbacks/requests',
} as const;
