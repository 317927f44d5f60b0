import type { ActivityKind } from './activity-kinds.js';

/** What a sentence reads of an event: its details as recorded, and how to write a time. */
export interface SentenceInput {
  readonly details: Readonly<Record<string, string | number | boolean | null | readonly string[]>>;
  /** An ISO time as the reader's screen or file writes times ('29 Nov 2026, 15:28'). */
  readonly time: (iso: string) => string;
}

type Sentence = (input: SentenceInput) => string;

/** The names of the update payload's fields as the screens label them (product.md section 2). */
const FIELD_WORDS: Readonly<Record<string, string>> = {
  applicationName: 'name',
  algoId: 'algo ID',
  logoUrl: 'icon',
  callbackUrl: 'redirect URL',
  postbackUrl: 'postback URL',
  allowedUsers: 'client ID',
  description: 'description',
};

/** The roll dialog's grace periods in words (`KEY_GRACE_PERIODS`). */
const GRACE_WORDS: Readonly<Record<string, string>> = {
  '1h': '1 hour',
  '24h': '24 hours',
  '7d': '7 days',
};

const SIGN_IN_METHODS: Readonly<Record<string, string>> = {
  'hand-off': "Signed in through the provider's login.",
  totp: 'Signed in with the password and an authenticator code.',
  recovery_code: 'Signed in with the password and a recovery code.',
  passkey: 'Signed in with the password and a passkey.',
  passkey_only: 'Signed in with a passkey.',
};

const SIGN_IN_FAILURES: Readonly<Record<string, string>> = {
  bad_credentials: 'Sign-in failed: wrong e-mail or password.',
  locked: 'Sign-in refused: the account was locked after too many tries.',
  unverified: 'Sign-in refused: the e-mail address was not verified yet.',
  bad_code: 'Sign-in failed: the password was right, the second-factor code wrong.',
  bad_passkey: 'Sign-in failed: the passkey could not be checked.',
};

function text(input: SentenceInput, key: string): string | undefined {
  const value = input.details[key];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

function list(input: SentenceInput, key: string): readonly string[] {
  const value = input.details[key];
  return typeof value === 'object' && value !== null ? value : [];
}

/** The application as the event recorded its name; events from before names were kept say so. */
function app(input: SentenceInput): string {
  return text(input, 'applicationName') ?? 'an application';
}

/** The trading client's code as the Connect event recorded it. */
function client(input: SentenceInput): string {
  return text(input, 'clientCode') ?? 'unknown';
}

/** ' Reason: ...' when the operator or reviewer gave one, else nothing. */
function reason(input: SentenceInput): string {
  const given = text(input, 'reason');
  if (given === undefined) return '';
  return /[.!?]$/.test(given) ? ` Reason: ${given}` : ` Reason: ${given}.`;
}

function joined(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1) ?? ''}`;
}

/** 'The old key works until 29 Nov 2026, 15:28 (24 hours).' or 'The old key stopped at once.' */
function graceSentence(input: SentenceInput, what: string, stopsAtKey: string): string {
  const words = GRACE_WORDS[text(input, 'grace') ?? ''];
  const stopsAt = text(input, stopsAtKey);
  if (words === undefined || stopsAt === undefined) return `The old ${what} stopped at once.`;
  return `The old ${what} works until ${input.time(stopsAt)} (${words}).`;
}

function ipChanges(input: SentenceInput): string {
  const before = list(input, 'before');
  const after = list(input, 'after');
  const added = after.filter((ip) => !before.includes(ip));
  const removed = before.filter((ip) => !after.includes(ip));
  const parts = [
    ...(added.length > 0 ? [`added ${joined(added)}`] : []),
    ...(removed.length > 0 ? [`removed ${joined(removed)}`] : []),
  ];
  return parts.length === 0 ? '' : `: ${parts.join('; ')}`;
}

function devices(count: number): string {
  return count === 1 ? '1 other device' : `${String(count)} other devices`;
}

/**
 * Each activity kind as a sentence a person reads like a bank statement: the application by
 * its recorded name, times as the screens write them, durations in words, no field names.
 * The `Record` makes a new kind without a sentence a type error.
 */
export const ACTIVITY_SENTENCES: Readonly<Record<ActivityKind, Sentence>> = {
  'sign_in.succeeded': (input) =>
    SIGN_IN_METHODS[text(input, 'method') ?? ''] ?? 'Signed in with the password.',
  'sign_in.failed': (input) => SIGN_IN_FAILURES[text(input, 'reason') ?? ''] ?? 'Sign-in failed.',
  'password.changed': () => 'Changed the password.',
  'password.change_failed': () => 'A password change was refused: the current password was wrong.',
  'password.reset': () => 'Reset the password with an e-mailed code.',
  'sessions.ended': (input) => {
    const count = input.details.count;
    return typeof count === 'number'
      ? `Signed out of ${devices(count)}.`
      : 'Signed out of the other devices.';
  },
  'app.created': (input) => `Created the application ${app(input)}.`,
  'app.updated': (input) => {
    const fields = list(input, 'fields').map((field) => FIELD_WORDS[field] ?? field);
    return fields.length === 0
      ? `Updated ${app(input)}.`
      : `Updated the ${joined(fields)} of ${app(input)}.`;
  },
  'app.deleted': (input) => `Deleted the application ${app(input)}.`,
  'app.ips_changed': (input) => `Changed the IP addresses of ${app(input)}${ipChanges(input)}.`,
  'app.status_changed': (input) =>
    input.details.isActive === true ? `Activated ${app(input)}.` : `Paused ${app(input)}.`,
  'key.rolled': (input) =>
    `Rolled the API key of ${app(input)}. ${graceSentence(input, 'key', 'oldKeyStopsAt')}`,
  'key.revealed': (input) => `Revealed the API keys of ${app(input)}.`,
  'postback_secret.rolled': (input) =>
    `Rolled the postback signing secret of ${app(input)}. ${graceSentence(input, 'secret', 'oldSecretStopsAt')}`,
  'postback_secret.revealed': (input) => `Revealed the postback signing secrets of ${app(input)}.`,
  'proof.sent': (input) =>
    `Sent a family proof for ${text(input, 'ip') ?? 'an IP address'} of ${app(input)}.`,
  'proof.accepted': (input) =>
    `The family proof for ${text(input, 'ip') ?? 'an IP address'} of ${app(input)} was accepted.`,
  'proof.rejected': (input) =>
    `The family proof for ${text(input, 'ip') ?? 'an IP address'} of ${app(input)} was rejected.${reason(input)}`,
  'codes.locked': (input) =>
    `Too many wrong ${text(input, 'purpose') === 'reset' ? 'password reset' : 'verification'} codes were entered: new codes work for a day only in browsers that signed in to the account before.`,
  'connect.signed_in': (input) =>
    `Client ${client(input)} signed in to ${app(input)} through Connect.`,
  'connect.consented': (input) =>
    `Client ${client(input)} allowed ${app(input)} to use ${joined(list(input, 'scopes'))}.`,
  'connect.session_ended': (input) =>
    text(input, 'by') === 'client'
      ? `Client ${client(input)} ended their Connect session of ${app(input)}.`
      : `Ended the Connect session of client ${client(input)} in ${app(input)}.`,
  'two_factor.enrolled': () => 'Set up an authenticator app as second factor.',
  'two_factor.removed': () => 'Removed the authenticator app: sign-in asks for the password only.',
  'recovery_codes.regenerated': () => 'Made new recovery codes: the earlier ones no longer work.',
  'recovery_code.used': (input) => {
    const left = input.details.left;
    return typeof left === 'number'
      ? `Used a recovery code; ${String(left)} left.`
      : 'Used a recovery code.';
  },
  'passkey.added': (input) => `Added the passkey ${text(input, 'name') ?? ''} as second factor.`,
  'passkey.removed': (input) => `Removed the passkey ${text(input, 'name') ?? ''}.`,
  'operator.app_paused': (input) => `Support paused ${app(input)}.${reason(input)}`,
  'operator.app_resumed': (input) => `Support resumed ${app(input)}.${reason(input)}`,
  'operator.account_unlocked': (input) => `Support unlocked the account.${reason(input)}`,
  'operator.sessions_ended': (input) =>
    `Support signed the account out of every device.${reason(input)}`,
  'operator.verification_resent': (input) =>
    `Support sent a new verification code.${reason(input)}`,
  'operator.app_blocked': (input) => `The provider blocked ${app(input)}.${reason(input)}`,
  'operator.app_unblocked': (input) =>
    `The provider lifted the block on ${app(input)}.${reason(input)}`,
  'operator.developer_blocked': (input) =>
    `The provider blocked every application of the account.${reason(input)}`,
  'operator.developer_unblocked': (input) =>
    `The provider lifted the block on the account's applications.${reason(input)}`,
  'two_factor.reset_by_support': (input) =>
    `Support removed the second factors and signed the account out of every device.${reason(input)}`,
};

/** One event as its sentence. */
export function activitySentence(kind: ActivityKind, input: SentenceInput): string {
  return ACTIVITY_SENTENCES[kind](input);
}
