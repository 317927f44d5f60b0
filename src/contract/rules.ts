import { Limits } from './limits.js';

// docs/product.md section 5, widened by docs/decisions/027: an ending of 2 to 63 letters (the
// longest DNS label) or a punycode one (`xn--`), hyphen runs inside a domain label
// (`xn--80ak6aa92e`), apostrophes in the name (o'brien) and hyphens or dots in the `+tag`.
// Every run is closed by a required separator of another class, so no two quantifiers compete
// for the same characters and matching stays linear (no catastrophic backtracking).
export const EMAIL_PATTERN =
  /^[\w']+(?:[.-][\w']+)*(?:\+[\w']+(?:[.-][\w']+)*)?@\w+(?:-+\w+)*(?:\.\w+(?:-+\w+)*)*\.(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9]{1,59})$/;

export function isValidEmail(s: string): boolean {
  return s.length <= Limits.emailMax && EMAIL_PATTERN.test(s);
}

// Letters of any script with their marks, digits, spaces, hyphens, apostrophes and dots, no
// leading space: the spec's ASCII word characters refused O'Brien and José (docs/decisions/027).
export const NAME_PATTERN = /^[\p{L}\p{M}\p{N}_'’.-][\p{L}\p{M}\p{N}_ '’.-]*$/u;

export function isValidName(s: string): boolean {
  return s.length <= Limits.nameMax && NAME_PATTERN.test(s);
}

const DIGIT = /[0-9]/;
const LOWERCASE = /\p{Ll}/u;
const UPPERCASE = /\p{Lu}/u;
const SPECIAL = /[^\p{L}\p{N}\s]/u;
const WHITESPACE = /\s/u;

export function isValidPassword(s: string): boolean {
  // Code points, so a character outside the BMP counts once, as the user sees it.
  const length = Array.from(s).length;
  return (
    length >= Limits.passwordMinLength &&
    length <= Limits.passwordMaxLength &&
    DIGIT.test(s) &&
    LOWERCASE.test(s) &&
    UPPERCASE.test(s) &&
    SPECIAL.test(s) &&
    !WHITESPACE.test(s)
  );
}

const MOBILE_DIGITS = new RegExp(`^[0-9]{${Limits.mobileDigits}}$`);
const CODE = new RegExp(`^[0-9]{${Limits.codeLength}}$`);

export function isValidMobileDigits(s: string): boolean {
  return MOBILE_DIGITS.test(s);
}

export function isValidMobile(s: string): boolean {
  return (
    s.startsWith(Limits.mobilePrefix) && isValidMobileDigits(s.slice(Limits.mobilePrefix.length))
  );
}

export function toMobile(digits: string): string {
  return `${Limits.mobilePrefix}${digits}`;
}

export function isValidCode(s: string): boolean {
  return CODE.test(s);
}

const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const IPV6 = /^[0-9A-Fa-f]{1,4}(?::[0-9A-Fa-f]{1,4}){7}$/;

export function isValidIpv4(s: string): boolean {
  return IPV4.test(s);
}

export function isValidIpv6(s: string): boolean {
  return IPV6.test(s);
}

export function isValidIp(s: string): boolean {
  return isValidIpv4(s) || isValidIpv6(s);
}

/** The update form's rule: an empty entry is allowed, anything else must be an IP once trimmed. */
export function isValidIpEntry(s: string): boolean {
  const trimmed = s.trim();
  return trimmed === '' || isValidIp(trimmed);
}

/**
 * One spelling per address: IPv4 as written, IPv6 in lower case without leading zeros, and
 * an IPv4-mapped IPv6 address (`0:0:0:0:0:ffff:102:304`) as the IPv4 address it carries
 * (`1.2.3.4`), so the duplicate checks see one address.
 */
export function canonicalIp(s: string): string | null {
  const trimmed = s.trim();
  if (isValidIpv4(trimmed)) return trimmed;
  if (!isValidIpv6(trimmed)) return null;
  const groups = trimmed.split(':').map((group) => Number.parseInt(group, 16));
  const [high = 0, low = 0] = groups.slice(6);
  const isMapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  if (isMapped) return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  return groups.map((group) => group.toString(16)).join(':');
}

export function normalizeIpList(entries: readonly string[]): string[] {
  const unique = new Set<string>();
  for (const entry of entries) {
    const ip = canonicalIp(entry);
    if (ip !== null) unique.add(ip);
  }
  return [...unique];
}

// docs/product.md section 3 names only the dots; IPv6 colons become underscores too so the name stays
// a safe form field name. Canonical first, so every spelling of an IP maps to one field.
export function ipFieldName(ip: string): string {
  return `document_${(canonicalIp(ip) ?? ip.trim()).replace(/[.:]/g, '_')}`;
}

const WEB_URL_START = /^https?:\/\//i;

function hasSpaceOrControl(s: string): boolean {
  if (WHITESPACE.test(s)) return true;
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

// The explicit "scheme://" check stops the URL parser from accepting 'https:host' or
// backslashes; credentials are refused because 'https://trusted@evil' misleads readers.
function parseWebUrl(s: string): URL | null {
  if (!WEB_URL_START.test(s) || hasSpaceOrControl(s)) return null;
  let url: URL;
  try {
    url = new URL(s);
  } catch {
    return null;
  }
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return url;
}

export function isHttpsUrl(s: string): boolean {
  return parseWebUrl(s)?.protocol === 'https:';
}

export function isBlankUrl(s: string): boolean {
  const trimmed = s.trim().toLowerCase();
  return trimmed === '' || trimmed === Limits.urlPrefix;
}

/** https anywhere; plain http only on the configured local test host ('' allows none). */
export function isAllowedRedirectUrl(s: string, localTestHost: string): boolean {
  const url = parseWebUrl(s);
  if (url === null) return false;
  if (url.protocol === 'https:') return true;
  const host = localTestHost.trim().toLowerCase();
  return host !== '' && (url.hostname === host || url.host === host);
}

export function maskApiKey(key: string): string {
  if (key.length <= Limits.apiKeyMaskThreshold) return key;
  return key.slice(0, Limits.apiKeyMaskVisible) + '*'.repeat(key.length - Limits.apiKeyMaskVisible);
}

/** The part of a key `maskApiKey` shows: what a developer reads out to support. */
export function apiKeyPrefix(key: string): string {
  return maskApiKey(key).replace(/\*+$/, '');
}

export function lastChars(name: string, n: number): string {
  if (n <= 0) return '';
  return Array.from(name).slice(-n).join('');
}

/**
 * A text's line breaks as one LF each: a browser sends a textarea's as CR LF, and each counts
 * as one character of a limit (docs/product.md section 5, the description).
 */
export function normalizeLineBreaks(text: string): string {
  return text.replace(/\r\n?/g, '\n');
}

/**
 * The icon's own file name as stored and shown (docs/product.md section 3): the last part of a
 * path, without control or format characters (a right-to-left override could disguise it),
 * its end kept within `Limits.logoNameMax`; null when nothing is left.
 */
export function logoNameOf(raw: string): string | null {
  const base = raw.split(/[/\\]/).at(-1) ?? '';
  const name = lastChars(base.replace(/[\p{Cc}\p{Cf}]/gu, '').trim(), Limits.logoNameMax);
  return name === '' ? null : name;
}
