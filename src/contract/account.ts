import * as z from 'zod/mini';
import { AuthenticationResultSchema, ResponseStatusSchema, SignupRequestSchema } from './auth.js';
import { PasswordSchema } from './fields.js';
import { Messages } from './messages.js';

/**
 * The account screen's API: the profile takes the sign-up rules and texts of its
 * fields, so a profile is valid exactly when a sign-up with it would be.
 */
export const ProfileUpdateRequestSchema = z.pick(SignupRequestSchema, {
  name: true,
  mobile: true,
  state: true,
});
export type ProfileUpdateRequest = z.infer<typeof ProfileUpdateRequestSchema>;

export const ProfileSchema = z.object({
  email: z.string(),
  name: z.string(),
  mobile: z.string(),
  state: z.string(),
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  profile: ProfileSchema,
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

/** Checked by the server against the stored hash; here only present and of sane length. */
export const CurrentPasswordSchema = z
  .string({ error: Messages.account.currentPasswordRequired })
  .check(
    z.minLength(1, Messages.account.currentPasswordRequired),
    z.maxLength(256, Messages.account.currentPasswordWrong),
  );

/**
 * `refresh_token` names the session that stays signed in: every other one ends
 * (docs/decisions/022-account-screen.md).
 */
export const PasswordChangeRequestSchema = z.strictObject({
  currentPassword: CurrentPasswordSchema,
  newPassword: PasswordSchema,
  refresh_token: z.string().check(z.minLength(1), z.maxLength(512)),
});
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequestSchema>;

/** A new access token for the session that stays; its refresh token is unchanged. */
export const PasswordChangeResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  user_status: z.object({
    AuthenticationResult: z.pick(AuthenticationResultSchema, {
      AccessToken: true,
      ExpiresIn: true,
      TokenType: true,
    }),
  }),
});
export type PasswordChangeResponse = z.infer<typeof PasswordChangeResponseSchema>;
