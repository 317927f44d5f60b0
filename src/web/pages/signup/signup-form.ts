import * as z from 'zod/mini';
import { SignupRequestSchema, type SignupRequest } from '../../../contract/auth.js';
import { MobileDigitsSchema } from '../../../contract/fields.js';
import { Messages } from '../../../contract/messages.js';
import { toMobile } from '../../../contract/rules.js';
import { whenStrings } from '../../ui/form-checks.js';

/** The sign-up form: the request's fields, the phone as 10 digits, the repeat and the terms. */
export const SignupFormSchema = z
  .extend(z.pick(SignupRequestSchema, { email: true, name: true, password: true, state: true }), {
    mobile: MobileDigitsSchema,
    repeatPassword: z.string().check(z.minLength(1, Messages.signup.repeatPasswordRequired)),
    acceptsTerms: z
      .boolean()
      .check(z.refine((accepted) => accepted, Messages.signup.termsRequired)),
  })
  .check(
    z.refine((form) => form.repeatPassword === '' || form.repeatPassword === form.password, {
      path: ['repeatPassword'],
      error: Messages.signup.passwordsDoNotMatch,
      when: whenStrings('password', 'repeatPassword'),
    }),
  );

export type SignupForm = z.infer<typeof SignupFormSchema>;

export function toSignupRequest(form: SignupForm): SignupRequest {
  return {
    email: form.email,
    name: form.name,
    mobile: toMobile(form.mobile),
    state: form.state,
    password: form.password,
  };
}
