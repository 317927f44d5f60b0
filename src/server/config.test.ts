import { generateKeyPairSync } from 'node:crypto';
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const SECRETS = {
  ACCESS_TOKEN_SECRET: 'a'.repeat(32),
  XSRF_SECRET: 'b'.repeat(32),
  CODE_HASH_SECRET: 'c'.repeat(32),
  LINK_SIGNING_SECRET: 'd'.repeat(32),
  KEY_ENCRYPTION_SECRET: 'e'.repeat(32),
};
const PRODUCTION = {
  NODE_ENV: 'production',
  DATABASE_URL: 'postgres://u:p@db.internal:5432/portal',
  SMTP_URL: 'smtp://mail.internal:25',
  ...SECRETS,
};

describe('loadConfig', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.mode).toBe('embedded');
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.brand.environment).toBe('staging');
    expect(config.brand.legacyDomains).toHaveLength(2);
    expect(config.brand.newServiceAddresses).toHaveLength(4);
    expect(config.flow.loginUrl).toBe('http://localhost:8080/dev/flow');
    expect(config.apps).toEqual({
      renewalDays: 365,
      maxIpsPerApp: 5,
      ipChangeCooldownDays: 15,
      maxAppsPerDeveloper: 20,
      createsPerHour: 10,
    });
  });

  it('reads the postback service token hashes and refuses anything but SHA-256 hex', () => {
    expect(loadConfig({}).postbackServiceTokenHashes).toEqual([]);
    const hash = 'AB'.repeat(32);
    expect(
      loadConfig({ POSTBACK_SERVICE_TOKEN_HASHES: `${hash}, ${'c'.repeat(64)}` })
        .postbackServiceTokenHashes,
    ).toEqual(['ab'.repeat(32), 'c'.repeat(64)]);
    expect(() => loadConfig({ POSTBACK_SERVICE_TOKEN_HASHES: 'plain-token' })).toThrow(
      /POSTBACK_SERVICE_TOKEN_HASHES must be comma-separated SHA-256 hashes/,
    );
  });

  it('keeps postback event ids 30 days unless POSTBACK_EVENT_ID_WINDOW_DAYS says otherwise', () => {
    const DAY_MS = 24 * 60 * 60_000;
    expect(loadConfig({}).postbackEventIdWindowMs).toBe(30 * DAY_MS);
    expect(loadConfig({ POSTBACK_EVENT_ID_WINDOW_DAYS: '90' }).postbackEventIdWindowMs).toBe(
      90 * DAY_MS,
    );
    for (const value of ['0', '3651', 'a month']) {
      expect(() => loadConfig({ POSTBACK_EVENT_ID_WINDOW_DAYS: value })).toThrow(
        /POSTBACK_EVENT_ID_WINDOW_DAYS must be a whole number from 1 to 3650/,
      );
    }
  });

  it('keeps blobs in the database unless S3_BUCKET is set, and serves the default icon by path', () => {
    const config = loadConfig({});
    expect(config.storage).toEqual({
      s3: undefined,
      sweepGraceMs: 60 * 60_000,
      sweepIntervalMs: 10 * 60_000,
    });
    expect(config.brand.defaultAppIconUrl).toBe('/default-app-icon.png');
  });

  it('reads S3 settings, path-style when an endpoint is given, and refuses half of them', () => {
    const config = loadConfig({
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      S3_BUCKET: 'portal',
      S3_ACCESS_KEY_ID: 'id',
      S3_SECRET_ACCESS_KEY: 'secret',
      BLOB_GRACE_MINUTES: '5',
    });
    expect(config.storage.s3).toEqual({
      endpoint: 'http://127.0.0.1:4568',
      bucket: 'portal',
      region: 'us-east-1',
      credentials: { accessKeyId: 'id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect(config.storage.sweepGraceMs).toBe(5 * 60_000);
    expect(() => loadConfig({ S3_ENDPOINT: 'http://127.0.0.1:4568' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'portal', S3_ACCESS_KEY_ID: 'id' })).toThrow(
      /S3_SECRET_ACCESS_KEY/,
    );
    expect(() => loadConfig({ DEFAULT_APP_ICON_URL: '//evil.example/x.png' })).toThrow(
      /DEFAULT_APP_ICON_URL/,
    );
  });

  it('takes the client-code pattern from CLIENT_CODE_PATTERN, anchored and compilable', () => {
    expect(loadConfig({}).brand.clientCodePattern).toBe('^[A-Za-z0-9]{1,20}$');
    expect(loadConfig({ CLIENT_CODE_PATTERN: '^[A-Z]{2}[0-9]{4}$' }).brand.clientCodePattern).toBe(
      '^[A-Z]{2}[0-9]{4}$',
    );
    for (const bad of ['^[A-Z$', '[A-Z]+']) {
      expect(() => loadConfig({ CLIENT_CODE_PATTERN: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ CLIENT_CODE_PATTERN: bad })).toThrow(/CLIENT_CODE_PATTERN/);
    }
  });

  it('asks developers for a second factor when they set one up unless DEVELOPER_2FA says otherwise', () => {
    expect(loadConfig({}).developerTwoFactor).toBe('optional');
    expect(loadConfig({ DEVELOPER_2FA: 'required' }).developerTwoFactor).toBe('required');
    expect(loadConfig({ DEVELOPER_2FA: 'off' }).developerTwoFactor).toBe('off');
  });

  it('lets a passkey alone sign in only when DEVELOPER_PASSKEY_SIGNIN is on', () => {
    expect(loadConfig({}).brand.passkeySignIn).toBe(false);
    expect(loadConfig({ DEVELOPER_PASSKEY_SIGNIN: 'on' }).brand.passkeySignIn).toBe(true);
    expect(() => loadConfig({ DEVELOPER_PASSKEY_SIGNIN: 'yes' })).toThrow(
      /DEVELOPER_PASSKEY_SIGNIN must be on or off/,
    );
  });

  it('carries the whole API key in application reads unless API_KEY_IN_READS=masked', () => {
    expect(loadConfig({}).apiKeyInReads).toBe('whole');
    expect(loadConfig({ API_KEY_IN_READS: 'masked' }).apiKeyInReads).toBe('masked');
  });

  it('is frozen all the way down', () => {
    const config = loadConfig({});
    expect(Object.isFrozen(config)).toBe(true);
    expect(Object.isFrozen(config.brand.legacyDomains)).toBe(true);
    expect(() => {
      (config as { port: number }).port = 1;
    }).toThrow(TypeError);
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'ftp://x.example' }, 'PUBLIC_URL'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ LEGACY_DOMAINS: 'one.example' }, 'LEGACY_DOMAINS'],
    [{ NEW_SERVICE_ADDRESSES: 'a,b,c' }, 'NEW_SERVICE_ADDRESSES'],
    [{ SISTER_PRODUCTS: 'NoUrl' }, 'SISTER_PRODUCTS'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '17' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '-1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '1.5' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.256' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'fd00::/129' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0x7f.1' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'loopback' }, 'TRUST_PROXY'],
    [{ MAX_IPS_PER_APP: '0' }, 'MAX_IPS_PER_APP'],
    [{ MAX_APPS_PER_DEVELOPER: '0' }, 'MAX_APPS_PER_DEVELOPER'],
    [{ APP_CREATES_PER_HOUR: 'ten' }, 'APP_CREATES_PER_HOUR'],
    [{ ACCESS_TOKEN_SECRET: 'short' }, 'ACCESS_TOKEN_SECRET'],
    [{ RATE_LIMIT_PER_MINUTE: '0' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: 'ten' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ RATE_LIMIT_PER_MINUTE: '2.5' }, 'RATE_LIMIT_PER_MINUTE'],
    [{ FLOW_PUBLIC_KEY: 'not a key' }, 'FLOW_PUBLIC_KEY'],
    [{ UNVERIFIED_ACCOUNT_DAYS: '0' }, 'UNVERIFIED_ACCOUNT_DAYS'],
    [{ UNVERIFIED_ACCOUNT_DAYS: 'week' }, 'UNVERIFIED_ACCOUNT_DAYS'],
    [{ DEVELOPER_2FA: 'yes' }, 'DEVELOPER_2FA'],
    [{ DEVELOPER_2FA: 'constructor' }, 'DEVELOPER_2FA'],
    [{ API_KEY_IN_READS: 'hidden' }, 'API_KEY_IN_READS'],
    [{ NODE_ENV: 'constructor' }, 'NODE_ENV'],
    [{ NODE_ENV: 'toString' }, 'NODE_ENV'],
  ])('refuses %o naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: ${name} `));
  });

  it('never prints a secret value in its message', () => {
    expect(() => loadConfig({ ACCESS_TOKEN_SECRET: 'hunter2' })).toThrow(/<hidden>/);
    expect(() => loadConfig({ ACCESS_TOKEN_SECRET: 'hunter2' })).not.toThrow(/hunter2/);
  });

  it.each(Object.keys(PRODUCTION).filter((k) => k !== 'NODE_ENV'))(
    'requires %s in production',
    (name) => {
      const env = Object.fromEntries(Object.entries(PRODUCTION).filter(([key]) => key !== name));
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`${name} is required when NODE_ENV=production`),
      );
    },
  );

  it('starts in production with everything set, hand-off login off unless configured', () => {
    const config = loadConfig(PRODUCTION);
    expect(config.mode).toBe('production');
    expect(config.flow.loginUrl).toBeNull();
    expect(config.brand.flowLoginUrl).toBeNull();
  });

  it('limits each account call to 10 requests a minute per IP unless configured', () => {
    expect(loadConfig({}).rateLimitPerMinute).toBe(10);
    expect(loadConfig({ RATE_LIMIT_PER_MINUTE: '500' }).rateLimitPerMinute).toBe(500);
  });

  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', true],
    ['1', 1],
    ['3', 3],
    ['10.0.0.5', ['10.0.0.5']],
    ['10.0.0.0/8, 192.168.1.1', ['10.0.0.0/8', '192.168.1.1']],
    ['fd00::/8,::1', ['fd00::/8', '::1']],
  ])('reads TRUST_PROXY=%s as %o', (raw, expected) => {
    const env = raw === undefined ? {} : { TRUST_PROXY: raw };
    expect(loadConfig(env).trustProxy).toEqual(expected);
  });

  it('takes an RSA public key in SPKI PEM form for hand-off tokens, and no other key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(loadConfig({ FLOW_PUBLIC_KEY: pem }).flow.publicKeyPem).toBe(pem.trim());
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const ecPem = ec.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(() => loadConfig({ FLOW_PUBLIC_KEY: ecPem })).toThrow(/FLOW_PUBLIC_KEY/);
    const privatePem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    expect(() => loadConfig({ FLOW_PUBLIC_KEY: privatePem })).toThrow(/FLOW_PUBLIC_KEY/);
  });

  describe('hand-off login in production', () => {
    const HANDOFF = {
      ...PRODUCTION,
      FLOW_LOGIN_URL: 'https://login.example.com/flow',
      FLOW_JWKS_URL: 'https://login.example.com/.well-known/jwks.json',
      FLOW_ISSUER: 'https://login.example.com',
      FLOW_AUDIENCE: 'developer-portal',
    };

    it('starts with an https JWKS URL, the issuer and the audience', () => {
      expect(loadConfig(HANDOFF).flow).toMatchObject({
        jwksUrl: HANDOFF.FLOW_JWKS_URL,
        issuer: HANDOFF.FLOW_ISSUER,
        audience: 'developer-portal',
      });
    });

    it.each(['FLOW_ISSUER', 'FLOW_AUDIENCE'])('requires %s', (name) => {
      const env = Object.fromEntries(Object.entries(HANDOFF).filter(([key]) => key !== name));
      expect(() => loadConfig(env)).toThrow(
        new RegExp(`^Invalid configuration: ${name} is required in production`),
      );
    });

    it('refuses an http JWKS URL, which embedded mode still takes', () => {
      const http = 'http://login.example.com/jwks.json';
      expect(() => loadConfig({ ...HANDOFF, FLOW_JWKS_URL: http })).toThrow(
        /^Invalid configuration: FLOW_JWKS_URL must use https:/,
      );
      expect(loadConfig({ FLOW_JWKS_URL: http }).flow.jwksUrl).toBe(http);
    });

    it('refuses a login URL without a key to check its tokens', () => {
      const env = { ...HANDOFF, FLOW_JWKS_URL: '' };
      expect(() => loadConfig(env)).toThrow(
        /^Invalid configuration: FLOW_PUBLIC_KEY or FLOW_JWKS_URL/,
      );
    });
  });

  it('reads brand settings for the web app', () => {
    const config = loadConfig({
      PRODUCT_NAME: 'Zeta',
      SISTER_PRODUCTS: 'Zeta Coin|https://coin.example/, Zeta Fund|https://fund.example/',
      PUBLIC_URL: 'https://developers.zeta.example/',
    });
    expect(config.brand.productName).toBe('Zeta');
    expect(config.brand.publicUrl).toBe('https://developers.zeta.example');
    expect(config.brand.sisterProducts).toEqual([
      { name: 'Zeta Coin', url: 'https://coin.example/' },
      { name: 'Zeta Fund', url: 'https://fund.example/' },
    ]);
  });

  describe('LOCAL_TEST_HOST', () => {
    it('defaults to the host of PUBLIC_URL in embedded mode, for forms and postbacks', () => {
      expect(loadConfig({}).brand.localTestHost).toBe('localhost');
      expect(loadConfig({}).brand.postbackLocalTestHost).toBe('localhost');
      const config = loadConfig({ PUBLIC_URL: 'http://127.0.0.1:9000' });
      expect(config.brand.localTestHost).toBe('127.0.0.1');
      expect(config.brand.postbackLocalTestHost).toBe('127.0.0.1');
    });

    it('is taken as set in embedded mode', () => {
      const config = loadConfig({ LOCAL_TEST_HOST: 'dev.test' });
      expect(config.brand.localTestHost).toBe('dev.test');
      expect(config.brand.postbackLocalTestHost).toBe('dev.test');
    });

    it('never lets postbacks reach loopback in production, set or not', () => {
      const unset = loadConfig(PRODUCTION);
      expect(unset.brand.localTestHost).toBe('127.0.0.1');
      expect(unset.brand.postbackLocalTestHost).toBeNull();
      const set = loadConfig({ ...PRODUCTION, LOCAL_TEST_HOST: 'dev.test' });
      expect(set.brand.localTestHost).toBe('dev.test');
      expect(set.brand.postbackLocalTestHost).toBeNull();
    });
  });

  it('keeps metrics off unless a port or a token is configured', () => {
    expect(loadConfig({}).metrics).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token: undefined,
    });
    const token = 't'.repeat(32);
    expect(
      loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics,
    ).toEqual({ port: 9464, host: '0.0.0.0', token });
    expect(() => loadConfig({ METRICS_PORT: '0' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ METRICS_PORT: '8080' })).toThrow(/METRICS_PORT must differ/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN/);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).not.toThrow(/short/);
  });

  it('has no gateway listener unless GATEWAY_PORT is set, and checks its settings', () => {
    expect(loadConfig({}).gateway).toEqual({
      port: undefined,
      host: '127.0.0.1',
      token: undefined,
      ipHeader: 'x-real-ip',
      staleMaxMs: 60_000,
      refreshMs: 200,
      usageFlushMs: 5000,
      usageRetentionMs: 90 * 24 * 60 * 60_000,
    });
    const token = 'g'.repeat(32);
    expect(
      loadConfig({
        GATEWAY_PORT: '9100',
        GATEWAY_TOKEN: token,
        GATEWAY_IP_HEADER: 'X-Forwarded-Client',
        GATEWAY_STALE_MAX_S: '30',
      }).gateway,
    ).toMatchObject({ port: 9100, token, ipHeader: 'x-forwarded-client', staleMaxMs: 30_000 });
    expect(() => loadConfig({ GATEWAY_PORT: '8080' })).toThrow(/GATEWAY_PORT must differ/);
    expect(() => loadConfig({ GATEWAY_IP_HEADER: 'X Real' })).toThrow(/GATEWAY_IP_HEADER/);
    expect(() => loadConfig({ GATEWAY_TOKEN: 'short' })).toThrow(/GATEWAY_TOKEN/);
    expect(() => loadConfig({ GATEWAY_STALE_MAX_S: '0' })).toThrow(/GATEWAY_STALE_MAX_S/);
  });

  it('flushes gateway usage every GATEWAY_USAGE_FLUSH_MS and keeps it GATEWAY_USAGE_RETENTION_DAYS', () => {
    const { gateway } = loadConfig({
      GATEWAY_USAGE_FLUSH_MS: '1000',
      GATEWAY_USAGE_RETENTION_DAYS: '7',
    });
    expect(gateway).toMatchObject({ usageFlushMs: 1000, usageRetentionMs: 7 * 24 * 60 * 60_000 });
    expect(() => loadConfig({ GATEWAY_USAGE_FLUSH_MS: '5' })).toThrow(/GATEWAY_USAGE_FLUSH_MS/);
    expect(() => loadConfig({ GATEWAY_USAGE_RETENTION_DAYS: '0' })).toThrow(
      /GATEWAY_USAGE_RETENTION_DAYS/,
    );
  });

  it('sheds load past 1 s of event-loop delay or 90% of the heap limit unless configured', () => {
    const heapLimit = getHeapStatistics().heap_size_limit;
    const { loadShedding } = loadConfig({});
    expect(loadShedding.maxEventLoopDelayMs).toBe(1000);
    expect(loadShedding.retryAfterSeconds).toBe(10);
    expect(loadShedding.maxHeapUsedBytes / heapLimit).toBeCloseTo(0.9, 2);
    expect(
      loadConfig({
        SHED_LOOP_DELAY_MS: '0',
        SHED_HEAP_USED_MB: '512',
        SHED_RETRY_SECONDS: '3',
      }).loadShedding,
    ).toEqual({
      maxEventLoopDelayMs: 0,
      maxHeapUsedBytes: 512 * 1024 * 1024,
      retryAfterSeconds: 3,
    });
    expect(() => loadConfig({ SHED_RETRY_SECONDS: '0' })).toThrow(/SHED_RETRY_SECONDS/);
  });
});
