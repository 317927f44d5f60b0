import { randomUUID } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Db } from './db/database.js';
import { registerHealthRoutes } from './health.routes.js';
import { registerErrorHandler } from './http/error-handler.js';
import { requestLogSerializer, REDACTED_LOG_PATHS } from './http/logging.js';
import { registerSecurityHeaders } from './http/security-headers.js';
import { registerXsrf } from './http/xsrf.js';
import type { Secrets } from './secrets.js';
import { registerWebApp } from './spa/web-app.js';

export interface AppDeps {
  readonly config: Config;
  readonly db: Db;
  readonly secrets: Secrets;
  readonly clock: Clock;
  /** Folder of the built web app (index.html and assets/). */
  readonly webRoot: string;
  /** false silences the logs (tests); otherwise pino at config.logLevel. */
  readonly logging?: boolean;
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
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const isHttps = (request: FastifyRequest) => request.protocol === 'https';
  registerErrorHandler(app);
  await registerSecurityHeaders(app, config, isHttps);
  await app.register(fastifyCookie);
  registerXsrf(app, deps.secrets.xsrfSecret, isHttps);

  registerHealthRoutes(app, deps.db);
  const webApp = await registerWebApp(app, deps.webRoot, config.brand);

  app.setNotFoundHandler((request, reply) => {
    const pathname = new URL(request.url, 'http://localhost').pathname;
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isPage || pathname === '/api' || pathname.startsWith('/api/')) {
      return reply.status(404).send({ status: 'error', message: 'Not found' });
    }
    return webApp.sendPage(reply, pathname);
  });

  return app;
}
