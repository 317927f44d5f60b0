/**
 * A User-Agent summarized for the sessions list ('Chrome on Linux'). Order matters: Edge,
 * Opera and Samsung Internet also say "Chrome", Chrome also says "Safari", Android also
 * says "Linux", and iOS browsers say "like Mac OS X".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export const UNKNOWN_BROWSER = 'Unknown browser';
/** Longer User-Agents are cut before matching: the patterns need only the start. */
const MAX_USER_AGENT = 512;

function firstMatch(text: string, rules: readonly (readonly [RegExp, string])[]) {
  return rules.find(([pattern]) => pattern.test(text))?.[1];
}

export function summarizeUserAgent(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, MAX_USER_AGENT);
  const browser = firstMatch(text, BROWSERS);
  const system = firstMatch(text, SYSTEMS);
  if (browser === undefined) return system === undefined ? UNKNOWN_BROWSER : `Browser on ${system}`;
  return system === undefined ? browser : `${browser} on ${system}`;
}
