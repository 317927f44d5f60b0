import type { Generated } from 'kysely';
import type { OperatorAction, OperatorRole } from '../../contract/ops.js';
import type { PostbackState } from '../../contract/postbacks.js';

/**
 * Table types as TypeScript sees them (camelCase; the CamelCasePlugin maps to the
 * snake_case columns). Times are epoch milliseconds and flags are 0/1 integers on both
 * engines: see docs/decisions/003-sql-json-case-and-types.md.
 */
export interface DevelopersTable {
  id: string;
  email: string;
  emailNormalized: string;
  name: string;
  mobile: string;
  state: string;
  passwordHash: string | null;
  verifiedAt: number | null;
  clientCode: string | null;
  failedSignIns: Generated<number>;
  lockedUntil: number | null;
  /** The last counted failure: a count older than the quiet period starts again. */
  lastFailedSignInAt: number | null;
  /** Access tokens issued before this instant are refused (password reset). */
  tokensValidAfter: Generated<number>;
  /** Raised by triggers on every change to the developer's applications or IP records. */
  appsVersion: Generated<number>;
  createdAt: number;
  updatedAt: number;
  /** The kill switch on every application of the developer: the operator's reason, or null. */
  blockedReason: string | null;
  /** When the provider blocked the developer (epoch ms); null when not blocked. */
  blockedAt: number | null;
  /** When the developer's first second factor was enrolled; null while none is. */
  secondFactorAt: number | null;
}

export type CodePurpose = 'verify' | 'reset';

export interface OneTimeCodesTable {
  id: string;
  developerId: string;
  purpose: CodePurpose;
  codeHash: string;
  expiresAt: number;
  attempts: Generated<number>;
  consumedAt: number | null;
  supersededAt: number | null;
  createdAt: number;
}

export interface RefreshTokensTable {
  id: string;
  developerId: string;
  tokenHash: string;
  familyId: string;
  expiresAt: number;
  revokedAt: number | null;
  replacedBy: string | null;
  createdAt: number;
}

/** A sign-in (refresh-token family) as the account screen lists it. */
export interface SessionsTable {
  id: string;
  developerId: string;
  /** Summarized from the User-Agent, e.g. 'Chrome on Linux'. */
  browser: string;
  ip: string;
  /** The browser's IANA time zone at sign-in (docs/decisions/021-sessions.md). */
  place: string | null;
  createdAt: number;
  lastUsedAt: number;
  /** When the session last proved a second factor (docs/decisions/068-step-up.md); null: never. */
  stepUpAt: Generated<number | null>;
}

export interface ApplicationsTable {
  id: string;
  ownerId: string;
  name: string;
  algoId: string | null;
  logoUrl: string;
  /** Server-made name of the stored icon, null when the default icon is used. */
  logoKey: string | null;
  /** The icon's own file name as the developer chose it, cleaned; null without one. */
  logoName: string | null;
  callbackUrl: string;
  postbackUrl: string | null;
  allowedUsers: string;
  description: string;
  isActive: number;
  renewalAt: number;
  ipsChangedAt: number | null;
  createdAt: number;
  updatedAt: number;
  /** The operator's reason for holding the application paused; null when not held. */
  operatorHoldReason: string | null;
  /** When the operator's hold began (epoch ms); null when not held. */
  operatorHoldAt: number | null;
  /** The kill switch on this application: the operator's reason, or null when not blocked. */
  blockedReason: string | null;
  /** When the provider blocked the application (epoch ms); null when not blocked. */
  blockedAt: number | null;
}

export interface IpRecordsTable {
  applicationId: string;
  ip: string;
  familyPending: number;
  adminAccept: number;
  documentKey: string | null;
  /** The operator's reason when the proof was rejected; cleared by a new document. */
  rejectionReason: string | null;
  createdAt: number;
  /** When the stored document was sent: the proof queue's order and age. */
  documentSentAt: number | null;
}

/** An application's API key, sealed at rest: docs/decisions/024-api-keys-at-rest.md. */
export interface ApiKeysTable {
  id: string;
  applicationId: string;
  /** HMAC-SHA256 of the key: finds a key without storing it readable. */
  lookupHash: string;
  /** AES-256-GCM of the key (src/server/keys/key-crypto.ts). */
  sealedKey: string;
  /** The key's shown part (`maskApiKey`), for support's search; filled at start for old keys. */
  keyPrefix: string | null;
  createdAt: number;
  /** Null for the current key; the end of an old key's grace period. */
  expiresAt: number | null;
}

/** Keys of an older version, waiting for the start that seals them (migration 0009). */
export interface PlainApiKeysTable {
  applicationId: string;
  apiKey: string;
}

export interface MailboxMessagesTable {
  id: string;
  toAddress: string;
  subject: string;
  textBody: string;
  htmlBody: string;
  createdAt: number;
}

/** Public icons (content-addressed) and private proof documents: see storage/blob-store.ts. */
export type BlobKind = 'logos' | 'documents';

/** Blob bytes kept by the database backend, written in the transaction of their rows. */
export interface BlobsTable {
  kind: BlobKind;
  key: string;
  bytes: Buffer;
  createdAt: number;
}

/** Hand-off login tokens already exchanged: each is accepted once. */
export interface FlowTokenUsesTable {
  jti: string;
  expiresAt: number;
}

/** One unit of background work: docs/decisions/013-job-queue.md. */
export interface JobsTable {
  id: string;
  kind: string;
  /** JSON text; null once a done job's payload was erased. */
  payload: string | null;
  attempts: Generated<number>;
  maxAttempts: number;
  runAt: number;
  lockedUntil: number | null;
  lockedBy: string | null;
  lastError: string | null;
  doneAt: number | null;
  failedAt: number | null;
  createdAt: number;
}

/** Requests counted per route and client key until `resetsAt` (epoch ms). */
export interface RateLimitsTable {
  key: string;
  hits: number;
  resetsAt: number;
}

/** Failed sign-ins of one account from one client address or one trusted device. */
export interface SignInThrottlesTable {
  key: string;
  developerId: string;
  failedSignIns: number;
  lockedUntil: number | null;
  lastFailedSignInAt: number;
}

export interface ActivityEventsTable {
  id: string;
  developerId: string;
  applicationId: string | null;
  /** One of ACTIVITY_KINDS (src/contract/activity.ts). */
  kind: string;
  at: number;
  ip: string | null;
  /** Summarized from the User-Agent, e.g. 'Chrome on Linux'. */
  device: string | null;
  /** JSON of the event's ActivityDetails. */
  details: string;
}

/** An application's postback signing secret, sealed like its API keys (decision 031). */
export interface PostbackSecretsTable {
  id: string;
  applicationId: string;
  sealedSecret: string;
  createdAt: number;
  /** Null for the current secret; the end of an old secret's grace period. */
  expiresAt: number | null;
}

/** One event from the trading platform for an application's postback URL. */
export interface PostbackEventsTable {
  seq: Generated<number>;
  id: string;
  applicationId: string;
  callerEventId: string;
  type: string;
  /** JSON object, the delivered body's `data`. */
  payload: string;
  isTest: number;
  state: PostbackState;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number | null;
  lastStatus: number | null;
  lastLatencyMs: number | null;
}

/** A caller's event id an application received, kept for the idempotency window. */
export interface PostbackEventIdsTable {
  applicationId: string;
  callerEventId: string;
  seenAt: number;
}

/** One delivery attempt: headers as JSON, bodies cut at 4 KB. */
export interface PostbackAttemptsTable {
  id: string;
  eventId: string;
  number: number;
  at: number;
  requestHeaders: string;
  requestBody: string;
  responseStatus: number | null;
  responseHeaders: string;
  responseBody: string;
  latencyMs: number;
  error: string | null;
}

export interface OperatorsTable {
  id: string;
  /** Lower-cased. */
  email: string;
  role: OperatorRole;
  /** Null until the operator enrolls. */
  passwordHash: string | null;
  /** AES-GCM under the key secret (decision 024), the operator id as additional data. */
  sealedTotpSecret: string | null;
  /** SHA-256 of the enrollment link's token; null once enrolled. */
  enrollmentTokenHash: string | null;
  enrollmentExpiresAt: number | null;
  enrolledAt: number | null;
  disabledAt: number | null;
  failedSignIns: Generated<number>;
  lockedUntil: number | null;
  lastFailedSignInAt: number | null;
  lastTotpStep: number | null;
  createdAt: number;
}

export interface OperatorSessionsTable {
  /** SHA-256 of the cookie's token. */
  tokenHash: string;
  operatorId: string;
  ip: string;
  createdAt: number;
  lastUsedAt: number;
}

export interface OperatorAuditTable {
  seq: Generated<number>;
  at: number;
  operatorId: string;
  operatorEmail: string;
  action: OperatorAction;
  developerId: string | null;
  applicationId: string | null;
  target: string;
  reason: string | null;
  /** JSON of plain values. */
  details: string;
  ip: string;
}

/** One row: the retention purge's cutoff while it runs, else 0 (migration 0018). */
export interface ActivityPurgeGateTable {
  id: number;
  purgeBefore: number;
}

/** Wrong codes of one purpose against one developer, in the day since the window started. */
export interface CodeFailuresTable {
  developerId: string;
  purpose: CodePurpose;
  failures: number;
  windowStartedAt: number;
}

/** A developer's authenticator app; without `confirmedAt` an enrollment begun. */
export interface DeveloperTotpTable {
  developerId: string;
  sealedSecret: string;
  confirmedAt: number | null;
  lastStep: number | null;
  createdAt: number;
}

/** A developer's recovery codes, by HMAC; each good once. */
export interface RecoveryCodesTable {
  developerId: string;
  codeHash: string;
  usedAt: number | null;
  createdAt: number;
}

/** A developer's passkey (WebAuthn credential); a second factor. */
export interface DeveloperPasskeysTable {
  credentialId: string;
  developerId: string;
  publicKey: string;
  counter: number;
  transports: string;
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
}

/** A WebAuthn challenge handed to a browser: good once, until `expiresAt`. */
export interface PasskeyChallengesTable {
  challenge: string;
  purpose: string;
  developerId: string | null;
  expiresAt: number;
}

/** Filled by triggers: an application or developer whose gateway answers may have changed. */
export interface GatewayChangesTable {
  seq: Generated<number>;
  applicationId: string | null;
  developerId: string | null;
}

/** Gateway check answers per application, UTC minute, outcome and reason (migration 0023). */
export interface GatewayUsageTable {
  applicationId: string;
  minute: number;
  outcome: string;
  /** The reason code of a refusal; empty for an allowed call. */
  reason: string;
  count: number;
}

/** The last refused source addresses of an application, one row per address. */
export interface GatewayRefusedAddressesTable {
  applicationId: string;
  ip: string;
  reason: string;
  at: number;
}

/** Operators' failed sign-ins, by the e-mail typed (known or not) and the client or device. */
export interface OperatorSignInThrottlesTable {
  key: string;
  failedSignIns: number;
  lockedUntil: number | null;
  lastFailedSignInAt: number;
}

/** A browser's Connect authorization before its code: docs/connect.md. */
export interface ConnectRequestsTable {
  id: string;
  applicationId: string;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  scope: string;
  /** Set once the provider's hand-off login came back for this request. */
  clientCode: string | null;
  createdAt: number;
  expiresAt: number;
}

/** A one-time authorization code, found by its SHA-256. */
export interface ConnectCodesTable {
  codeHash: string;
  applicationId: string;
  clientCode: string;
  redirectUri: string;
  codeChallenge: string;
  scope: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
  usedAt: number | null;
}

/** An opaque Connect access token, found by its SHA-256; it ends at the daily logout. */
export interface ConnectTokensTable {
  tokenHash: string;
  applicationId: string;
  clientCode: string;
  scope: string;
  /** The code it was issued for: a replay of that code revokes it. */
  codeHash: string;
  ip: string;
  createdAt: number;
  expiresAt: number;
  revokedAt: number | null;
}

/** A client's Allow for an application and scopes, remembered until revoked. */
export interface ConnectConsentsTable {
  applicationId: string;
  clientCode: string;
  scope: string;
  createdAt: number;
}

export interface Database {
  developers: DevelopersTable;
  oneTimeCodes: OneTimeCodesTable;
  refreshTokens: RefreshTokensTable;
  sessions: SessionsTable;
  applications: ApplicationsTable;
  ipRecords: IpRecordsTable;
  apiKeys: ApiKeysTable;
  plainApiKeys: PlainApiKeysTable;
  mailboxMessages: MailboxMessagesTable;
  flowTokenUses: FlowTokenUsesTable;
  jobs: JobsTable;
  blobs: BlobsTable;
  rateLimits: RateLimitsTable;
  signInThrottles: SignInThrottlesTable;
  activityEvents: ActivityEventsTable;
  activityPurgeGate: ActivityPurgeGateTable;
  postbackSecrets: PostbackSecretsTable;
  postbackEvents: PostbackEventsTable;
  postbackEventIds: PostbackEventIdsTable;
  postbackAttempts: PostbackAttemptsTable;
  operators: OperatorsTable;
  operatorSessions: OperatorSessionsTable;
  operatorAudit: OperatorAuditTable;
  gatewayChanges: GatewayChangesTable;
  operatorSignInThrottles: OperatorSignInThrottlesTable;
  codeFailures: CodeFailuresTable;
  gatewayUsage: GatewayUsageTable;
  gatewayRefusedAddresses: GatewayRefusedAddressesTable;
  connectRequests: ConnectRequestsTable;
  connectCodes: ConnectCodesTable;
  connectTokens: ConnectTokensTable;
  connectConsents: ConnectConsentsTable;
  developerTotp: DeveloperTotpTable;
  recoveryCodes: RecoveryCodesTable;
  developerPasskeys: DeveloperPasskeysTable;
  passkeyChallenges: PasskeyChallengesTable;
}
