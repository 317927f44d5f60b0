/** The brand settings the e2e server runs with; specs assert against these values. */
export const E2E_ENV = {
  PRODUCT_NAME: 'Acme Trade',
  SUPPORT_PHONE: '+91 22 4000 4000',
  SUPPORT_URL: 'https://support.example.com/',
  API_DOCS_URL: 'https://docs.example.com/api/',
  PRIVACY_URL: 'https://www.example.com/privacy',
  DISCLAIMER_URL: 'https://www.example.com/disclaimer',
  LEGACY_DOMAINS: 'oldbroker.com,oldbroker.in',
  NEW_SERVICE_ADDRESSES:
    'trade.example.com,api.example.com,developers.example.com,docs.example.com',
  SISTER_PRODUCTS: 'Acme Invest|https://invest.example.com/,Acme Funds|https://funds.example.com/',
  REBRANDING_BLOG_URL: 'https://blog.example.com/rebranding',
  LOG_LEVEL: 'warn',
  // Every spec signs up from 127.0.0.1: the per-IP limit of the account calls would refuse
  // a full run. Rate limits are pinned by the API tests, not here.
  RATE_LIMIT_PER_MINUTE: '1000',
  APP_CREATES_PER_HOUR: '1000',
  // The activity spec pages the events of 21 applications of one developer, past the default
  // cap of 20; the cap itself is pinned by src/server/apps/apps-limits.api.test.ts.
  MAX_APPS_PER_DEVELOPER: '30',
  // The test machine's cores are shared: a 1 s event-loop stall there would answer a page
  // or a helper's call 503. Load shedding is pinned by src/server/http/load-shedding.api.test.ts.
  SHED_LOOP_DELAY_MS: '0',
  // /metrics on the main port behind this token (e2e/metrics.spec.ts reads it).
  METRICS_TOKEN: 'e2e-metrics-token-0123456789abcdef',
  // The gateway check writes its usage counts this often: the usage spec sees its calls on the
  // screen a moment after making them. The 5 s default is pinned by the API tests.
  GATEWAY_USAGE_FLUSH_MS: '200',
} as const;

export const LEGACY_DOMAINS = E2E_ENV.LEGACY_DOMAINS.split(',');

/** Set by global-setup for the specs and the config (baseURL). */
export function e2eBaseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (url === undefined) throw new Error('E2E_BASE_URL is unset: run through playwright test');
  return url;
}

/** Set by global-setup: the gateway check's own listener (GATEWAY_PORT). */
export function e2eGatewayUrl(): string {
  const url = process.env.E2E_GATEWAY_URL;
  if (url === undefined) throw new Error('E2E_GATEWAY_URL is unset: run through playwright test');
  return url;
}
