import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { configurePasswordHashing } from './auth/passwords.js';
import { findBearerState } from './auth/auth.repository.js';
import { createSessionEnds } from './auth/session-ends.js';
import { endedSessionsSince, isSessionEnded } from './auth/sessions.repository.js';
import { registerSessionsRoutes } from './account/sessions.routes.js';
import { createSessionsService } from './account/sessions.service.js';
import { registerAccountRoutes } from './account/account.routes.js';
import { createAccountService } from './account/account.service.js';
import { registerActivityRoutes } from './activity/activity.routes.js';
import { createActivityService } from './activity/activity.service.js';
import { registerAppsRoutes } from './apps/apps.routes.js';
import { createAppsService } from './apps/apps.service.js';
import { registerAuthRoutes } from './auth/auth.routes.js';
import { createAuthService, type AuthDeps } from './auth/auth.service.js';
import { createAuthenticate } from './auth/authenticate.js';
import { createFlowTokenVerifier, loginWithFlow } from './auth/flow-login.js';
import { createPasswordResetService } from './auth/password-reset.service.js';
import { registerRateLimits } from './auth/rate-limits.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import { untilLive, type ChangeFeed, type FeedLog } from './db/change-feed.js';
import type { Db } from './db/database.js';
import { registerConnectRoutes } from './connect/connect.routes.js';
import { registerConnectSessionsRoutes } from './connect/connect-sessions.routes.js';
import { createConnectSessionsService } from './connect/connect-sessions.service.js';
import { createConnectService } from './connect/connect.service.js';
import { registerDevRoutes } from './dev/dev.routes.js';
import { loadFlowProvider } from './dev/flow-provider.js';
import { registerHealthRoutes } from './health.routes.js';
import {
  answerClientError,
  answerFailedExpectation,
  answerFrameworkError,
} from './http/client-error.js';
import { registerCloseUnread } from './http/close-unread.js';
import { registerDrainOnClose } from './http/drain-on-close.js';
import { registerErrorHandler } from './http/error-handler.js';
import { registerLoadShedding } from './http/load-shedding.js';
import { requestLogSerializer, REDACTED_LOG_PATHS } from './http/logging.js';
import { OneLinePerRequest } from './http/request-log.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerRequestId } from './http/request-id.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerXsrf, type XsrfForms } from './http/xsrf.js';
import { createKeyCrypto } from './keys/key-crypto.js';
import { createSecondFactorSignIn } from './two-factor/second-factor-sign-in.js';
import { relyingPartyOf } from './passkeys/passkey-assertion.js';
import { createPasskeyStepUp } from './passkeys/passkey-step-up.js';
import { createPasskeySignIn } from './passkeys/passkey-sign-in.js';
import { registerPasskeyRoutes } from './passkeys/passkeys.routes.js';
import { createPasskeysService } from './passkeys/passkeys.service.js';
import { registerTwoFactorRoutes } from './two-factor/two-factor.routes.js';
import { createTwoFactorService } from './two-factor/two-factor.service.js';
import { createKeyRing } from './keys/key-ring.js';
import { registerKeysRoutes } from './keys/keys.routes.js';
import { createStepUpGuard } from './step-up/step-up.js';
import { registerStepUp } from './step-up/step-up.routes.js';
import { createStepUpService } from './step-up/step-up.service.js';
import { createKeysService } from './keys/keys.service.js';
import { fillKeyPrefixes } from './keys/fill-key-prefixes.js';
import { sealPlainKeys } from './keys/seal-plain-keys.js';
import { PurgeExpiredJob, purgeExpired, scheduleNextPurge } from './auth/purge-job.js';
import { ResetCodeJob } from './auth/reset-code-job.js';
import { JobHandlers } from './jobs/job-handlers.js';
import { createJobWorker, type JobWorker } from './jobs/job-worker.js';
import { createSharedTransaction, type SharedTransaction } from './db/shared-transaction.js';
import { createMailer } from './mail/create-mailer.js';
import { MailJob } from './mail/mail-job.js';
import type { Mailer } from './mail/mailer.js';
import { registerMetricsEndpoint } from './metrics/metrics-endpoint.js';
import { createMetrics, registerRequestMetrics, type Metrics } from './metrics/metrics.js';
import type { Secrets } from './secrets.js';
import { registerOpsConsole } from './spa/ops-console.js';
import { registerWebApp } from './spa/web-app.js';
import { startBlobSweeper } from './storage/blob-sweeper.js';
import { createBlobStore } from './storage/create-blob-store.js';
import { fastifyTrustProxy } from './trust-proxy.js';
import { registerIpCheckRoutes } from './apps/ip-check.routes.js';
import { POSTBACK_TIMEOUT_MS } from '../contract/limits.js';
import { createPostbackSender } from './postbacks/outbound/send-postback.js';
import { registerPostbacks } from './postbacks/register-postbacks.js';
import { createIpCheckService } from './apps/ip-check.service.js';
import { registerOps, type OpsDeps } from './ops/register-ops.js';
import {
  openGatewayState,
  registerGateway,
  type GatewayStateHolder,
} from './gateway/register-gateway.js';

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly secrets: Secrets;
  readonly clock: Clock;
  /** Folder of the built web app (index.html and assets/). */
  readonly webRoot: string;
  /** false silences the logs (tests); otherwise pino at config.logLevel. */
  readonly logging?: boolean;
  /** Where the log lines go (tests that read them); absent: standard output. */
  readonly logStream?: { write(line: string): void };
  /**
   * Where mail goes. Absent: SMTP when config.smtpUrl is set, else the embedded mailbox,
   * which logs through this app's logger (so it is built here, not in main.ts).
   */
  readonly mailer?: Mailer;
  /** Opens this instance's change feed (createChangeFeed); the app closes it when it closes. */
  readonly openChangeFeed: (log: FeedLog) => ChangeFeed;
}

export type App = FastifyInstance;

declare module 'fastify' {
  interface FastifyInstance {
    /** This instance's job worker: started when the app is ready, stopped when it closes. */
    jobs: JobWorker;
    /** This instance's change feed: ready (connected) before the app listens. */
    changeFeed: ChangeFeed;
  }
}

/** Builds the whole server from its dependencies; main.ts only supplies real ones. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger:
      deps.logging === false
        ? false
        : {
            level: config.logLevel,
            redact: [...REDACTED_LOG_PATHS],
            serializers: { req: requestLogSerializer },
            ...(deps.logStream === undefined ? {} : { stream: deps.logStream }),
          },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    genReqId: () => randomUUID(),
    logController: new OneLinePerRequest(),
    bodyLimit: 64 * 1024,
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleSocketMs,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.on('checkExpectation', answerFailedExpectation);
  configurePasswordHashing(config.hashing);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const metrics = createMetrics(deps.db, deps.clock);
  registerRequestId(app);
  registerRequestMetrics(app, metrics.registry);
  registerDrainOnClose(app);
  registerCloseUnread(app);
  const isHttps = (request: FastifyRequest) => request.protocol === 'https';
  registerErrorHandler(app);
  registerNulGuard(app);
  await registerSecurityHeaders(app, config, isHttps);
  await app.register(fastifyCookie);
  const xsrfForms = registerXsrf(app, deps.secrets.xsrfSecret, isHttps);
  // After the cookie parser: the anti-forgery onSend hook reads the cookies of shed requests.
  await registerLoadShedding(app, config.loadShedding);

  app.decorate('changeFeed', deps.openChangeFeed(app.log));
  const gateway = openGatewayState({
    db: deps.db,
    clock: deps.clock,
    settings: config.gateway,
    feed: app.changeFeed,
    log: app.log,
  });
  registerHealthRoutes(app, {
    db: deps.db,
    isShedding: () => app.isUnderPressure(),
    retryAfterSeconds: config.loadShedding.retryAfterSeconds,
    gateway: gateway.freshness,
  });
  registerMetricsEndpoint(app, metrics.registry, config.metrics);
  app.addHook('onReady', () => untilLive(app.changeFeed));
  app.addHook('onClose', () => app.changeFeed.close());
  const handlers = new JobHandlers();
  // Job claims, postback intakes and delivery records made together share a commit (033).
  const shared = createSharedTransaction(deps.db.kysely);
  app.decorate(
    'jobs',
    createJobWorker({
      db: deps.db,
      shared,
      clock: deps.clock,
      handlers,
      settings: config.jobs,
      log: app.log,
    }),
  );
  app.addHook('onReady', (done) => {
    app.jobs.start();
    done();
  });
  app.addHook('onClose', async () => {
    await app.jobs.stop();
    await shared.close();
  });
  const authDeps = await registerAccounts(app, deps, { metrics, handlers, xsrfForms, shared });
  const stores = await registerApplications(app, deps, handlers, shared, metrics, gateway);
  registerOps(app, { ...stores, auth: authDeps, db: deps.db });
  const webApp = await registerWebApp(app, deps.webRoot, config.brand);
  await registerOpsConsole(app, deps.webRoot);

  app.setNotFoundHandler((request, reply) => {
    // The path as sent: resolving `//x` against a base reads it as a host (or throws).
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    const isApi = ['/api', '/internal'].some(
      (root) => pathname === root || pathname.startsWith(`${root}/`),
    );
    if (!isPage || isApi) {
      return reply.status(404).send({ status: 'error', code: 'not_found', message: 'Not found' });
    }
    return webApp.sendPage(reply, pathname);
  });

  return app;
}

/**
 * Sign-up, codes, sign-in, sessions, password reset, hand-off login and the account screen;
 * /dev in embedded mode.
 */
async function registerAccounts(
  app: App,
  deps: AppDeps,
  parts: {
    readonly metrics: Metrics;
    readonly handlers: JobHandlers;
    readonly xsrfForms: XsrfForms;
    readonly shared: SharedTransaction;
  },
): Promise<AuthDeps> {
  const { metrics, handlers, xsrfForms, shared } = parts;
  const { config, clock } = deps;
  const db = deps.db.kysely;
  const mailer = deps.mailer ?? createMailer(config, db, clock, app.log);
  const sessionEnds = createSessionEnds({
    feed: app.changeFeed,
    clock,
    log: app.log,
    endedSince: (since) => endedSessionsSince(db, since),
    isEndedInDatabase: (sessionId) => isSessionEnded(db, sessionId),
  });
  const keyCrypto = createKeyCrypto(deps.secrets.keyEncryptionSecret);
  const authDeps: AuthDeps = {
    db,
    clock,
    secrets: deps.secrets,
    jobs: app.jobs,
    config,
    events: metrics.auth,
    sessionEnds,
    crypto: keyCrypto,
    shared,
  };
  const reset = createPasswordResetService(authDeps);
  handlers
    .register(MailJob, (mail) => mailer.send(mail))
    .register(ResetCodeJob, ({ email, trustedFor }) => reset.mailResetCode(email, trustedFor))
    .register(PurgeExpiredJob, async () => {
      const windows = {
        postbackEventIdsMs: config.postbackEventIdWindowMs,
        unverifiedAccountsMs: config.unverifiedAccountMaxAgeMs,
        gatewayUsageMs: config.gateway.usageRetentionMs,
      };
      app.log.info(await purgeExpired(db, clock.now(), windows), 'purged expired sign-in data');
    });
  app.addHook('onReady', () => scheduleNextPurge(db, clock.now()));
  const flowProvider =
    config.mode === 'embedded'
      ? await loadFlowProvider(config.dataDir, {
          audience: config.flow.audience,
          issuer: config.publicUrl,
        })
      : undefined;
  const verifyFlowToken = await createFlowTokenVerifier(config.flow, flowProvider?.publicKey);

  app.decorate(
    'authenticate',
    createAuthenticate({
      accessTokenSecret: deps.secrets.accessTokenSecret,
      clock,
      bearerState: (id) => findBearerState(db, id),
      isSessionEnded: (sessionId) => sessionEnds.isEnded(sessionId),
      twoFactorPolicy: config.developerTwoFactor,
    }),
  );
  await registerRateLimits(app, { db, clock }, metrics.rateLimitRefused);
  const stepUpGuard = createStepUpGuard(db, config.developerTwoFactor);
  const factorProof = {
    crypto: keyCrypto,
    codeHashSecret: deps.secrets.codeHashSecret,
    jobs: app.jobs,
    productName: config.brand.productName,
    publicUrl: config.publicUrl,
    onLockout: () => metrics.auth.lockout(),
  };
  registerStepUp(app, {
    stepUp: createStepUpService({ db, clock, guard: stepUpGuard, ...factorProof }),
    guard: stepUpGuard,
    clock,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  registerAuthRoutes(app, {
    auth: createAuthService(authDeps),
    reset,
    loginWithFlow: (token, origin) => loginWithFlow(authDeps, verifyFlowToken, token, origin),
    secondFactor: createSecondFactorSignIn(authDeps),
    twoFactorPolicy: config.developerTwoFactor,
    flowLogin: { url: config.flow.loginUrl, applicationId: config.flow.applicationId },
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  registerSessionsRoutes(app, createSessionsService({ db, clock, sessionEnds }));
  registerActivityRoutes(app, createActivityService(db));
  registerAccountRoutes(app, {
    account: createAccountService({
      db,
      clock,
      jobs: app.jobs,
      sessionEnds,
      accessTokenSecret: deps.secrets.accessTokenSecret,
      productName: config.brand.productName,
      publicUrl: config.publicUrl,
    }),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  const factorDeps = {
    db,
    clock,
    policy: config.developerTwoFactor,
    guard: stepUpGuard,
    ...factorProof,
  };
  registerTwoFactorRoutes(app, {
    twoFactor: createTwoFactorService(factorDeps),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  const rp = relyingPartyOf(config.publicUrl, config.brand.productName);
  registerPasskeyRoutes(app, {
    passkeys: createPasskeysService({ ...factorDeps, rp }),
    signIn: createPasskeySignIn(authDeps, rp, config.brand.passkeySignIn),
    stepUp: createPasskeyStepUp({ db, clock, rp, onLockout: factorProof.onLockout }),
    twoFactorPolicy: config.developerTwoFactor,
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  if (flowProvider !== undefined) {
    await registerDevRoutes(app, { db, clock, config, flowProvider, xsrfForms });
  }
  await registerConnectRoutes(app, {
    connect: createConnectService({
      db,
      clock,
      settings: config.connect,
      publicUrl: config.publicUrl,
      flowLoginUrl: config.flow.loginUrl,
      flowApplicationId: config.flow.applicationId,
      verifyFlowToken,
      lookupHash: (key) => keyCrypto.lookupHash(key),
    }),
    xsrfForms,
    productName: config.brand.productName,
    secureCookies: config.publicUrl.startsWith('https:'),
    serviceTokenHashes: config.postbackServiceTokenHashes,
  });
  registerConnectSessionsRoutes(app, {
    sessions: createConnectSessionsService(db, clock),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  return authDeps;
}

/** API applications, their public icons and the signed links to private proof documents. */
async function registerApplications(
  app: App,
  deps: AppDeps,
  handlers: JobHandlers,
  shared: SharedTransaction,
  metrics: Metrics,
  gateway: GatewayStateHolder,
): Promise<Pick<OpsDeps, 'blobs' | 'keyCrypto' | 'keys'>> {
  const { config, db, clock } = deps;
  const blobs = createBlobStore(config, db, clock, app.log);
  const sweeper = startBlobSweeper({
    db,
    store: blobs,
    clock,
    graceMs: config.storage.sweepGraceMs,
    intervalMs: config.storage.sweepIntervalMs,
    log: app.log,
  });
  app.addHook('onClose', (_instance, done) => {
    sweeper.stop();
    done();
  });
  const linkSigningSecret = deps.secrets.linkSigningSecret;
  const keyCrypto = createKeyCrypto(deps.secrets.keyEncryptionSecret);
  // Before any request: keys an older version stored plain (decision 024).
  const sealed = await sealPlainKeys(db.kysely, keyCrypto);
  if (sealed > 0) app.log.info({ sealed }, 'sealed plain API keys');
  const prefixed = await fillKeyPrefixes(db.kysely, keyCrypto);
  if (prefixed > 0) app.log.info({ prefixed }, 'gave API keys their shown prefix');
  const keys = createKeyRing(keyCrypto);
  const apps = createAppsService({
    db,
    config,
    clock,
    blobs,
    linkSigningSecret,
    keys,
    jobs: app.jobs,
    stepUp: createStepUpGuard(db.kysely, config.developerTwoFactor),
  });
  registerKeysRoutes(app, {
    keys: createKeysService({
      db,
      clock,
      ring: keys,
      jobs: app.jobs,
      productName: config.brand.productName,
      publicUrl: config.publicUrl,
    }),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  registerPostbacks(app, {
    db,
    shared,
    clock,
    jobs: app.jobs,
    handlers,
    keyCrypto,
    sender: createPostbackSender({
      timeoutMs: POSTBACK_TIMEOUT_MS,
      localTestHost: config.brand.postbackLocalTestHost,
    }),
    serviceTokenHashes: config.postbackServiceTokenHashes,
    rateLimitPerMinute: config.rateLimitPerMinute,
    productName: config.brand.productName,
    publicUrl: config.publicUrl,
  });
  await registerAppsRoutes(app, {
    apps,
    blobs,
    db: deps.db.kysely,
    clock: deps.clock,
    linkSigningSecret,
    maxIpsPerApp: deps.config.apps.maxIpsPerApp,
    rateLimitPerMinute: deps.config.rateLimitPerMinute,
  });
  registerIpCheckRoutes(app, createIpCheckService(db));
  registerGateway(app, {
    db,
    gateway,
    clock,
    keyCrypto,
    settings: config.gateway,
    serviceTokenHashes: config.postbackServiceTokenHashes,
    registry: metrics.registry,
  });
  return { blobs, keyCrypto, keys };
}
