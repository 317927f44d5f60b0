import * as z from 'zod/mini';
import {
  AppNameSchema,
  clientIdSchemaFor,
  DescriptionSchema,
  postbackUrlSchemaFor,
  redirectUrlSchemaFor,
} from './fields.js';
import { ResponseStatusSchema } from './auth.js';
import type { Brand } from './brand.js';
import { ErrorCodeSchema } from './error-body.js';
import { ApiKeySchema } from './keys.js';

/**
 * Applications of docs/product.md sections 3 and 7. Multipart text fields arrive as strings; the
 * server validates them with `appFieldsSchemaFor` (the local test hosts and the client-code
 * pattern are configuration; an update also accepts the application's stored client id).
 */
const BooleanFieldSchema = z.enum(['true', 'false']);

export function appFieldsSchemaFor(
  rules: Pick<Brand, 'localTestHost' | 'postbackLocalTestHost' | 'clientCodePattern'>,
  storedClientId?: string,
) {
  const { localTestHost, postbackLocalTestHost, clientCodePattern } = rules;
  return z.object({
    name: AppNameSchema,
    callbackUrl: redirectUrlSchemaFor(localTestHost),
    postbackUrl: z.optional(postbackUrlSchemaFor(postbackLocalTestHost)),
    allowedUsers: clientIdSchemaFor(clientCodePattern, storedClientId),
    description: z.optional(DescriptionSchema),
    /** Trimmed, sent only when non-empty. */
    algo_id: z.optional(z.string().check(z.maxLength(100))),
    /** Comma-joined IPs. */
    ipRecords: z.optional(z.string().check(z.maxLength(2000))),
    /** The logo-upload variant of PUT names the IP list `ip_address`. */
    ip_address: z.optional(z.string().check(z.maxLength(2000))),
    ipAddressDuplicateSkip: z.optional(BooleanFieldSchema),
    isActive: z.optional(BooleanFieldSchema),
    logoUrl: z.optional(z.string().check(z.maxLength(2000))),
    /** Ours: the chosen icon's own file name, sent beside the file (it travels as ICON_UPLOAD_NAME). */
    logoName: z.optional(z.string()),
  });
}
export type AppFields = z.infer<ReturnType<typeof appFieldsSchemaFor>>;

/** The multipart file fields: the icon, and one proof document per duplicate IP. */
export const ICON_FIELD = 'file';
export const DOCUMENT_FIELD_PREFIX = 'document_';
/** docs/product.md section 3: the icon is sent with this file name. */
export const ICON_UPLOAD_NAME = 'defaultimage.png';

export const IpRecordSchema = z.object({
  ip: z.string(),
  familyPending: z.boolean(),
  adminAccept: z.boolean(),
  /** A signed link that expires, or null when no document is stored. */
  documentUrl: z.nullable(z.string()),
  /** Ours: the operator's reason when the last proof was rejected (docs/decisions/025). */
  rejectionReason: z.nullable(z.string()),
});
export type IpRecord = z.infer<typeof IpRecordSchema>;

export const ApplicationSchema = z.object({
  applicationId: z.string(),
  applicationName: z.string(),
  logoUrl: z.string(),
  /** Ours: the uploaded icon's own file name; null for the default icon or when none was sent. */
  logoName: z.nullable(z.string()),
  callbackUrl: z.string(),
  postbackUrl: z.string(),
  allowedUsers: z.string(),
  isActive: z.boolean(),
  secret: z.string(),
  /** Ours: the current key, then old keys still in their grace period, masked. */
  keys: z.array(ApiKeySchema),
  description: z.string(),
  algoId: z.string(),
  /** ISO-8601 date-time. */
  renewalDate: z.string(),
  /** Ours: ISO-8601 time the IP list may change again (the 15-day rule); null when it may now. */
  ipChangeAllowedAt: z.nullable(z.string()),
  ipRecordsWithFamilyPending: z.array(IpRecordSchema),
  /**
   * Ours: an operator's pause, which only an operator lifts (docs/product.md section 4);
   * `since` is ISO-8601. Null when no operator holds the application.
   */
  operatorHold: z.nullable(z.object({ reason: z.string(), since: z.string() })),
  /**
   * Ours: the provider's kill switch on this application or on every application of its
   * developer, which only an operator lifts (docs/product.md section 4); null when not blocked.
   */
  block: z.nullable(
    z.object({
      scope: z.enum(['application', 'developer']),
      reason: z.string(),
      since: z.string(),
    }),
  ),
});
export type Application = z.infer<typeof ApplicationSchema>;

/** GET /api/v1/apps: an array of applications (docs/product.md section 7). */
export const ApplicationListSchema = z.array(ApplicationSchema);

/** GET /api/v1/app/{id}: the application's fields with status and message. */
export const ApplicationResponseSchema = z.extend(ApplicationSchema, {
  status: ResponseStatusSchema,
  message: z.string(),
});
export type ApplicationResponse = z.infer<typeof ApplicationResponseSchema>;

/** POST and PUT answers; the logo-upload variant also carries logoUrl. */
export const AppWriteResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  applicationId: z.string(),
  logoUrl: z.optional(z.string()),
});
export type AppWriteResponse = z.infer<typeof AppWriteResponseSchema>;

/** Error bodies of the IP rules: the duplicates, and when the next IP change is allowed. */
export const AppErrorSchema = z.object({
  status: z.literal('error'),
  code: ErrorCodeSchema,
  message: z.string(),
  duplicateIPs: z.optional(z.array(z.string())),
  nextIpChangeAt: z.optional(z.string()),
});
export type AppError = z.infer<typeof AppErrorSchema>;
