import { describe, expect, it } from 'vitest';
import { newDeviceMail } from './new-device-mail.js';

const base = {
  to: 'dev@example.com',
  name: 'Asha',
  productName: 'Acme Trade',
  publicUrl: 'https://portal.example.com',
  at: Date.UTC(2026, 0, 15, 9, 0, 0),
  ip: '203.0.113.9',
  browser: 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0',
} as const;

describe('newDeviceMail', () => {
  it('says when, from which IP and browser, and links the sessions list', () => {
    const mail = newDeviceMail(base);
    expect(mail.to).toBe('dev@example.com');
    expect(mail.subject).toBe('New sign-in to your Acme Trade developer account');
    expect(mail.text).toContain('When: Thu, 15 Jan 2026 09:00:00 GMT');
    expect(mail.text).toContain('IP address: 203.0.113.9');
    expect(mail.text).toContain('Browser: Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0');
    expect(mail.text).toContain('https://portal.example.com/account#sessions');
    expect(mail.html).toContain('href="https://portal.example.com/account#sessions"');
  });

  it('escapes the browser a client sent, and says so when it sent none', () => {
    const hostile = newDeviceMail({ ...base, browser: '<script>x</script>' });
    expect(hostile.html).not.toContain('<script>');
    expect(hostile.html).toContain('Browser: &lt;script&gt;x&lt;/script&gt;');
    expect(newDeviceMail({ ...base, browser: '' }).text).toContain('Browser: unknown');
  });
});
