import { describe, expect, it } from 'vitest';
import { ipChangeMail } from './ip-change-mail.js';
import { proofDecisionMail } from './proof-decision-mail.js';

const base = {
  to: 'dev@example.com',
  name: 'Asha',
  productName: 'Acme Trade',
  publicUrl: 'https://portal.example.com',
  appName: '<b>Bot</b>',
} as const;

describe('ipChangeMail', () => {
  it('names the old and new IPs and links the activity log, escaped in HTML', () => {
    const mail = ipChangeMail({ ...base, before: [], after: ['1.1.1.1', '2.2.2.2'] });
    expect(mail.subject).toBe('The IP allowlist of "<b>Bot</b>" was changed');
    expect(mail.text).toContain('Previous IPs: none');
    expect(mail.text).toContain('New IPs: 1.1.1.1, 2.2.2.2');
    expect(mail.text).toContain('https://portal.example.com/activity');
    expect(mail.html).not.toContain('<b>Bot</b>');
  });
});

describe('proofDecisionMail', () => {
  it('says accepted, or rejected with the reason when one is given', () => {
    const accepted = proofDecisionMail({ ...base, ip: '1.1.1.1', isAccepted: true });
    expect(accepted.subject).toBe('Your proof for IP 1.1.1.1 was accepted');
    expect(accepted.text).not.toContain('Reason');
    const rejected = proofDecisionMail({
      ...base,
      ip: '1.1.1.1',
      isAccepted: false,
      reason: 'Blurred <scan>',
    });
    expect(rejected.subject).toBe('Your proof for IP 1.1.1.1 was not accepted');
    expect(rejected.text).toContain('Reason: Blurred <scan>');
    expect(rejected.html).toContain('Reason: Blurred &lt;scan&gt;');
    expect(proofDecisionMail({ ...base, ip: '1.1.1.1', isAccepted: false }).text).not.toContain(
      'Reason',
    );
  });
});
