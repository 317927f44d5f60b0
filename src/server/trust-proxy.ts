import ipaddr from 'ipaddr.js';

/**
 * Which `X-Forwarded-For` hops Fastify believes (its `trustProxy` option): none (false),
 * every one (true, unsafe), the nearest N, or those sent by the listed proxies.
 */
export type TrustProxy = boolean | number | readonly string[];

const MAX_HOPS = 16;
export const TRUST_PROXY_FORMS = `must be a hop count from 0 to ${MAX_HOPS}, a comma-separated list of proxy addresses or CIDRs, or true/false`;

function isAddress(text: string): boolean {
  return ipaddr.IPv4.isValidFourPartDecimal(text) || ipaddr.IPv6.isValid(text);
}

function isAddressOrCidr(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isAddress(address)) return false;
  return bits === undefined || ipaddr.isValidCIDR(entry);
}

/**
 * Parses `TRUST_PROXY`; undefined when the value is none of its forms. A number is a hop
 * count, so `1` no longer means `true`.
 */
export function parseTrustProxy(raw: string | undefined): TrustProxy | undefined {
  if (raw === undefined || raw === 'false') return false;
  if (raw === 'true') return true;
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops > MAX_HOPS) return undefined;
    return hops === 0 ? false : hops;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  return entries.every(isAddressOrCidr) ? entries : undefined;
}

const PRIVATE_RANGES: ReadonlySet<string> = new Set([
  'private',
  'loopback',
  'linkLocal',
  'uniqueLocal',
  'carrierGradeNat',
]);

function isPrivate(address: string): boolean {
  return ipaddr.isValid(address) && PRIVATE_RANGES.has(ipaddr.process(address).range());
}

/**
 * The setting in the form Fastify takes. Fastify 5.12 refuses a bare hop count because a
 * client that reaches the instance directly could then name its own address
 * (node_modules/fastify/docs/Reference/Server.md, "trustProxy"): a hop count here trusts
 * the nearest hops only when they come from a private or loopback address, which a client
 * on the internet cannot have (docs/decisions/014).
 */
export function fastifyTrustProxy(
  setting: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    return (address, hop) => hop < setting && isPrivate(address);
  }
  return typeof setting === 'boolean' ? setting : [...setting];
}

/** The start-log warning for a setting that lets any client choose its own address. */
export function trustProxyWarning(setting: TrustProxy): string | undefined {
  return setting === true
    ? 'TRUST_PROXY=true believes every X-Forwarded-For hop: any client can choose its own IP and a fresh rate-limit bucket. Set the hop count (TRUST_PROXY=1 for one load balancer) or the proxy addresses.'
    : undefined;
}
