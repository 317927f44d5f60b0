import type { Transaction } from 'kysely';
import { recordActivity } from '../activity/activity.repository.js';
import type { Database } from '../db/schema.js';
import { MailJob } from '../mail/mail-job.js';
import { newDeviceMail } from '../mail/new-device-mail.js';
import type { DeveloperRecord } from './auth.repository.js';
import type { AuthDeps, PasswordSignedIn, SignInClient } from './auth.service.js';
import type { DeviceCookies } from './device-cookie.js';
import { startSession } from './sessions.js';
import { clearSignInFailures } from './sign-in-counts.repository.js';
import { planKeys, type ThrottlePlan } from './sign-in-throttle.js';

export function sessionDeps(deps: AuthDeps) {
  return {
    db: deps.db,
    accessTokenSecret: deps.secrets.accessTokenSecret,
    sessionEnds: deps.sessionEnds,
  };
}

/** A sign-in proven in full: by the password alone, or by the password and a second factor. */
export interface ProvenSignIn {
  readonly developer: DeveloperRecord;
  /** The browser's device nonce when its cookie is a valid one of this developer. */
  readonly device: string | undefined;
  readonly plan: ThrottlePlan;
  readonly client: SignInClient;
  readonly now: number;
  /** The activity entry's details: how the sign-in was proven. */
  readonly details?: Readonly<Record<string, string>>;
  /** More writes of the same transaction (a recovery code's entry and mail). */
  readonly alsoWrite?: (trx: Transaction<Database>) => Promise<void>;
}

/**
 * Clears the sign-in counts, records the sign-in, starts the session and, for a browser
 * without a valid device cookie, mails the developer and issues a cookie. On SQLite the
 * writes share a commit with other work and the disk sync runs off the event loop: a sign-in
 * that synced inside its commit held the loop while the password hashes' results waited
 * (docs/decisions/033-group-commit.md, 035).
 */
export async function finishSignIn(
  deps: AuthDeps,
  devices: DeviceCookies,
  proven: ProvenSignIn,
): Promise<PasswordSignedIn> {
  const { developer, device, plan, client, now } = proven;
  const tokens = await deps.shared(async (trx) => {
    await clearSignInFailures(trx, developer.id, planKeys(plan), plan.includeAccount, now);
    await recordActivity(trx, {
      developerId: developer.id,
      kind: 'sign_in.succeeded',
      at: now,
      origin: { ip: client.ip, device: client.browser },
      ...(proven.details === undefined ? {} : { details: proven.details }),
    });
    await proven.alsoWrite?.(trx);
    const started = await startSession({ ...sessionDeps(deps), db: trx }, developer, now, client);
    if (device === undefined) {
      await deps.jobs.enqueue(
        trx,
        MailJob,
        newDeviceMail({
          to: developer.email,
          name: developer.name,
          productName: deps.config.brand.productName,
          publicUrl: deps.config.publicUrl,
          at: now,
          ip: client.ip,
          browser: client.browser,
        }),
      );
    }
    return started;
  });
  if (device === undefined || proven.alsoWrite !== undefined) deps.jobs.nudge();
  deps.events.signIn('success');
  const deviceCookie =
    device === undefined || client.deviceCookie === undefined
      ? devices.issue(developer.id)
      : client.deviceCookie;
  return { developer, tokens, deviceCookie };
}
