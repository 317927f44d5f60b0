/**
 * The kinds of the developer's activity log, without the validation library, so
 * the web app's activity screen loads without it (decision 042); `activity.ts` re-exports them.
 */
export const ACTIVITY_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'password.changed',
  'password.change_failed',
  'password.reset',
  'sessions.ended',
  'app.created',
  'app.updated',
  'app.deleted',
  'app.ips_changed',
  'app.status_changed',
  'key.rolled',
  'key.revealed',
  'postback_secret.rolled',
  'postback_secret.revealed',
  'proof.sent',
  'proof.accepted',
  'proof.rejected',
  'codes.locked',
  // A trading client's Connect session of one of the developer's applications (docs/connect.md).
  'connect.signed_in',
  'connect.consented',
  'connect.session_ended',
  // The second factor (docs/decisions/063-developer-two-factor.md).
  'two_factor.enrolled',
  'two_factor.removed',
  'recovery_codes.regenerated',
  'recovery_code.used',
  // Passkeys (docs/decisions/067-developer-passkeys.md).
  'passkey.added',
  'passkey.removed',
  // What an operator did that concerns the developer, with the operator's reason.
  'operator.app_paused',
  'operator.app_resumed',
  'operator.account_unlocked',
  'operator.sessions_ended',
  'operator.verification_resent',
  'operator.app_blocked',
  'operator.app_unblocked',
  'operator.developer_blocked',
  'operator.developer_unblocked',
  'two_factor.reset_by_support',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
