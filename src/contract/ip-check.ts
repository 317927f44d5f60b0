import * as z from 'zod/mini';
import { ResponseStatusSchema } from './auth.js';
import { canonicalIp } from './rules.js';

/**
 * Ours (docs/decisions/025): the read-only check the IP rows make while the
 * developer types. It says what the save would say, without saving: the save rules stay
 * on the server.
 */
export const IpCheckLimits = {
  /** More than the rows a form may hold, so a form one row over the limit is still checked. */
  maxEntries: 10,
  entryMaxLength: 100,
  /** Per client IP and minute: the web sends one call per pause in typing. */
  checksPerMinute: 60,
  /** How long the web waits after the last key before it checks. */
  debounceMs: 400,
} as const;

/**
 * One typed entry's answer: `invalid` (not an IPv4 or full IPv6 address), `duplicate` (an
 * earlier entry is the same IP), `stored` (already on this application: its stored proof
 * state stands), `proofNeeded` (another developer uses it: a family proof will be needed),
 * `available`. Who uses an IP is never told.
 */
export const IpCheckStates = [
  'invalid',
  'duplicate',
  'stored',
  'proofNeeded',
  'available',
] as const;
export type IpCheckState = (typeof IpCheckStates)[number];

export const IpCheckRequestSchema = z.object({
  ips: z
    .array(z.string().check(z.maxLength(IpCheckLimits.entryMaxLength)))
    .check(z.maxLength(IpCheckLimits.maxEntries)),
  /** The application being edited; its stored IPs are `stored`. */
  applicationId: z.optional(z.string().check(z.maxLength(200))),
});

export const IpCheckResultSchema = z.object({
  /** The entry as sent, so the web matches answers to rows. */
  entry: z.string(),
  state: z.enum(IpCheckStates),
});
export type IpCheckResult = z.infer<typeof IpCheckResultSchema>;

export const IpCheckResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  results: z.array(IpCheckResultSchema),
});
export type IpCheckResponse = z.infer<typeof IpCheckResponseSchema>;

export const MyIpResponseSchema = z.object({
  status: ResponseStatusSchema,
  message: z.string(),
  ip: z.string(),
});
export type MyIpResponse = z.infer<typeof MyIpResponseSchema>;

/**
 * The answer for each entry, in order. `stored` holds this application's IPs and
 * `usedByOthers` the IPs another developer has; both canonical.
 */
export function classifyIpEntries(
  entries: readonly string[],
  stored: ReadonlySet<string>,
  usedByOthers: ReadonlySet<string>,
): IpCheckResult[] {
  const seen = new Set<string>();
  return entries.map((entry) => {
    const ip = canonicalIp(entry);
    if (ip === null) return { entry, state: 'invalid' };
    if (seen.has(ip)) return { entry, state: 'duplicate' };
    seen.add(ip);
    if (stored.has(ip)) return { entry, state: 'stored' };
    return { entry, state: usedByOthers.has(ip) ? 'proofNeeded' : 'available' };
  });
}
