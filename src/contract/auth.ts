import * as z from 'zod/mini';
import {
  CodeSchema,
  EmailSchema,
  LoginPasswordSchema,
  MobileSchema,
  NameSchema,
  PasswordSchema,
  StateSchema,
} from './fields.js';

export { userAttribute, UserAttributeNames, type UserAttributeName } from './user-attributes.js';

/**
 * Payloads and responses of the unauthenticated calls of docs/product.md section 7, field names as
 * docs/product.md section 3 gives them. Unknown fields are refused (400).
 */
export const SignupRequestSchema = z.strictObject({
  email: EmailSchema,
  name: NameSchema,
  mobile: MobileSchema,
  state: StateSchema,
  password: PasswordSchema,
});
export type SignupRequest = z.infer<typeof SignupRequestSchema>;

export const ConfirmRequestSchema = z.strictObject({ email: EmailSchema, code: CodeSchema });
export type ConfirmRequest = z.infer<typeof ConfirmRequestSchema>;

export const SigninRequestSchema = z.strictObject({
  email: EmailSchema,
  password: LoginPasswordSchema.check(z.maxLength(256)),
});
export type SigninRequest = z.infer<typeof SigninRequestSchema>;

export const EmailRequestSchema = z.strictObject({ email: EmailSchema });
export type EmailRequest = z.infer<typeof EmailRequestSchema>;

export const ResetRequestSchema = z.strictObject({
  email: EmailSchema,
  code: CodeSchema,
  password: PasswordSchema,
});
export type ResetRequest = z.infer<typeof ResetRequestSchema>;

export const CodeCheckRequestSchema = z.strictObject({ email: EmailSchema, code: CodeSchema });
export type CodeCheckRequest = z.infer<typeof CodeCheckRequestSchema>;

const OpaqueTokenSchema = z.string().check(z.minLength(1), z.maxLength(512));

export const RefreshRequestSchema = z.strictObject({
  refresh_token: OpaqueTokenSchema,
  id: z.string().check(z.minLength(1), z.maxLength(64)),
});
export type RefreshRequest = z.infer<typeof RefreshRequestSchema>;

export const LogoutRequestSchema = z.strictObject({ refresh_token: OpaqueTokenSchema });
export type LogoutRequest = z.infer<typeof LogoutRequestSchema>;

export const FlowQuerySchema = z.object({
  auth: z.string().check(z.minLength(1), z.maxLength(8192)),
  /** The state the provider sends back; it must equal the browser's state cookie. */
  state: z.optional(z.string().check(z.maxLength(128))),
});

export const ResponseStatusSchema = z.enum(['success', 'error']);

export const StatusResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
});
export type StatusResponse = z.infer<typeof StatusResponseSchema>;

export const CodeCheckResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  valid: z.boolean(),
});
export type CodeCheckResponse = z.infer<typeof CodeCheckResponseSchema>;

export const SendConfirmationResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  /** 'UNCONFIRMED' when a code went out. */
  user_status: z.string(),
});
export type SendConfirmationResponse = z.infer<typeof SendConfirmationResponseSchema>;

export const AuthenticationResultSchema = z.object({
  AccessToken: z.string(),
  RefreshToken: z.string(),
  /** Seconds the access token lives. */
  ExpiresIn: z.number(),
  TokenType: z.literal('Bearer'),
});
export type AuthenticationResult = z.infer<typeof AuthenticationResultSchema>;

export const UserAttributeSchema = z.object({ Name: z.string(), Value: z.string() });

export const AuthResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  profile: z.object({ UserAttributes: z.array(UserAttributeSchema) }),
  user_status: z.object({
    AuthenticationResult: AuthenticationResultSchema,
    /** Ours: under DEVELOPER_2FA=required, a developer without a second factor sets one up first. */
    ChallengeName: z.optional(z.literal('MFA_SETUP')),
  }),
});
export type AuthResponse = z.infer<typeof AuthResponseSchema>;

export const RefreshResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  user_status: z.object({ AuthenticationResult: AuthenticationResultSchema }),
});
export type RefreshResponse = z.infer<typeof RefreshResponseSchema>;

/** The embedded mailbox's JSON (`/dev/mail/messages`). */
export const MailboxMessageSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessageSchema>;
