import type { CodePurpose } from '../db/schema.js';

/** How a password sign-in ended. */
export type SignInOutcome = 'success' | 'bad_credentials' | 'locked' | 'unverified';

/**
 * What the account services tell operators (the metrics count them); a port, so the
 * services know neither Fastify nor prom-client.
 */
export interface AuthEvents {
  signIn(outcome: SignInOutcome): void;
  /**
   * Failed sign-ins locked a count: the account's, an address's on it, or a trusted
   * device's (docs/decisions/010-account-security.md).
   */
  lockout(): void;
  codeSent(purpose: CodePurpose): void;
}
