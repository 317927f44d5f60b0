import { describe, expect, it } from 'vitest';
import { Messages } from '../../../contract/messages.js';
import { SignupFormSchema, toSignupRequest } from './signup-form.js';

const GOOD = {
  email: 'dev@example.com',
  name: 'Asha Rao',
  password: 'Str0ng!pass',
  repeatPassword: 'Str0ng!pass',
  mobile: '9876543210',
  state: 'Karnataka' as const,
  acceptsTerms: true,
};

function firstMessage(input: unknown): string | undefined {
  const result = SignupFormSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('the sign-up form', () => {
  it('sends the phone as +91 and the 10 digits, without the form-only fields', () => {
    expect(toSignupRequest(SignupFormSchema.parse(GOOD))).toEqual({
      email: 'dev@example.com',
      name: 'Asha Rao',
      mobile: '+919876543210',
      state: 'Karnataka',
      password: 'Str0ng!pass',
    });
  });

  it.each([
    "o'brien@example.com",
    'a+b-c@example.com',
    'a@example.xn--p1ai',
    'a@xn--80ak6aa92e.com',
  ])('accepts the real address %s (docs/decisions/027)', (email) => {
    expect(firstMessage({ ...GOOD, email })).toBeUndefined();
  });

  it.each([
    [{ repeatPassword: '' }, Messages.signup.repeatPasswordRequired],
    [{ repeatPassword: 'Other0!pass' }, Messages.signup.passwordsDoNotMatch],
    [{ mobile: '98765' }, Messages.signup.mobileInvalid],
    [{ state: '' }, Messages.signup.stateRequired],
    [{ acceptsTerms: false }, Messages.signup.termsRequired],
    [{ password: 'weakpassword' }, Messages.signup.passwordPolicy],
  ])('refuses %o with its message', (change, message) => {
    expect(firstMessage({ ...GOOD, ...change })).toBe(message);
  });
});
