import { describe, expect, it } from 'vitest';
import { passwordChangedMail } from './password-changed-mail.js';

const base = {
  to: 'dev@example.com',
  name: 'Asha',
  productName: 'Acme Trade',
  publicUrl: 'https://portal.example.com',
} as const;

describe('passwordChangedMail', () => {
  it('says what happened and links to the sessions list', () => {
    const mail = passwordChangedMail(base);
    expect(mail.to).toBe('dev@example.com');
    expect(mail.subject).toBe('Your Acme Trade developer password was changed');
    expect(mail.text).toContain('Hello Asha,');
    expect(mail.text).toContain('https://portal.example.com/account#sessions');
    expect(mail.html).toContain('<a href="https://portal.example.com/account#sessions">');
  });

  it('escapes every value in the HTML', () => {
    const mail = passwordChangedMail({
      ...base,
      name: '<img src=x onerror=alert(1)>',
      productName: 'A&B "Trade"',
      publicUrl: 'https://x.example/?a=1&b="2"',
    });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('Hello &lt;img src=x onerror=alert(1)&gt;,');
    expect(mail.html).toContain('A&amp;B &quot;Trade&quot;');
    expect(mail.html).toContain(
      'href="https://x.example/?a=1&amp;b=&quot;2&quot;/account#sessions"',
    );
  });
});
