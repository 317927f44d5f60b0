/**
 * Names of the anti-forgery cookie (docs/decisions/015-web-delivery.md). Over https it is
 * `__Host-` prefixed: the browser then takes it only from this host, over https, for path
 * `/`, so a sibling subdomain or a plain-http answer cannot plant a known value.
 */
export const XsrfCookies = {
  http: 'XSRF-TOKEN',
  https: '__Host-XSRF-TOKEN',
} as const;
