import { createPublicKey } from 'node:crypto';
import path from 'node:path';
import { getHeapStatistics } from 'node:v8';
import type { Brand, SisterProduct } from '../contract/brand.js';
import { CONNECT_DEFAULT_DAILY_LOGOUT, CONNECT_DEFAULT_SCOPES } from '../contract/connect.js';
import { AccountLimits, CodeFailureLimits } from '../contract/limits.js';
import { PostbackLimits } from '../contract/postbacks.js';
import { TWO_FACTOR_POLICIES, type TwoFactorPolicy } from '../contract/two-factor.js';
import { API_KEY_IN_READS, type ApiKeyInReads } from '../contract/keys.js';
import { UsageLimits } from '../contract/usage.js';
import type { HashingLimits } from './auth/passwords.js';
import { parseDailyLogout, type DailyLogout } from './connect/daily-logout.js';
import type { JobSettings } from './jobs/job-worker.js';
import { isLoopback, modeOf, NODE_ENV_FORMS, type Mode } from './run-mode.js';
import { parseTrustProxy, TRUST_PROXY_FORMS, type TrustProxy } from './trust-proxy.js';

/** Raised for an invalid environment value; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export type { Mode } from './run-mode.js';

export interface SecretSettings {
  readonly accessTokenSecret: string | undefined;
  readonly xsrfSecret: string | undefined;
  readonly codeHashSecret: string | undefined;
  readonly linkSigningSecret: string | undefined;
  readonly keyEncryptionSecret: string | undefined;
}

export interface FlowSettings {
  /** Where the browser goes for the hand-off login; null turns hand-off login off. */
  readonly loginUrl: string | null;
  readonly applicationId: string;
  readonly audience: string;
  readonly issuer: string | undefined;
  readonly publicKeyPem: string | undefined;
  readonly jwksUrl: string | undefined;
}

export interface ConnectSettings {
  /** The scopes an application may ask for, space-separated in OAuth's `scope`. */
  readonly scopes: readonly string[];
  readonly dailyLogout: DailyLogout;
}

export interface AppRules {
  readonly renewalDays: number;
  readonly maxIpsPerApp: number;
  readonly ipChangeCooldownDays: number;
  readonly maxAppsPerDeveloper: number;
  readonly createsPerHour: number;
}

export interface MetricsSettings {
  /** A listener of its own for `/metrics`; undefined: none. */
  readonly port: number | undefined;
  readonly host: string;
  /** Bearer token `/metrics` asks for; set without a port, `/metrics` is on the main port. */
  readonly token: string | undefined;
}

/** The gateway check (docs/gateway.md). */
export interface GatewaySettings {
  /** The check's own listener; undefined: none (the JSON variant stays on the main port). */
  readonly port: number | undefined;
  readonly host: string;
  /** A shared token the gateway must send as `X-Gateway-Token`; undefined: none asked. */
  readonly token: string | undefined;
  /** The header (lower case) in which the gateway sends the caller's address. */
  readonly ipHeader: string;
  /** How long the check answers from its last state while the database is away. */
  readonly staleMaxMs: number;
  /** How often each instance reads the change log. */
  readonly refreshMs: number;
  /** How often each instance writes the usage it counted (`GATEWAY_USAGE_FLUSH_MS`). */
  readonly usageFlushMs: number;
  /** How long the usage counts are kept (`GATEWAY_USAGE_RETENTION_DAYS`). */
  readonly usageRetentionMs: number;
}

/** Limits past which requests are refused with 503 and `Retry-After` (0 turns a check off). */
export interface LoadSheddingSettings {
  readonly maxEventLoopDelayMs: number;
  readonly maxHeapUsedBytes: number;
  readonly retryAfterSeconds: number;
}

/** S3-compatible object storage for icons and proofs (docs/decisions/012-blob-store.md). */
export interface S3Settings {
  /** Absent: AWS's own endpoint for the region. */
  readonly endpoint: string | undefined;
  readonly bucket: string;
  readonly region: string;
  /** Absent: the SDK's default credential chain (environment, instance role). */
  readonly credentials:
    { readonly accessKeyId: string; readonly secretAccessKey: string } | undefined;
  readonly forcePathStyle: boolean;
}

export interface StorageSettings {
  /** Absent: the bytes live in the database. */
  readonly s3: S3Settings | undefined;
  /** An unreferenced blob younger than this is left alone by the sweeper. */
  readonly sweepGraceMs: number;
  readonly sweepIntervalMs: number;
}

export interface Config {
  readonly mode: Mode;
  /** Embedded mode only: listen beyond loopback and answer /dev to any client. */
  readonly embeddedAllowRemote: boolean;
  readonly port: number;
  readonly host: string;
  readonly dataDir: string;
  readonly databaseUrl: string | undefined;
  readonly publicUrl: string;
  readonly trustProxy: TrustProxy;
  readonly logLevel: string;
  readonly smtpUrl: string | undefined;
  readonly mailFrom: string;
  readonly secrets: SecretSettings;
  readonly flow: FlowSettings;
  /** Requests per minute per client IP on each unauthenticated account call. */
  readonly rateLimitPerMinute: number;
  readonly apps: AppRules;
  readonly storage: StorageSettings;
  readonly brand: Brand;
  readonly metrics: MetricsSettings;
  readonly loadShedding: LoadSheddingSettings;
  /** How long a stop waits for in-flight requests before it exits with code 1. */
  readonly shutdownGraceMs: number;
  readonly jobs: JobSettings;
  /** Password checks waiting for a hashing thread: how many, and for how long. */
  readonly hashing: HashingLimits;
  /** A request must arrive whole within this; a socket silent this long is closed. */
  readonly timeouts: { readonly requestMs: number; readonly idleSocketMs: number };
  /** SHA-256 (lower-case hex) of each service token `/internal/v1` accepts; none: it refuses all. */
  readonly postbackServiceTokenHashes: readonly string[];
  /** A caller's postback event id is answered as a duplicate for at least this long. */
  readonly postbackEventIdWindowMs: number;
  readonly gateway: GatewaySettings;
  readonly connect: ConnectSettings;
  /** Wrong codes of one purpose an account may take in a day from untrusted browsers. */
  readonly codeFailuresPerDay: number;
  /** An account whose e-mail is still unverified this long after sign-up is deleted. */
  readonly unverifiedAccountMaxAgeMs: number;
  /** The broker's policy on developers' second factors (docs/decisions/063). */
  readonly developerTwoFactor: TwoFactorPolicy;
  /** Whether application reads carry the whole current key (docs/decisions/068). */
  readonly apiKeyInReads: ApiKeyInReads;
}

type Env = Readonly<Record<string, string | undefined>>;

function fail(name: string, expected: string, value: string): never {
  throw new ConfigError(`Invalid configuration: ${name} ${expected} (got "${value}")`);
}

function text(env: Env, name: string, fallback: string): string {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? fallback : value;
}

// The provider's client codes: 1 to 20 letters and digits.
const DEFAULT_CLIENT_CODE_PATTERN = '^[A-Za-z0-9]{1,20}$';

/** A regular expression source, anchored at both ends so it judges the whole value. */
function pattern(env: Env, name: string, fallback: string): string {
  const source = text(env, name, fallback);
  try {
    new RegExp(source, 'u');
  } catch {
    fail(name, 'must be a regular expression', source);
  }
  if (!source.startsWith('^') || !source.endsWith('$'))
    fail(name, 'must start with ^ and end with $', source);
  return source;
}

function optional(env: Env, name: string): string | undefined {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || value < min || value > max) {
    fail(name, `must be a whole number from ${min} to ${max}`, raw);
  }
  return value;
}

function trustProxySetting(env: Env): TrustProxy {
  const raw = optional(env, 'TRUST_PROXY');
  return parseTrustProxy(raw) ?? fail('TRUST_PROXY', TRUST_PROXY_FORMS, raw ?? '');
}

function bool(env: Env, name: string, fallback: boolean): boolean {
  const raw = optional(env, name);
  if (raw === undefined) return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  return fail(name, 'must be true or false', raw);
}

function url(env: Env, name: string, fallback: string, protocols: readonly string[]): string {
  const raw = text(env, name, fallback);
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(name, 'must be an absolute URL', raw);
  }
  if (!protocols.includes(parsed.protocol)) {
    fail(name, `must use ${protocols.join(' or ')}`, raw);
  }
  return raw;
}

/** An absolute http(s) URL, or a path on the portal's own host (works on any host name). */
function urlOrPath(env: Env, name: string, fallback: string): string {
  const raw = text(env, name, fallback);
  if (raw.startsWith('/') && !raw.startsWith('//')) return raw;
  return url(env, name, fallback, ['https:', 'http:']);
}

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function storage(env: Env): StorageSettings {
  const bucket = optional(env, 'S3_BUCKET');
  const endpoint = optional(env, 'S3_ENDPOINT');
  const accessKeyId = optional(env, 'S3_ACCESS_KEY_ID');
  const secretAccessKey = optional(env, 'S3_SECRET_ACCESS_KEY');
  if (bucket === undefined && (endpoint !== undefined || accessKeyId !== undefined)) {
    fail('S3_BUCKET', 'is required when S3_ENDPOINT or S3_ACCESS_KEY_ID is set', '');
  }
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    fail('S3_SECRET_ACCESS_KEY', 'and S3_ACCESS_KEY_ID must be set together', '<hidden>');
  }
  if (endpoint !== undefined) url(env, 'S3_ENDPOINT', '', ['https:', 'http:']);
  return {
    s3:
      bucket === undefined
        ? undefined
        : {
            endpoint,
            bucket,
            region: text(env, 'S3_REGION', 'us-east-1'),
            credentials:
              accessKeyId === undefined || secretAccessKey === undefined
                ? undefined
                : { accessKeyId, secretAccessKey },
            forcePathStyle: bool(env, 'S3_FORCE_PATH_STYLE', endpoint !== undefined),
          },
    sweepGraceMs: integer(env, 'BLOB_GRACE_MINUTES', 60, 1, 7 * 24 * 60) * MINUTE_MS,
    sweepIntervalMs: integer(env, 'BLOB_SWEEP_MINUTES', 10, 1, 24 * 60) * MINUTE_MS,
  };
}

function list(env: Env, name: string, fallback: string, count: number | undefined): string[] {
  const raw = text(env, name, fallback);
  const items = raw
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (count !== undefined && items.length !== count) {
    fail(name, `must list exactly ${count} comma-separated values`, raw);
  }
  return items;
}

function sisterProducts(env: Env, name: string, fallback: string): SisterProduct[] {
  return list(env, name, fallback, undefined).map((entry) => {
    const [productName, link] = entry.split('|').map((part) => part.trim());
    if (productName === undefined || productName === '' || link === undefined) {
      return fail(name, 'must be comma-separated "Name|https://url" pairs', entry);
    }
    try {
      new URL(link);
    } catch {
      return fail(name, 'must be comma-separated "Name|https://url" pairs', entry);
    }
    return { name: productName, url: link };
  });
}

function sha256List(env: Env, name: string): string[] {
  return list(env, name, '', undefined).map((hash) =>
    /^[0-9a-fA-F]{64}$/.test(hash)
      ? hash.toLowerCase()
      : fail(name, 'must be comma-separated SHA-256 hashes (64 hex digits each)', '<hidden>'),
  );
}

function secret(env: Env, name: string): string | undefined {
  const value = optional(env, name);
  if (value !== undefined && value.length < 32) {
    fail(name, 'must be at least 32 characters', '<hidden>');
  }
  return value;
}

/**
 * Reads the environment once. Every variable is listed with its default in README.md
 * ("Configuration"); an invalid value throws a ConfigError naming the variable.
 */
export function loadConfig(env: Env = process.env): Config {
  const mode = modeOf(env.NODE_ENV) ?? fail('NODE_ENV', NODE_ENV_FORMS, env.NODE_ENV ?? '');
  const port = integer(env, 'PORT', 8080, 0, 65535);
  const host = text(env, 'HOST', '127.0.0.1');
  const embeddedAllowRemote = mode === 'embedded' && bool(env, 'EMBEDDED_ALLOW_REMOTE', false);
  if (mode === 'embedded' && !embeddedAllowRemote && !isLoopback(host)) {
    fail(
      'HOST',
      'must be a loopback address in embedded mode (NODE_ENV is not production) unless EMBEDDED_ALLOW_REMOTE=true',
      host,
    );
  }
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port}`, ['http:', 'https:']).replace(
    /\/+$/,
    '',
  );
  const databaseUrl = optional(env, 'DATABASE_URL');
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    fail('DATABASE_URL', 'must be a postgres:// or postgresql:// URL', '<hidden>');
  }
  const smtpUrl = optional(env, 'SMTP_URL');
  if (smtpUrl !== undefined && !/^smtps?:\/\//.test(smtpUrl)) {
    fail('SMTP_URL', 'must be an smtp:// or smtps:// URL', '<hidden>');
  }
  const secrets: SecretSettings = {
    accessTokenSecret: secret(env, 'ACCESS_TOKEN_SECRET'),
    xsrfSecret: secret(env, 'XSRF_SECRET'),
    codeHashSecret: secret(env, 'CODE_HASH_SECRET'),
    linkSigningSecret: secret(env, 'LINK_SIGNING_SECRET'),
    keyEncryptionSecret: secret(env, 'KEY_ENCRYPTION_SECRET'),
  };
  if (mode === 'production') {
    for (const [key, name] of [
      ['accessTokenSecret', 'ACCESS_TOKEN_SECRET'],
      ['xsrfSecret', 'XSRF_SECRET'],
      ['codeHashSecret', 'CODE_HASH_SECRET'],
      ['linkSigningSecret', 'LINK_SIGNING_SECRET'],
      ['keyEncryptionSecret', 'KEY_ENCRYPTION_SECRET'],
    ] as const) {
      if (secrets[key] === undefined) fail(name, 'is required when NODE_ENV=production', '');
    }
    if (databaseUrl === undefined) fail('DATABASE_URL', 'is required when NODE_ENV=production', '');
    if (smtpUrl === undefined) fail('SMTP_URL', 'is required when NODE_ENV=production', '');
  }

  const productName = text(env, 'PRODUCT_NAME', 'Acme Trade');
  // Embedded mode: the portal's own host by default, so /dev/postbacks is a valid postback
  // URL and the sender reaches it (docs/decisions/030-postback-ssrf-guard.md).
  const localTestHost = text(
    env,
    'LOCAL_TEST_HOST',
    mode === 'embedded' ? new URL(publicUrl).hostname : '127.0.0.1',
  );
  const maxIpsPerApp = integer(env, 'MAX_IPS_PER_APP', 5, 1, 100);
  const ipChangeCooldownDays = integer(env, 'IP_CHANGE_COOLDOWN_DAYS', 15, 0, 365);
  const flowLoginUrl =
    optional(env, 'FLOW_LOGIN_URL') === undefined && mode === 'production'
      ? null
      : url(env, 'FLOW_LOGIN_URL', `${publicUrl}/dev/flow`, ['http:', 'https:']);
  const flowApplicationId = text(env, 'FLOW_APPLICATION_ID', 'developer-portal');
  const jwksUrl = optional(env, 'FLOW_JWKS_URL');
  // A key set fetched over http could be swapped on the way: anyone could sign in.
  const jwksProtocols = mode === 'production' ? ['https:'] : ['https:', 'http:'];
  if (jwksUrl !== undefined) url(env, 'FLOW_JWKS_URL', '', jwksProtocols);
  const publicKeyPem = optional(env, 'FLOW_PUBLIC_KEY');
  if (publicKeyPem !== undefined && !isPublicKeyPem(publicKeyPem)) {
    fail('FLOW_PUBLIC_KEY', 'must be an RSA public key in SPKI PEM form', '<key>');
  }
  const isFlowOn = flowLoginUrl !== null || jwksUrl !== undefined || publicKeyPem !== undefined;
  if (mode === 'production' && isFlowOn) {
    // A token another service of the provider got for itself must not sign in here.
    for (const name of ['FLOW_ISSUER', 'FLOW_AUDIENCE']) {
      if (optional(env, name) === undefined) {
        fail(name, 'is required in production when hand-off login is configured', '');
      }
    }
    if (jwksUrl === undefined && publicKeyPem === undefined) {
      fail('FLOW_PUBLIC_KEY', 'or FLOW_JWKS_URL is required in production with FLOW_LOGIN_URL', '');
    }
  }

  const metricsPort = optional(env, 'METRICS_PORT');
  const metrics: MetricsSettings = {
    port: metricsPort === undefined ? undefined : integer(env, 'METRICS_PORT', 0, 1, 65535),
    host: text(env, 'METRICS_HOST', '127.0.0.1'),
    token: secret(env, 'METRICS_TOKEN'),
  };
  if (metrics.port !== undefined && metrics.port === port) {
    fail('METRICS_PORT', 'must differ from PORT', String(metrics.port));
  }

  const gateway = gatewaySettings(env);
  if (gateway.port !== undefined && [port, metrics.port].includes(gateway.port)) {
    fail('GATEWAY_PORT', 'must differ from PORT and METRICS_PORT', String(gateway.port));
  }

  const connect = connectSettings(env);

  const config: Config = {
    mode,
    embeddedAllowRemote,
    port,
    host,
    dataDir: path.resolve(text(env, 'DATA_DIR', './data')),
    databaseUrl,
    publicUrl,
    trustProxy: trustProxySetting(env),
    logLevel: text(env, 'LOG_LEVEL', 'info'),
    smtpUrl,
    mailFrom: text(env, 'MAIL_FROM', `${productName} Developers <no-reply@localhost>`),
    secrets,
    flow: {
      loginUrl: flowLoginUrl,
      applicationId: flowApplicationId,
      audience: text(env, 'FLOW_AUDIENCE', flowApplicationId),
      issuer: optional(env, 'FLOW_ISSUER'),
      publicKeyPem,
      jwksUrl,
    },
    rateLimitPerMinute: integer(env, 'RATE_LIMIT_PER_MINUTE', 10, 1, 1_000_000),
    jobs: {
      pollIntervalMs: integer(env, 'JOBS_POLL_INTERVAL_MS', 1000, 10, 3_600_000),
      leaseMs: integer(env, 'JOBS_LEASE_MS', 120_000, 1000, 86_400_000),
      retryBaseMs: integer(env, 'JOBS_RETRY_BASE_MS', 1000, 1, 3_600_000),
      retryMaxMs: integer(env, 'JOBS_RETRY_MAX_MS', 600_000, 1, 86_400_000),
      concurrency: integer(env, 'JOBS_CONCURRENCY', 8, 1, 64),
    },
    apps: {
      renewalDays: integer(env, 'APP_RENEWAL_DAYS', 365, 1, 3650),
      maxIpsPerApp,
      ipChangeCooldownDays,
      maxAppsPerDeveloper: integer(env, 'MAX_APPS_PER_DEVELOPER', 20, 1, 10_000),
      createsPerHour: integer(env, 'APP_CREATES_PER_HOUR', 10, 1, 1_000_000),
    },
    storage: storage(env),
    brand: {
      productName,
      supportPhone: text(env, 'SUPPORT_PHONE', '+91 22 4000 4000'),
      supportUrl: url(env, 'SUPPORT_URL', 'https://support.example.com/', ['https:', 'http:']),
      apiDocsUrl: url(env, 'API_DOCS_URL', 'https://docs.example.com/api/', ['https:', 'http:']),
      privacyUrl: url(env, 'PRIVACY_URL', 'https://www.example.com/privacy', ['https:', 'http:']),
      disclaimerUrl: url(env, 'DISCLAIMER_URL', 'https://www.example.com/disclaimer', [
        'https:',
        'http:',
      ]),
      legacyDomains: list(env, 'LEGACY_DOMAINS', 'oldbroker.com,oldbroker.in', 2),
      newServiceAddresses: list(
        env,
        'NEW_SERVICE_ADDRESSES',
        'trade.example.com,api.example.com,developers.example.com,docs.example.com',
        4,
      ),
      sisterProducts: sisterProducts(
        env,
        'SISTER_PRODUCTS',
        'Acme Invest|https://invest.example.com/,Acme Funds|https://funds.example.com/',
      ),
      rebrandingBlogUrl: url(env, 'REBRANDING_BLOG_URL', 'https://blog.example.com/rebranding', [
        'https:',
        'http:',
      ]),
      defaultAppIconUrl: urlOrPath(env, 'DEFAULT_APP_ICON_URL', '/default-app-icon.png'),
      maxIpsPerApp,
      ipChangeCooldownDays,
      localTestHost,
      postbackLocalTestHost: mode === 'embedded' ? localTestHost : null,
      clientCodePattern: pattern(env, 'CLIENT_CODE_PATTERN', DEFAULT_CLIENT_CODE_PATTERN),
      environment: text(env, 'ENVIRONMENT_TAG', 'staging'),
      publicUrl,
      flowLoginUrl,
      flowApplicationId,
      passkeySignIn: passkeySignIn(env),
    },
    metrics,
    loadShedding: {
      maxEventLoopDelayMs: integer(env, 'SHED_LOOP_DELAY_MS', 1000, 0, 60_000),
      maxHeapUsedBytes:
        integer(env, 'SHED_HEAP_USED_MB', defaultHeapLimitMb(), 0, 1_048_576) * 1024 * 1024,
      retryAfterSeconds: integer(env, 'SHED_RETRY_SECONDS', 10, 1, 3600),
    },
    shutdownGraceMs: integer(env, 'SHUTDOWN_GRACE_SECONDS', 10, 1, 3600) * 1000,
    postbackServiceTokenHashes: sha256List(env, 'POSTBACK_SERVICE_TOKEN_HASHES'),
    postbackEventIdWindowMs:
      integer(env, 'POSTBACK_EVENT_ID_WINDOW_DAYS', PostbackLimits.eventIdWindowDays, 1, 3650) *
      DAY_MS,
    gateway,
    connect,
    codeFailuresPerDay: integer(
      env,
      'CODE_FAILURES_PER_DAY',
      CodeFailureLimits.failuresPerDay,
      1,
      1_000_000,
    ),
    unverifiedAccountMaxAgeMs:
      integer(env, 'UNVERIFIED_ACCOUNT_DAYS', AccountLimits.unverifiedAccountDays, 1, 365) * DAY_MS,
    developerTwoFactor: twoFactorPolicy(env),
    apiKeyInReads: apiKeyInReads(env),
    hashing: {
      maxWaiting: integer(env, 'HASH_QUEUE_MAX', 64, 0, 100_000),
      maxWaitMs: integer(env, 'HASH_QUEUE_WAIT_MS', 5000, 1, 60_000),
    },
    timeouts: {
      requestMs: integer(env, 'REQUEST_TIMEOUT_SECONDS', 60, 1, 3600) * 1000,
      idleSocketMs: integer(env, 'SOCKET_IDLE_SECONDS', 75, 1, 3600) * 1000,
    },
  };
  return deepFreeze(config);
}

function twoFactorPolicy(env: Env): TwoFactorPolicy {
  const value = text(env, 'DEVELOPER_2FA', 'optional');
  const found = TWO_FACTOR_POLICIES.find((policy) => policy === value);
  return found ?? fail('DEVELOPER_2FA', `must be one of ${TWO_FACTOR_POLICIES.join(', ')}`, value);
}

function passkeySignIn(env: Env): boolean {
  const value = text(env, 'DEVELOPER_PASSKEY_SIGNIN', 'off');
  if (value !== 'on' && value !== 'off')
    fail('DEVELOPER_PASSKEY_SIGNIN', 'must be on or off', value);
  return value === 'on';
}

function apiKeyInReads(env: Env): ApiKeyInReads {
  const value = text(env, 'API_KEY_IN_READS', 'whole');
  const found = API_KEY_IN_READS.find((mode) => mode === value);
  return found ?? fail('API_KEY_IN_READS', `must be one of ${API_KEY_IN_READS.join(', ')}`, value);
}

function connectSettings(env: Env): ConnectSettings {
  const scopes = text(env, 'CONNECT_SCOPES', CONNECT_DEFAULT_SCOPES).split(/\s+/);
  if (scopes.some((scope) => !/^[\x21\x23-\x5B\x5D-\x7E]+$/.test(scope))) {
    fail('CONNECT_SCOPES', 'must be scope names separated by spaces', scopes.join(' '));
  }
  const raw = text(env, 'CONNECT_DAILY_LOGOUT', CONNECT_DEFAULT_DAILY_LOGOUT);
  const dailyLogout = parseDailyLogout(raw);
  if (dailyLogout === null) {
    fail(
      'CONNECT_DAILY_LOGOUT',
      'must be HH:MM and Asia/Kolkata, UTC or an offset like +05:30',
      raw,
    );
  }
  return { scopes, dailyLogout };
}

function gatewaySettings(env: Env): GatewaySettings {
  const ipHeader = text(env, 'GATEWAY_IP_HEADER', 'X-Real-IP').toLowerCase();
  if (!/^[a-z0-9-]+$/.test(ipHeader)) {
    fail('GATEWAY_IP_HEADER', 'must be a header name (letters, digits, dashes)', ipHeader);
  }
  return {
    port:
      optional(env, 'GATEWAY_PORT') === undefined
        ? undefined
        : integer(env, 'GATEWAY_PORT', 0, 1, 65535),
    host: text(env, 'GATEWAY_HOST', '127.0.0.1'),
    token: secret(env, 'GATEWAY_TOKEN'),
    ipHeader,
    staleMaxMs: integer(env, 'GATEWAY_STALE_MAX_S', 60, 1, 86_400) * 1000,
    refreshMs: integer(env, 'GATEWAY_REFRESH_MS', 200, 10, 60_000),
    usageFlushMs: integer(env, 'GATEWAY_USAGE_FLUSH_MS', UsageLimits.flushMs, 100, 600_000),
    usageRetentionMs:
      integer(env, 'GATEWAY_USAGE_RETENTION_DAYS', UsageLimits.retentionDays, 1, 3650) * DAY_MS,
  };
}

/** 90% of V8's heap limit: past it the process spends its time collecting garbage. */
function defaultHeapLimitMb(): number {
  return Math.floor((getHeapStatistics().heap_size_limit * 0.9) / (1024 * 1024));
}

function isPublicKeyPem(pem: string): boolean {
  if (!pem.includes('-----BEGIN PUBLIC KEY-----')) return false;
  try {
    return createPublicKey(pem).asymmetricKeyType === 'rsa';
  } catch {
    return false;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
