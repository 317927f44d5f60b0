import { describe, expect, it } from 'vitest';
import { Messages } from '../../../contract/messages.js';
import {
  PasswordFormSchema,
  profileFormOf,
  ProfileFormSchema,
  toProfileRequest,
} from './account-forms.js';

function messages(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.error?.issues.map((issue) => issue.message) ?? [];
}

describe('ProfileFormSchema', () => {
  it('takes the sign-up rules and texts', () => {
    expect(
      ProfileFormSchema.safeParse({ name: 'Asha', mobile: '9000000001', state: 'Goa' }).success,
    ).toBe(true);
    expect(messages(ProfileFormSchema.safeParse({ name: ' x', mobile: '90', state: '' }))).toEqual([
      Messages.signup.nameInvalid,
      Messages.signup.stateRequired,
      Messages.signup.mobileInvalid,
    ]);
    expect(messages(ProfileFormSchema.safeParse({ name: '', mobile: '', state: 'Goa' }))).toEqual([
      Messages.signup.nameRequired,
      Messages.signup.mobileRequired,
    ]);
  });

  it('shows the stored mobile as its 10 digits and sends it with +91', () => {
    const form = profileFormOf({
      email: 'a@example.com',
      name: 'Asha',
      mobile: '+919000000001',
      state: 'Goa',
    });
    expect(form).toEqual({ name: 'Asha', mobile: '9000000001', state: 'Goa' });
    const unlisted = profileFormOf({ email: '', name: 'A', mobile: '+919000000001', state: 'X' });
    expect(unlisted).toEqual({ name: 'A', mobile: '9000000001', state: '' });
    expect(toProfileRequest({ name: 'Asha', mobile: '9000000001', state: 'Goa' })).toEqual({
      name: 'Asha',
      mobile: '+919000000001',
      state: 'Goa',
    });
  });
});

describe('PasswordFormSchema', () => {
  const good = { currentPassword: 'old', newPassword: 'N3w!Secret', repeatPassword: 'N3w!Secret' };

  it('needs the current password and a new one under the sign-up policy, repeated', () => {
    expect(PasswordFormSchema.safeParse(good).success).toBe(true);
    expect(messages(PasswordFormSchema.safeParse({ ...good, currentPassword: '' }))).toEqual([
      Messages.account.currentPasswordRequired,
    ]);
    expect(
      messages(
        PasswordFormSchema.safeParse({ ...good, newPassword: 'weak', repeatPassword: 'weak' }),
      ),
    ).toEqual([Messages.signup.passwordPolicy]);
    expect(
      messages(PasswordFormSchema.safeParse({ ...good, repeatPassword: 'N3w!Secreu' })),
    ).toEqual([Messages.signup.passwordsDoNotMatch]);
    expect(messages(PasswordFormSchema.safeParse({ ...good, repeatPassword: '' }))).toEqual([
      Messages.signup.repeatPasswordRequired,
    ]);
  });
});
