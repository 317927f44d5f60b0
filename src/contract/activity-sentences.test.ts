import { describe, expect, it } from 'vitest';
import { ACTIVITY_KINDS, type ActivityKind } from './activity-kinds.js';
import { activitySentence, type SentenceInput } from './activity-sentences.js';
import { timeText } from './time-text.js';

const time = (iso: string) => timeText(new Date(iso), 'utc');

/** A recorded event of each kind, with the details its writer stores (src/server). */
const RECORDED: Readonly<Record<ActivityKind, SentenceInput['details']>> = {
  'sign_in.succeeded': {},
  'sign_in.failed': { reason: 'bad_credentials' },
  'password.changed': {},
  'password.change_failed': {},
  'password.reset': {},
  'sessions.ended': { count: 2 },
  'app.created': { applicationName: 'Momentum Bot' },
  'app.updated': { applicationName: 'Momentum Bot', fields: ['callbackUrl', 'description'] },
  'app.deleted': { applicationName: 'Momentum Bot' },
  'app.ips_changed': { applicationName: 'Momentum Bot', before: ['1.1.1.1'], after: ['2.2.2.2'] },
  'app.status_changed': { applicationName: 'Momentum Bot', isActive: false },
  'key.rolled': {
    applicationName: 'Momentum Bot',
    grace: '24h',
    oldKeyStopsAt: '2026-11-29T15:28:07.292Z',
  },
  'key.revealed': { applicationName: 'Momentum Bot' },
  'postback_secret.rolled': {
    applicationName: 'Momentum Bot',
    grace: '7d',
    oldSecretStopsAt: '2026-12-05T15:28:07.292Z',
  },
  'postback_secret.revealed': { applicationName: 'Momentum Bot' },
  'proof.sent': { applicationName: 'Momentum Bot', ip: '203.0.113.9' },
  'proof.accepted': { applicationName: 'Momentum Bot', ip: '203.0.113.9' },
  'proof.rejected': { applicationName: 'Momentum Bot', ip: '203.0.113.9', reason: 'Blurred' },
  'codes.locked': { purpose: 'reset' },
  'connect.signed_in': { applicationName: 'Momentum Bot', clientCode: 'AB1234' },
  'connect.consented': {
    applicationName: 'Momentum Bot',
    clientCode: 'AB1234',
    scopes: ['orders', 'portfolio'],
  },
  'connect.session_ended': { applicationName: 'Momentum Bot', clientCode: 'AB1234', by: 'client' },
  'two_factor.enrolled': {},
  'two_factor.removed': {},
  'recovery_codes.regenerated': {},
  'recovery_code.used': { left: 9 },
  'passkey.added': { name: 'Work laptop' },
  'passkey.removed': { name: 'Work laptop' },
  'operator.app_paused': { applicationName: 'Momentum Bot', reason: 'Abuse report' },
  'operator.app_resumed': { applicationName: 'Momentum Bot' },
  'operator.account_unlocked': { reason: 'Caller verified' },
  'operator.sessions_ended': {},
  'operator.verification_resent': {},
  'operator.app_blocked': { applicationName: 'Momentum Bot', reason: 'Runaway orders' },
  'operator.app_unblocked': { applicationName: 'Momentum Bot', reason: 'Fixed' },
  'operator.developer_blocked': { reason: 'Runaway orders' },
  'operator.developer_unblocked': { reason: 'Fixed' },
  'two_factor.reset_by_support': { reason: 'Lost phone; identity checked by video call' },
};

describe('activitySentence', () => {
  it.each(ACTIVITY_KINDS.map((kind) => [kind]))('renders %s as a sentence in words', (kind) => {
    const sentence = activitySentence(kind, { details: RECORDED[kind], time });
    expect(sentence).toMatch(/^[A-Z].*\.$/);
    // No field names, no ISO stamps, no raw pairs.
    expect(sentence).not.toMatch(
      /applicationName|oldKeyStopsAt|grace|isActive|=|\d{4}-\d{2}-\d{2}T/,
    );
    if (typeof RECORDED[kind].applicationName === 'string')
      expect(sentence).toContain('Momentum Bot');
  });

  it('says when a rolled key stops, and for how long, in words', () => {
    expect(activitySentence('key.rolled', { details: RECORDED['key.rolled'], time })).toBe(
      'Rolled the API key of Momentum Bot. The old key works until 29 Nov 2026, 15:28 (24 hours).',
    );
    expect(
      activitySentence('key.rolled', {
        details: {
          applicationName: 'Momentum Bot',
          grace: 'now',
          oldKeyStopsAt: '2026-11-28T15:28:07.292Z',
        },
        time,
      }),
    ).toBe('Rolled the API key of Momentum Bot. The old key stopped at once.');
  });

  it('names the changed fields and addresses as the screens do', () => {
    expect(activitySentence('app.updated', { details: RECORDED['app.updated'], time })).toBe(
      'Updated the redirect URL and description of Momentum Bot.',
    );
    expect(
      activitySentence('app.ips_changed', { details: RECORDED['app.ips_changed'], time }),
    ).toBe('Changed the IP addresses of Momentum Bot: added 2.2.2.2; removed 1.1.1.1.');
  });

  it('gives the operator or reviewer reason where one was given', () => {
    expect(activitySentence('proof.rejected', { details: RECORDED['proof.rejected'], time })).toBe(
      'The family proof for 203.0.113.9 of Momentum Bot was rejected. Reason: Blurred.',
    );
  });

  it("says what support's reset of the factors did, with the reason", () => {
    const details = RECORDED['two_factor.reset_by_support'];
    expect(activitySentence('two_factor.reset_by_support', { details, time })).toBe(
      'Support removed the second factors and signed the account out of every device. Reason: Lost phone; identity checked by video call.',
    );
  });

  it('names the Connect client and who ended its session', () => {
    const sentence = (kind: ActivityKind, details: SentenceInput['details']) =>
      activitySentence(kind, { details, time });
    expect(sentence('connect.signed_in', RECORDED['connect.signed_in'])).toBe(
      'Client AB1234 signed in to Momentum Bot through Connect.',
    );
    expect(sentence('connect.consented', RECORDED['connect.consented'])).toBe(
      'Client AB1234 allowed Momentum Bot to use orders and portfolio.',
    );
    expect(sentence('connect.session_ended', RECORDED['connect.session_ended'])).toBe(
      'Client AB1234 ended their Connect session of Momentum Bot.',
    );
    expect(
      sentence('connect.session_ended', { ...RECORDED['connect.session_ended'], by: 'developer' }),
    ).toBe('Ended the Connect session of client AB1234 in Momentum Bot.');
  });

  it('never shows an id for an event recorded before names were kept', () => {
    expect(activitySentence('key.revealed', { details: {}, time })).toBe(
      'Revealed the API keys of an application.',
    );
  });
});
