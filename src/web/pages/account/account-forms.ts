import * as z from 'zod/mini';
import {
  PasswordChangeRequestSchema,
  ProfileUpdateRequestSchema,
  type Profile,
  type ProfileUpdateRequest,
} from '../../../contract/account.js';
import { MobileDigitsSchema } from '../../../contract/fields.js';
import { Limits } from '../../../contract/limits.js';
import { Messages } from '../../../contract/messages.js';
import { toMobile } from '../../../contract/rules.js';
import { isIndianState } from '../../../contract/states.js';
import { whenStrings } from '../../ui/form-checks.js';

/** The profile form: the request's fields, the phone as 10 digits as on the sign-up form. */
export const ProfileFormSchema = z.extend(
  z.pick(ProfileUpdateRequestSchema, { name: true, state: true }),
  { mobile: MobileDigitsSchema },
);
export type ProfileForm = z.infer<typeof ProfileFormSchema>;

/** What the profile form holds while it is edited. */
export type ProfileValues = Readonly<Record<keyof ProfileForm, string>>;

/** The form while the profile loads: every field empty. */
export const EMPTY_PROFILE: ProfileValues = { name: '', mobile: '', state: '' };

/** The form's starting values; a stored state outside the list starts unselected. */
export function profileFormOf(profile: Profile): ProfileValues {
  const mobile = profile.mobile.startsWith(Limits.mobilePrefix)
    ? profile.mobile.slice(Limits.mobilePrefix.length)
    : profile.mobile;
  return { name: profile.name, mobile, state: isIndianState(profile.state) ? profile.state : '' };
}

export function toProfileRequest(form: ProfileForm): ProfileUpdateRequest {
  return { name: form.name, mobile: toMobile(form.mobile), state: form.state };
}

/** The password form: the request's two passwords and the sign-up form's repeat check. */
export const PasswordFormSchema = z
  .extend(z.pick(PasswordChangeRequestSchema, { currentPassword: true, newPassword: true }), {
    repeatPassword: z.string().check(z.minLength(1, Messages.signup.repeatPasswordRequired)),
  })
  .check(
    z.refine((form) => form.repeatPassword === '' || form.repeatPassword === form.newPassword, {
      path: ['repeatPassword'],
      error: Messages.signup.passwordsDoNotMatch,
      when: whenStrings('newPassword', 'repeatPassword'),
    }),
  );
export type PasswordForm = z.infer<typeof PasswordFormSchema>;

export const EMPTY_PASSWORDS: Readonly<Record<keyof PasswordForm, string>> = {
  currentPassword: '',
  newPassword: '',
  repeatPassword: '',
};
