/**
 * Brand and run-time settings the server hands to the web app inside index.html, so one
 * build serves any provider (docs/product.md section 12).
 */
export interface SisterProduct {
  readonly name: string;
  readonly url: string;
}

export interface Brand {
  /** {product} in the spec's texts. */
  readonly productName: string;
  /** {phone}: the support line in the footer. */
  readonly supportPhone: string;
  readonly supportUrl: string;
  readonly apiDocsUrl: string;
  readonly privacyUrl: string;
  readonly disclaimerUrl: string;
  /** The two legacy provider domains that open the rebranding notice (docs/product.md section 2). */
  readonly legacyDomains: readonly string[];
  /** The four new service addresses listed by the rebranding notice. */
  readonly newServiceAddresses: readonly string[];
  readonly sisterProducts: readonly SisterProduct[];
  readonly rebrandingBlogUrl: string;
  readonly defaultAppIconUrl: string;
  /** docs/product.md section 9's IP limits as this portal runs them (configurable on the server). */
  readonly maxIpsPerApp: number;
  readonly ipChangeCooldownDays: number;
  /** {host}: the one host allowed over plain http for redirect URLs. */
  readonly localTestHost: string;
  /**
   * The host allowed over plain http for postback URLs: {host} in embedded mode, where the
   * portal delivers to it (/dev/postbacks); null in production, where postbacks go to public
   * https addresses only (docs/decisions/030-postback-ssrf-guard.md).
   */
  readonly postbackLocalTestHost: string | null;
  /** The provider's client-code shape a client id must have (a regular expression source). */
  readonly clientCodePattern: string;
  /** The page environment tag (docs/product.md section 9: 'staging'). */
  readonly environment: string;
  /** Canonical base of every page (docs/product.md section 2: "a fixed base"). */
  readonly publicUrl: string;
  /** Where 'Login Using {product} Credentials' goes, or null when hand-off login is off. */
  readonly flowLoginUrl: string | null;
  readonly flowApplicationId: string;
  /** Whether /login offers a passkey alone (DEVELOPER_PASSKEY_SIGNIN=on, decision 067). */
  readonly passkeySignIn: boolean;
}

/** The id of the JSON script element that carries the Brand in index.html. */
export const BRAND_ELEMENT_ID = 'portal-brand';

/** True when the loc query value names one of the legacy domains (docs/product.md section 2). */
export function mentionsLegacyDomain(loc: string, legacyDomains: readonly string[]): boolean {
  const value = loc.toLowerCase();
  return legacyDomains.some((domain) => domain !== '' && value.includes(domain.toLowerCase()));
}
