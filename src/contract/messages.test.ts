import { describe, it, expect } from 'vitest';
import { Limits } from './limits.js';
import { Messages } from './messages.js';

function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String((value as (x: string) => unknown)('X'))];
  return Object.values(value as Record<string, unknown>).flatMap(leaves);
}

describe('Messages', () => {
  it('keeps the spec texts character for character, odd spacing included', () => {
    expect(Messages.app.appNameRequired).toBe('App Name is required !!!');
    expect(Messages.app.clientIdRequired).toBe('Client id is required !!!');
    expect(Messages.otp.sent).toBe('Otp has been successfully send !!!');
    expect(Messages.signup.passwordPolicy).toBe('User must follow the password policy !!!');
    expect(Messages.ips.maxIps).toBe('At max 5 unique IPs are allowed per application');
    expect(Messages.ips.maxIpsSentence).toBe('At max 5 unique IPs are allowed per application.');
    expect(Messages.ips.updateCooldown).toBe('IP addresses can only be updated once every 15 days');
    expect(Messages.ips.editRestricted).toBe(
      'You can only update IP addresses once every 15 days. IP fields are currently disabled.',
    );
    expect(Messages.resetPassword.codeInvalid).toBe('Invalid code.');
    expect(Messages.session.unauthorized).toBe('Unauthorized');
  });

  it('fills the IP and the product name into their texts', () => {
    expect(Messages.ips.supportingDocumentRequired('10.0.0.1')).toBe(
      'Supporting Document is required for duplicate IP: 10.0.0.1',
    );
    expect(Messages.login.loginWithProduct('Acme')).toBe('Login Using Acme Credentials');
    expect(Messages.app.clientIdLabel('Acme')).toBe('Acme Client ID');
  });

  it('words the IP limits of a portal configured with other values', () => {
    expect(Messages.ips.maxIpsFor(3)).toBe('At max 3 unique IPs are allowed per application');
    expect(Messages.ips.updateCooldownFor(30)).toBe(
      'IP addresses can only be updated once every 30 days',
    );
    expect(Messages.ips.editRestrictedFor(30)).toContain('once every 30 days.');
  });

  it('agrees with the limits it quotes', () => {
    expect(Messages.ips.maxIps).toContain(`${Limits.maxIpsPerApp} unique IPs`);
    expect(Messages.ips.updateCooldown).toContain(`every ${Limits.ipChangeCooldownDays} days`);
    expect(Messages.ips.editRestricted).toContain(`every ${Limits.ipChangeCooldownDays} days`);
    expect(Messages.app.descriptionPlaceholder).toContain(`${Limits.descriptionMax} characters`);
    expect(Messages.app.descriptionTooLong).toContain(`${Limits.descriptionMax} characters`);
    expect(Messages.app.appNameTooLong).toContain(`${Limits.appNameMax} characters`);
  });

  it('has no empty text and no stray outer whitespace', () => {
    for (const text of leaves(Messages)) {
      expect(text.length).toBeGreaterThan(0);
      expect(text).toBe(text.trim());
    }
  });
});
