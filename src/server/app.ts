import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { findDeveloperById } from './auth/auth.repository.js';
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
import type { Db } from './db/database.js';
import { registerDevRoutes } from './dev/dev.routes.js';
import { loadFlowProvider } from './dev/flow-provider.js';
import { registerHealthRoutes } from './health.routes.js';
import {
  answerClientError,
  answerFailedExpectation,
  answerFrameworkError,
} from './http/client-error.js';
import { registerErrorHandler } from './http/error-handler.js';
import { requestLogSerializer, REDACTED_LOG_PATHS } from './http/logging.js';
import { registerNulGuard } from './http/nul-guard.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerXsrf } from './http/xsrf.js';
import { createMailboxMailer } from './mail/mailbox-mailer.js';
import type { Mailer } from './mail/mailer.js';
import { createSmtpMailer } from './mail/smtp-mailer.js';
import type { Secrets } from './secrets.js';
import { registerWebApp } from './spa/web-app.js';
import { createFileStore } from './storage/file-store.js';

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly secrets: Secrets;
  readonly clock: Clock;
  /** Folder of the built web app (index.html and assets/). */
  readonly webRoot: string;
  /** false silences the logs (tests); otherwise pino at config.logLevel. */
  readonly logging?: boolean;
  /**
   * Where mail goes. Absent: SMTP when config.smtpUrl is set, else the embedded mailbox,
   * which logs through this app's logger (so it is built here, not in main.ts).
   */
  readonly mailer?: Mailer;
}

export type App = FastifyInstance;

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
          },
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    bodyLimit: 64 * 1024,
    return503OnClosing: true,
    clientErrorHandler: answerClientError,
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.server.on('checkExpectation', answerFailedExpectation);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const isHttps = (request: FastifyRequest) => request.protocol === 'https';
  registerErrorHandler(app);
  registerNulGuard(app);
  await registerSecurityHeaders(app, config, isHttps);
  await app.register(fastifyCookie);
  registerXsrf(app, deps.secrets.xsrfSecret, isHttps);

  registerHealthRoutes(app, deps.db);
  await registerAccounts(app, deps);
  await registerApplications(app, deps);
  const webApp = await registerWebApp(app, deps.webRoot, config.brand);

  app.setNotFoundHandler((request, reply) => {
    // The path as sent: resolving `//x` against a base reads it as a host (or throws).
    const pathname = request.url.split(/[?#]/, 1)[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ status: 'error', message: 'Not found' });
    }
    return webApp.sendPage(reply, pathname);
  });

  return app;
}

/** Sign-up, codes, sign-in, sessions, password reset and hand-off login; /dev in embedded mode. */
async function registerAccounts(app: App, deps: AppDeps) {
  const { config, clock } = deps;
  const db = deps.db.kysely;
  const mailer =
    deps.mailer ??
    (config.smtpUrl === undefined
      ? createMailboxMailer(db, clock, app.log)
      : createSmtpMailer(config.smtpUrl, config.mailFrom));
  const authDeps: AuthDeps = { db, clock, secrets: deps.secrets, mailer, config };
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
      tokensValidAfter: async (id) => (await findDeveloperById(db, id))?.tokensValidAfter,
    }),
  );
  await registerRateLimits(app);
  registerAuthRoutes(app, {
    auth: createAuthService(authDeps),
    reset: createPasswordResetService(authDeps),
    loginWithFlow: (token) => loginWithFlow(authDeps, verifyFlowToken, token),
    rateLimitPerMinute: config.rateLimitPerMinute,
  });
  if (flowProvider !== undefined) {
    await registerDevRoutes(app, { db, clock, config, flowProvider });
  }
}

/** API applications, their public icons and the signed links to private proof documents. */
async function registerApplications(app: App, deps: AppDeps) {
  const files = createFileStore(deps.config.dataDir);
  const linkSigningSecret = deps.secrets.linkSigningSecret;
  const apps = createAppsService({
    db: deps.db,
    config: deps.config,
    clock: deps.clock,
    files,
    linkSigningSecret,
  });
  await registerAppsRoutes(app, {
    apps,
    files,
    db: deps.db.kysely,
    clock: deps.clock,
    linkSigningSecret,
    maxIpsPerApp: deps.config.apps.maxIpsPerApp,
  });
}
