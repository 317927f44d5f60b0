/**
 * The developer's activity log (issue 10): every security-relevant event, written
 * append-only in the same transaction as the change, kept five years.
 */
export const ACTIVITY_KINDS = [
  'sign_in.succeeded',
  'sign_in.failed',
  'password.changed',
  'password.reset',
  'sessions.ended',
  'app.created',
  'app.updated',
  'app.deleted',
  'app.ips_changed',
  'app.status_changed',
  'key.rolled',
  'key.revealed',
  'proof.sent',
  'proof.accepted',
  'proof.rejected',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** How long events are kept: the regulator asks brokers for five years. */
export const ACTIVITY_RETENTION_YEARS = 5;

/**
 * What an event records beside its kind and time: plain values only (field names, old and
 * new IP sets, a grace period, a reason). Never a secret.
 */
export type ActivityDetails = Readonly<
  Record<string, string | number | boolean | null | readonly string[]>
>;
