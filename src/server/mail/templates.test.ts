import { describe, expect, it } from 'vitest';
import { codeMail } from './templates.js';

const base = {
  to: 'dev@example.com',
  name: 'Asha',
  code: '042137',
  productName: 'Acme Trade',
  publicUrl: 'https://portal.example.com',
  validMinutes: 10,
} as const;

describe('codeMail', () => {
  it('puts the code first in the subject and the text', () => {
    const mail = codeMail({ ...base, purpose: 'verify' });
    expect(mail.to).toBe('dev@example.com');
    expect(mail.subject).toBe('042137 is your Acme Trade verification code');
    expect(mail.text.split('\n')[0]).toBe('042137 is your Acme Trade verification code.');
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain('valid for 10 minutes');
    expect(mail.html).toContain('>042137</p>');
    expect(mail.html).toContain('<html lang="en">');
  });

  it('names the purpose', () => {
    const mail = codeMail({ ...base, purpose: 'reset' });
    expect(mail.subject).toBe('042137 is your Acme Trade password reset code');
    expect(mail.text).toContain('new password');
  });

  it('escapes every value in the HTML', () => {
    const mail = codeMail({
      ...base,
      purpose: 'verify',
      name: '<img src=x onerror=alert(1)>',
      productName: 'A&B "Trade"',
      publicUrl: 'https://x.example/?a=1&b="2"',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('A&amp;B &quot;Trade&quot; Developers');
    expect(mail.html).toContain('href="https://x.example/?a=1&amp;b=&quot;2&quot;"');
    expect(mail.text).toContain('Hello <img src=x onerror=alert(1)>,');
  });
});
