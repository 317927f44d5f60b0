import type { Kysely } from 'kysely';
import { StepUpMessages } from '../../contract/messages-step-up.js';
import { Messages } from '../../contract/messages.js';
import { StepUpLimits } from '../../contract/step-up.js';
import type { TwoFactorPolicy } from '../../contract/two-factor.js';
import type { Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import { asksSecondFactor } from '../two-factor/policy.js';
import { findStepUpState, markStepUp } from './step-up.repository.js';

/** Who asks for a guarded change: the developer and the session of the access token. */
export interface StepUpCaller {
  readonly developerId: string;
  /** Null for an access token without a session: it can hold no proof. */
  readonly sessionId: string | null;
}

/** What the session proves with: a code when the developer has a factor, else the password. */
export type StepUpProof = 'code' | 'password';

const sessionGone = () => new AppError('unauthorized', Messages.session.unauthorized);

/**
 * Records that `caller`'s session proved a second factor at `now` (docs/decisions/068-step-up.md);
 * answers until when guarded changes are allowed. The one way a grant is given: the step-up
 * call and any other proof (a passkey assertion) call it after their own check.
 */
export async function grantStepUp(
  db: Kysely<Database>,
  caller: StepUpCaller,
  now: number,
): Promise<number> {
  if (
    caller.sessionId === null ||
    !(await markStepUp(db, caller.developerId, caller.sessionId, now))
  )
    throw sessionGone();
  return now + StepUpLimits.grantMs;
}

/** The check of every guarded change; no Fastify. */
export function createStepUpGuard(db: Kysely<Database>, policy: TwoFactorPolicy) {
  return {
    /** What a step-up of this developer asks (the dialog's field). */
    proofOf(developer: { readonly secondFactorAt: number | null }): StepUpProof {
      return asksSecondFactor(policy, developer) ? 'code' : 'password';
    },

    /**
     * 403 `step_up_required` (with what to prove) unless the session proved within 5 minutes;
     * `trx` when asked inside a transaction (SQLite has one connection).
     */
    async require(caller: StepUpCaller, now: number, trx: Kysely<Database> = db): Promise<void> {
      if (caller.sessionId === null) throw sessionGone();
      const state = await findStepUpState(trx, caller.developerId, caller.sessionId);
      if (state === undefined) throw sessionGone();
      if (state.stepUpAt !== null && now - state.stepUpAt < StepUpLimits.grantMs) return;
      const proof = this.proofOf(state);
      throw new AppError(
        'step_up_required',
        proof === 'code' ? StepUpMessages.required : StepUpMessages.passwordRequired,
        // A developer with passkeys may also prove with one (the dialog offers it).
        { stepUpWith: proof, passkey: proof === 'code' && Number(state.passkeys ?? 0) > 0 },
      );
    },

    /** Until when the session's last proof allows guarded changes (the reveal's answer). */
    async grantedUntil(caller: StepUpCaller): Promise<number> {
      if (caller.sessionId === null) return 0;
      const state = await findStepUpState(db, caller.developerId, caller.sessionId);
      return (state?.stepUpAt ?? -StepUpLimits.grantMs) + StepUpLimits.grantMs;
    },
  };
}

export type StepUpGuard = ReturnType<typeof createStepUpGuard>;
