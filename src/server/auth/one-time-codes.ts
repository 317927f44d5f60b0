import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { Messages } from '../../contract/messages.js';
import type { Config } from '../config.js';
import type { CodePurpose, Database } from '../db/schema.js';
import { AppError } from '../errors.js';
import type { JobQueue } from '../jobs/job-definition.js';
import { MailJob } from '../mail/mail-job.js';
import { codeMail } from '../mail/templates.js';
import type { AuthEvents } from './auth-events.js';
import { lockDeveloper } from './auth.repository.js';
import { CodeRules, codeHashesMatch, generateCode, hashCode } from './codes.js';
import {
  claimCodeAttempt,
  findNewestLiveCode,
  insertCode,
  listCodesSince,
  supersedeLiveCodes,
} from './codes.repository.js';
import { RetryLaterError, secondsUntil } from './rate-limits.js';

/**
 * Issues a new code inside the caller's transaction, under the developer's row lock, so
 * parallel requests leave exactly one live code. The new code starts with fresh tries:
 * wrong guesses at an old code must not spend the owner's new one. Answers the
 * code in clear, for the mail only.
 */
export async function issueCode(
  trx: Transaction<Database>,
  secret: string,
  now: number,
  developerId: string,
  purpose: CodePurpose,
): Promise<string> {
  await lockDeveloper(trx, developerId);
  await supersedeLiveCodes(trx, developerId, purpose, now);
  const code = generateCode();
  await insertCode(trx, {
    id: randomUUID(),
    developerId,
    purpose,
    codeHash: hashCode(secret, developerId, purpose, code),
    attempts: 0,
    expiresAt: now + CodeRules.ttlMs,
    createdAt: now,
  });
  return code;
}

/**
 * `issueCode` within the send limits of a purpose whose request knows the developer
 * (verification): 60 s since the last code and 5 codes an hour, else the 429 with the wait.
 */
export async function issueLimitedCode(
  trx: Transaction<Database>,
  secret: string,
  now: number,
  developerId: string,
  purpose: CodePurpose,
): Promise<string> {
  await lockDeveloper(trx, developerId);
  const recent = await listCodesSince(trx, developerId, purpose, now - CodeRules.windowMs);
  const newest = recent[0];
  if (newest !== undefined && now - newest.createdAt < CodeRules.resendGapMs) {
    const seconds = secondsUntil(newest.createdAt + CodeRules.resendGapMs - now);
    throw new RetryLaterError(
      Messages.auth.resendTooSoon(seconds),
      seconds,
      'code_resend_too_soon',
    );
  }
  const oldest = recent.at(-1);
  if (oldest !== undefined && recent.length >= CodeRules.sendsPerWindow) {
    const seconds = secondsUntil(oldest.createdAt + CodeRules.windowMs - now);
    throw new RetryLaterError(Messages.auth.sendLimitReached(seconds), seconds, 'code_send_limit');
  }
  return issueCode(trx, secret, now, developerId, purpose);
}

/**
 * Checks a code against the developer's newest live code of that purpose and answers its
 * id. Every comparison first takes one of the code's tries (atomically), so parallel
 * guesses cannot exceed the limit; a code that does not match is reported to `onWrong`
 * before the refusal.
 */
export async function checkCode(
  db: Kysely<Database>,
  secret: string,
  now: number,
  developerId: string,
  purpose: CodePurpose,
  code: string,
  onWrong: () => Promise<void>,
): Promise<string> {
  const invalid = new AppError('code_invalid', Messages.auth.codeInvalid);
  const live = await findNewestLiveCode(db, developerId, purpose);
  if (live === undefined) throw invalid;
  if (now >= live.expiresAt) throw new AppError('code_expired', Messages.auth.codeExpired);
  if (!(await claimCodeAttempt(db, live.id, CodeRules.maxAttempts))) {
    throw new AppError('code_attempts_exhausted', Messages.auth.codeAttemptsExhausted);
  }
  if (!codeHashesMatch(live.codeHash, hashCode(secret, developerId, purpose, code))) {
    await onWrong();
    throw invalid;
  }
  return live.id;
}

/** Queues the mail of a freshly issued code in the transaction that issued it. */
export async function enqueueCodeMail(
  deps: { readonly jobs: JobQueue; readonly config: Config; readonly events: AuthEvents },
  trx: Transaction<Database>,
  developer: { readonly email: string; readonly name: string },
  purpose: CodePurpose,
  code: string,
): Promise<void> {
  await deps.jobs.enqueue(
    trx,
    MailJob,
    codeMail({
      to: developer.email,
      name: developer.name,
      code,
      purpose,
      productName: deps.config.brand.productName,
      publicUrl: deps.config.publicUrl,
      validMinutes: CodeRules.ttlMs / 60_000,
    }),
  );
  deps.events.codeSent(purpose);
}
