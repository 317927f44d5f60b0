import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { ApiPaths, LOGOS_PATH } from '../../contract/api-paths.js';
import {
  ApplicationListSchema,
  ApplicationResponseSchema,
  AppWriteResponseSchema,
} from '../../contract/apps.js';
import { StatusResponseSchema } from '../../contract/auth.js';
import { Messages } from '../../contract/messages.js';
import { activityOriginOf } from '../activity/activity-origin.js';
import { authenticatedAppsVersion, authenticatedDeveloperId } from '../auth/authenticate.js';
import { ErrorResponses } from '../auth/auth.responses.js';
import { perIpLimit } from '../auth/rate-limits.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { noStore } from '../http/no-store.js';
import { isBlobName, type BlobStore } from '../storage/blob-store.js';
import type { AppsService } from './apps.service.js';
import { documentMime, readUpload, uploadLimits } from './apps.upload.js';
import { isValidDocumentLink } from './document-links.js';
import { cachedAppList } from './list-cache.js';
import { isDocumentReferenced } from './apps.repository.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { stepUpCallerOf } from '../step-up/step-up.routes.js';

export interface AppsRouteDeps {
  readonly apps: AppsService;
  readonly blobs: BlobStore;
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly linkSigningSecret: string;
  readonly maxIpsPerApp: number;
  readonly rateLimitPerMinute: number;
}

const IdParamsSchema = z.object({ id: z.string().check(z.maxLength(200)) });
const DocumentQuerySchema = z.object({
  expires: z.optional(z.string().check(z.maxLength(20))),
  signature: z.optional(z.string().check(z.maxLength(100))),
});
const Responses = { ...ErrorResponses, 404: ErrorResponses[400] } as const;
const JSON_TYPE = 'application/json; charset=utf-8';

/** True when an If-None-Match header names this entity tag (weak or strong). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** The bearer calls of docs/product.md section 7 for applications, the public icons and the signed documents. */
export async function registerAppsRoutes(app: FastifyInstance, deps: AppsRouteDeps) {
  await app.register(async (scope) => {
    // Multipart only here: the account calls stay JSON.
    await scope.register(fastifyMultipart, { limits: uploadLimits(deps.maxIpsPerApp) });
    const r = scope.withTypeProvider<ZodTypeProvider>();
    const auth = { preHandler: app.authenticate };
    // Answers that carry the API key and secret.
    const keys = { ...auth, onSend: noStore };

    const listOf = cachedAppList(deps.clock, (id) => deps.apps.list(id));
    const cachedListOf = (request: FastifyRequest) =>
      listOf(authenticatedDeveloperId(request), authenticatedAppsVersion(request));
    // Both reads are sent as JSON text built from the cached list (Fastify passes a string
    // with a JSON type through as is), so they are declared on the untyped instance; the
    // schemas still document them (docs/decisions/023-app-list-cache.md).
    scope.get(
      ApiPaths.apps,
      { ...keys, schema: { response: { 200: ApplicationListSchema, ...Responses } } },
      async (request, reply) => reply.type(JSON_TYPE).send((await cachedListOf(request)).body),
    );

    scope.get<{ Params: z.infer<typeof IdParamsSchema> }>(
      ApiPaths.appPattern,
      {
        ...keys,
        schema: {
          params: IdParamsSchema,
          response: { 200: ApplicationResponseSchema, ...Responses },
        },
      },
      async (request, reply) => {
        const { apps } = await cachedListOf(request);
        const found = apps.find((app) => app.applicationId === request.params.id);
        if (found === undefined) throw new AppError('not_found', Messages.apps.notFound);
        const answer = { ...found, status: 'success', message: Messages.apps.found };
        return reply.type(JSON_TYPE).send(JSON.stringify(answer));
      },
    );

    r.post(
      ApiPaths.createApp,
      {
        ...keys,
        // Each create may store an icon and proofs: limited per IP as well as per developer.
        config: perIpLimit(deps.rateLimitPerMinute),
        schema: { response: { 201: AppWriteResponseSchema, ...Responses } },
      },
      async (request, reply) => {
        const developerId = authenticatedDeveloperId(request);
        await deps.apps.admitCreate(developerId);
        const upload = await readUpload(request, deps.maxIpsPerApp);
        const applicationId = await deps.apps.create(
          developerId,
          upload,
          activityOriginOf(request),
        );
        return reply
          .status(201)
          .send({ status: 'success', message: Messages.apps.created, applicationId });
      },
    );

    r.put(
      ApiPaths.appPattern,
      {
        ...keys,
        schema: { params: IdParamsSchema, response: { 200: AppWriteResponseSchema, ...Responses } },
      },
      async (request) => {
        const upload = await readUpload(request, deps.maxIpsPerApp);
        const applicationId = request.params.id;
        const result = await deps.apps.update(
          stepUpCallerOf(request),
          applicationId,
          upload,
          activityOriginOf(request),
        );
        return result.isLogoUpload
          ? {
              status: 'success' as const,
              message: Messages.apps.logoUploaded,
              applicationId,
              logoUrl: result.logoUrl,
            }
          : { status: 'success' as const, message: Messages.apps.updated, applicationId };
      },
    );

    r.delete(
      ApiPaths.appPattern,
      {
        ...auth,
        schema: { params: IdParamsSchema, response: { 200: StatusResponseSchema, ...Responses } },
      },
      async (request) => {
        await deps.apps.remove(
          authenticatedDeveloperId(request),
          request.params.id,
          activityOriginOf(request),
        );
        return { status: 'success' as const, message: Messages.app.deleted };
      },
    );
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const NameParamsSchema = z.object({ name: z.string().check(z.maxLength(200)) });

  // Icons are named by the hash of their bytes: a name never changes content, so caches
  // keep them for a year, and any host (or a page on another origin) may embed them.
  r.get(`${LOGOS_PATH}/:name`, { schema: { params: NameParamsSchema } }, async (request, reply) => {
    const { name } = request.params;
    if (!isBlobName('logos', name)) return notFoundFile(reply);
    const etag = `"${name.replace(/\.png$/, '')}"`;
    const cached = matchesEtag(request.headers['if-none-match'], etag);
    const bytes = cached ? null : await deps.blobs.read({ kind: 'logos', key: name });
    if (!cached && bytes === null) return notFoundFile(reply);
    reply
      .header('etag', etag)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('cross-origin-resource-policy', 'cross-origin')
      .header('x-content-type-options', 'nosniff');
    return bytes === null
      ? reply.status(304).send()
      : reply.header('content-type', 'image/png').send(bytes);
  });

  r.get(
    `${ApiPaths.documents}/:key`,
    {
      schema: {
        params: z.object({ key: z.string().check(z.maxLength(200)) }),
        querystring: DocumentQuerySchema,
      },
    },
    async (request, reply) => {
      const { key } = request.params;
      const { expires = '', signature = '' } = request.query;
      if (!isValidDocumentLink(deps.linkSigningSecret, key, expires, signature, deps.clock.now())) {
        throw new AppError('forbidden', Messages.apps.documentLinkInvalid);
      }
      const bytes =
        isBlobName('documents', key) && (await isDocumentReferenced(deps.db, key))
          ? await deps.blobs.read({ kind: 'documents', key })
          : null;
      if (bytes === null) return notFoundFile(reply);
      return reply
        .header('content-type', documentMime(key))
        .header('content-disposition', `attachment; filename="${key}"`)
        .header('content-security-policy', "sandbox; default-src 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
}

function notFoundFile(reply: FastifyReply) {
  return reply.status(404).send({
    status: 'error',
    code: 'not_found',
    message: Messages.apps.fileNotFound,
  });
}
