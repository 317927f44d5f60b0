import * as z from 'zod/mini';
import { CodeSchema, EmailSchema, PasswordSchema } from './fields.js';

/**
 * The operator console (docs/decisions/036-operator-console.md): its roles, what
 * each may do, its paths and payloads. Only the console and the server import this file, so
 * nothing of it reaches what the developers' pages load.
 */
export const OPERATOR_ROLES = ['reviewer', 'support', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** What each area of the console needs; admin may do everything. */
export const OpsAreas = {
  proofs: ['reviewer', 'admin'],
  developers: ['support', 'admin'],
  audit: ['admin'],
  operators: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;
export type OpsArea = keyof typeof OpsAreas;

export function mayUse(role: OperatorRole, area: OpsArea): boolean {
  return (OpsAreas[area] as readonly OperatorRole[]).includes(role);
}

/** Every action the audit records. */
export const OPERATOR_ACTIONS = [
  'operator.signed_in',
  'operator.sign_in_failed',
  'operator.locked_out',
  'operator.signed_out',
  'operator.enrolled',
  'operator.added',
  'operator.disabled',
  'operator.reset',
  'proof.accepted',
  'proof.rejected',
  'proof.document_viewed',
  'audit.exported',
  'application.paused',
  'application.resumed',
  'developer.unlocked',
  'developer.sessions_ended',
  'developer.verification_resent',
  'application.blocked',
  'application.unblocked',
  'developer.blocked',
  'developer.unblocked',
  'application.connect_sessions_ended',
  'client.connect_sessions_ended',
  'developer.factors_reset',
] as const;
export type OperatorAction = (typeof OPERATOR_ACTIONS)[number];

export const OpsLimits = {
  /** An enrollment link is good for 24 hours. */
  enrollmentMs: 24 * 60 * 60 * 1000,
  /** A session ends after 30 minutes without a request, and 12 hours after sign-in at most. */
  sessionIdleMs: 30 * 60 * 1000,
  sessionMaxMs: 12 * 60 * 60 * 1000,
  /** TOTP (RFC 6238): 6 digits, 30 s steps; one step either side is accepted for clock skew. */
  totpDigits: 6,
  totpPeriodSeconds: 30,
  totpWindow: 1,
  reasonMaxLength: 500,
  searchMinLength: 2,
  searchMaxLength: 200,
  searchMaxResults: 50,
  clientCodeMaxLength: 200,
  auditPageSize: 50,
  /** The audit CSV holds every matching entry; it is read and sent this many at a time. */
  auditExportBatchRows: 1000,
  /** Failures before the operator's account locks (then as for developers, decision 010). */
  freeFailures: 5,
} as const;

const API = '/api/v1/ops';
const enc = encodeURIComponent;

export const OpsApiPaths = {
  /** POST: email, password and TOTP code → the session cookie. GET: who is signed in. DELETE: sign out. */
  session: `${API}/session`,
  /** GET ?token=: who is enrolling and the TOTP secret to add; POST: password and first code. */
  enrollment: `${API}/enrollment`,
  /** GET: pending proofs, oldest first. */
  proofs: `${API}/proofs`,
  /** GET ?applicationId=&ip=: the document itself, for the in-page viewer. */
  proofDocument: `${API}/proofs/document`,
  /** POST: accept or reject (with a reason) one proof. */
  proofDecision: `${API}/proofs/decision`,
  /** GET ?q=: developers and applications by e-mail, name, client id, app id, key prefix or IP. */
  search: `${API}/search`,
  developer: (id: string) => `${API}/developers/${enc(id)}`,
  developerPattern: `${API}/developers/:id`,
  /** GET: the developer's activity log, as the developer sees it (?cursor=). */
  developerActivity: (id: string) => `${API}/developers/${enc(id)}/activity`,
  developerActivityPattern: `${API}/developers/:id/activity`,
  unlock: (id: string) => `${API}/developers/${enc(id)}/unlock`,
  unlockPattern: `${API}/developers/:id/unlock`,
  endSessions: (id: string) => `${API}/developers/${enc(id)}/end-sessions`,
  endSessionsPattern: `${API}/developers/:id/end-sessions`,
  /** POST {reason}: removes every second factor of the developer and ends their sessions. */
  resetFactors: (id: string) => `${API}/developers/${enc(id)}/reset-factors`,
  resetFactorsPattern: `${API}/developers/:id/reset-factors`,
  resendVerification: (id: string) => `${API}/developers/${enc(id)}/resend-verification`,
  resendVerificationPattern: `${API}/developers/:id/resend-verification`,
  application: (id: string) => `${API}/apps/${enc(id)}`,
  applicationPattern: `${API}/apps/:id`,
  /** POST {isActive, reason}: pause or resume. */
  applicationStatus: (id: string) => `${API}/apps/${enc(id)}/status`,
  applicationStatusPattern: `${API}/apps/:id/status`,
  /** GET ?window=: the gateway check's counts and last refused addresses, as the developer sees them. */
  applicationUsage: (id: string) => `${API}/apps/${enc(id)}/usage`,
  applicationUsagePattern: `${API}/apps/:id/usage`,
  /** POST {blocked, reason}: the kill switch on one application, set or lifted. */
  applicationBlock: (id: string) => `${API}/apps/${enc(id)}/block`,
  applicationBlockPattern: `${API}/apps/:id/block`,
  /** POST {blocked, reason}: the kill switch on every application of the developer. */
  developerBlock: (id: string) => `${API}/developers/${enc(id)}/block`,
  developerBlockPattern: `${API}/developers/:id/block`,
  /** POST {reason}: revokes every live Connect token of the application (docs/connect.md). */
  applicationEndConnect: (id: string) => `${API}/apps/${enc(id)}/end-connect-sessions`,
  applicationEndConnectPattern: `${API}/apps/:id/end-connect-sessions`,
  /** POST {clientCode, reason}: revokes every live Connect token of a client code, in any application. */
  clientEndConnect: `${API}/connect-clients/end-sessions`,
  audit: `${API}/audit`,
  auditCsv: `${API}/audit/export.csv`,
  operators: `${API}/operators`,
  operatorDisable: (id: string) => `${API}/operators/${enc(id)}/disable`,
  operatorDisablePattern: `${API}/operators/:id/disable`,
  operatorReset: (id: string) => `${API}/operators/${enc(id)}/reset`,
  operatorResetPattern: `${API}/operators/:id/reset`,
} as const;

/** The console's pages; the server answers every path under `/ops` with the console's page. */
export const OpsClientPaths = {
  root: '/ops',
  login: '/ops/login',
  enroll: '/ops/enroll',
  proofs: '/ops/proofs',
  find: '/ops/find',
  developer: '/ops/developers/:developerId',
  application: '/ops/apps/:applicationId',
  audit: '/ops/audit',
  operators: '/ops/operators',
} as const;

export const opsDeveloperPath = (id: string) => `/ops/developers/${enc(id)}`;
export const opsApplicationPath = (id: string) => `/ops/apps/${enc(id)}`;

const IdSchema = z.string().check(z.minLength(1), z.maxLength(200));
const ReasonSchema = z
  .string()
  .check(z.trim(), z.minLength(1), z.maxLength(OpsLimits.reasonMaxLength));
const OptionalReasonSchema = z.optional(
  z.string().check(z.trim(), z.maxLength(OpsLimits.reasonMaxLength)),
);
const TotpCodeSchema = CodeSchema;
const EnrollmentTokenSchema = z.string().check(z.minLength(20), z.maxLength(200));

export const OperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof OperatorSchema>;

export const OpsSignInRequestSchema = z.strictObject({
  email: EmailSchema,
  password: z.string().check(z.minLength(1), z.maxLength(200)),
  code: TotpCodeSchema,
});
export type OpsSignInRequest = z.infer<typeof OpsSignInRequestSchema>;

export const OpsSessionResponseSchema = z.object({ operator: OperatorSchema });
export type OpsSessionResponse = z.infer<typeof OpsSessionResponseSchema>;

export const EnrollmentQuerySchema = z.strictObject({ token: EnrollmentTokenSchema });

export const EnrollmentResponseSchema = z.object({
  email: z.string(),
  role: z.enum(OPERATOR_ROLES),
  /** Base32, for typing into the authenticator. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG document. */
  qrSvg: z.string(),
});
export type EnrollmentResponse = z.infer<typeof EnrollmentResponseSchema>;

export const EnrollRequestSchema = z.strictObject({
  token: EnrollmentTokenSchema,
  password: PasswordSchema,
  code: TotpCodeSchema,
});
export type EnrollRequest = z.infer<typeof EnrollRequestSchema>;

export const ProofStateSchema = z.enum(['pending', 'accepted', 'rejected']);

export const ProofSharerSchema = z.object({
  developerId: z.string(),
  developerEmail: z.string(),
  applicationId: z.string(),
  applicationName: z.string(),
});

export const PendingProofSchema = z.object({
  applicationId: z.string(),
  applicationName: z.string(),
  developerId: z.string(),
  developerEmail: z.string(),
  developerName: z.string(),
  ip: z.string(),
  /** ISO 8601: when the proof was sent. */
  submittedAt: z.string(),
  /** The document's type (image/png, image/jpeg, application/pdf), null without one. */
  documentType: z.nullable(z.string()),
  /** Other applications that list the same IP. */
  sharedWith: z.array(ProofSharerSchema),
});
export type PendingProof = z.infer<typeof PendingProofSchema>;

export const PendingProofsResponseSchema = z.object({ proofs: z.array(PendingProofSchema) });
export type PendingProofsResponse = z.infer<typeof PendingProofsResponseSchema>;

export const ProofDocumentQuerySchema = z.strictObject({
  applicationId: IdSchema,
  ip: z.string().check(z.minLength(1), z.maxLength(64)),
});

export const ProofDecisionRequestSchema = z.union([
  z.strictObject({
    applicationId: IdSchema,
    ip: z.string().check(z.minLength(1), z.maxLength(64)),
    decision: z.literal('accept'),
  }),
  z.strictObject({
    applicationId: IdSchema,
    ip: z.string().check(z.minLength(1), z.maxLength(64)),
    decision: z.literal('reject'),
    reason: ReasonSchema,
  }),
]);
export type ProofDecisionRequest = z.infer<typeof ProofDecisionRequestSchema>;

export const SearchQuerySchema = z.strictObject({
  q: z
    .string()
    .check(
      z.trim(),
      z.minLength(OpsLimits.searchMinLength),
      z.maxLength(OpsLimits.searchMaxLength),
    ),
});

/** Which key matched: shown beside each result. */
export const SEARCH_MATCHES = [
  'email',
  'name',
  'client_id',
  'application_id',
  'key_prefix',
  'ip',
] as const;
export type SearchMatch = (typeof SEARCH_MATCHES)[number];

export const SearchDeveloperSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  matchedBy: z.enum(SEARCH_MATCHES),
});
export const SearchApplicationSchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  developerId: z.string(),
  developerEmail: z.string(),
  isActive: z.boolean(),
  matchedBy: z.enum(SEARCH_MATCHES),
});
export const SearchResponseSchema = z.object({
  developers: z.array(SearchDeveloperSchema),
  applications: z.array(SearchApplicationSchema),
});
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

export const OpsIpSchema = z.object({
  ip: z.string(),
  proofState: z.enum(['none', 'pending', 'accepted', 'rejected']),
  rejectionReason: z.nullable(z.string()),
});

/** The kill switch (docs/decisions/054-kill-switch.md) as set: `since` ISO 8601; null when not set. */
const OpsBlockSchema = z.nullable(z.object({ reason: z.string(), since: z.string() }));
export type OpsBlock = z.infer<typeof OpsBlockSchema>;

export const OpsApplicationSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  clientId: z.string(),
  isActive: z.boolean(),
  /** The application's own block (the developer's is on the developer). */
  isBlocked: z.boolean(),
  ips: z.array(OpsIpSchema),
});

export const OpsSessionSchema = z.object({
  id: z.string(),
  browser: z.string(),
  ip: z.string(),
  place: z.nullable(z.string()),
  createdAt: z.string(),
  lastUsedAt: z.string(),
});

export const OpsDeveloperResponseSchema = z.object({
  developer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    mobile: z.string(),
    state: z.string(),
    clientCode: z.nullable(z.string()),
    isVerified: z.boolean(),
    /** ISO 8601 while the account is locked, else null. */
    lockedUntil: z.nullable(z.string()),
    createdAt: z.string(),
    /** The block on every application of the developer. */
    block: OpsBlockSchema,
    /** The second factors (docs/decisions/069-support-resets-factors.md). */
    factors: z.object({
      authenticatorApp: z.boolean(),
      passkeys: z.number(),
      recoveryCodesLeft: z.number(),
    }),
  }),
  applications: z.array(OpsApplicationSummarySchema),
  sessions: z.array(OpsSessionSchema),
});
export type OpsDeveloperResponse = z.infer<typeof OpsDeveloperResponseSchema>;

export const OpsApplicationResponseSchema = z.object({
  application: z.object({
    id: z.string(),
    name: z.string(),
    clientId: z.string(),
    algoId: z.nullable(z.string()),
    isActive: z.boolean(),
    callbackUrl: z.string(),
    postbackUrl: z.nullable(z.string()),
    description: z.string(),
    createdAt: z.string(),
    /** The keys' shown parts, current first. */
    keys: z.array(z.object({ masked: z.string(), expiresAt: z.nullable(z.string()) })),
    ips: z.array(OpsIpSchema),
    /** The application's own block; its developer's is `developer.block`. */
    block: OpsBlockSchema,
  }),
  developer: z.object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    block: OpsBlockSchema,
  }),
});
export type OpsApplicationResponse = z.infer<typeof OpsApplicationResponseSchema>;

export const ReasonRequestSchema = z.strictObject({ reason: OptionalReasonSchema });
export type ReasonRequest = z.infer<typeof ReasonRequestSchema>;

export const ApplicationStatusRequestSchema = z.strictObject({
  isActive: z.boolean(),
  reason: ReasonSchema,
});
export type ApplicationStatusRequest = z.infer<typeof ApplicationStatusRequestSchema>;

/** The kill switch: `blocked` true blocks, false lifts; the reason is required either way. */
export const BlockRequestSchema = z.strictObject({
  blocked: z.boolean(),
  reason: ReasonSchema,
});
export type BlockRequest = z.infer<typeof BlockRequestSchema>;

/** An action whose reason is required and which takes nothing else. */
export const RequiredReasonRequestSchema = z.strictObject({ reason: ReasonSchema });
export type RequiredReasonRequest = z.infer<typeof RequiredReasonRequestSchema>;

/** An application's Connect sessions ended: the reason is required. */
export const EndConnectRequestSchema = RequiredReasonRequestSchema;
export type EndConnectRequest = RequiredReasonRequest;

/** A trading client's Connect sessions, ended in every application at once. */
export const EndClientConnectRequestSchema = z.strictObject({
  clientCode: z
    .string()
    .check(z.trim(), z.minLength(1), z.maxLength(OpsLimits.clientCodeMaxLength)),
  reason: ReasonSchema,
});
export type EndClientConnectRequest = z.infer<typeof EndClientConnectRequestSchema>;

export const OpsDoneResponseSchema = z.object({ message: z.string() });
export type OpsDoneResponse = z.infer<typeof OpsDoneResponseSchema>;

export const AuditQuerySchema = z.strictObject({
  operator: z.optional(z.string().check(z.maxLength(200))),
  action: z.optional(z.enum(OPERATOR_ACTIONS)),
  developerId: z.optional(IdSchema),
  /** ISO 8601 instants; `to` exclusive. */
  from: z.optional(z.iso.datetime({ offset: true })),
  to: z.optional(z.iso.datetime({ offset: true })),
  cursor: z.optional(z.string().check(z.minLength(1), z.maxLength(40))),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  operatorEmail: z.string(),
  action: z.enum(OPERATOR_ACTIONS),
  target: z.string(),
  developerId: z.nullable(z.string()),
  applicationId: z.nullable(z.string()),
  reason: z.nullable(z.string()),
  ip: z.string(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z.nullable(z.string()),
});
export type AuditResponse = z.infer<typeof AuditResponseSchema>;

export const OperatorListResponseSchema = z.object({
  operators: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      role: z.enum(OPERATOR_ROLES),
      state: z.enum(['invited', 'active', 'disabled']),
      createdAt: z.string(),
    }),
  ),
});
export type OperatorListResponse = z.infer<typeof OperatorListResponseSchema>;

export const AddOperatorRequestSchema = z.strictObject({
  email: EmailSchema,
  role: z.enum(OPERATOR_ROLES),
});
export type AddOperatorRequest = z.infer<typeof AddOperatorRequestSchema>;

/** An added or reset operator: the one-time enrollment link, shown once. */
export const EnrollmentLinkResponseSchema = z.object({
  operatorId: z.string(),
  enrollmentUrl: z.string(),
  expiresAt: z.string(),
});
export type EnrollmentLinkResponse = z.infer<typeof EnrollmentLinkResponseSchema>;
