import { Counter, type Registry } from 'prom-client';
import type { AuthEvents, SignInOutcome } from '../auth/auth-events.js';
import type { CodePurpose } from '../db/schema.js';

const OUTCOMES: readonly SignInOutcome[] = ['success', 'bad_credentials', 'locked', 'unverified'];
const PURPOSES: readonly CodePurpose[] = ['verify', 'reset'];

/** The account services' events as counters; every label starts at 0 so alerts see it. */
export function createAuthMetrics(registry: Registry): AuthEvents {
  const signIns = new Counter({
    name: 'portal_signins_total',
    help: 'Password sign-ins by outcome',
    labelNames: ['outcome'],
    registers: [registry],
  });
  const lockouts = new Counter({
    name: 'portal_signin_lockouts_total',
    help: 'Sign-in counts (account, client address or trusted device) locked by failed sign-ins',
    registers: [registry],
  });
  const codes = new Counter({
    name: 'portal_codes_sent_total',
    help: 'One-time codes mailed, by purpose',
    labelNames: ['purpose'],
    registers: [registry],
  });
  for (const outcome of OUTCOMES) signIns.inc({ outcome }, 0);
  for (const purpose of PURPOSES) codes.inc({ purpose }, 0);
  return {
    signIn: (outcome) => signIns.inc({ outcome }),
    lockout: () => lockouts.inc(),
    codeSent: (purpose) => codes.inc({ purpose }),
  };
}
