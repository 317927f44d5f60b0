import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import * as z from 'zod/mini';
import { DevPaths } from '../../contract/api-paths.js';
import { MailboxMessageSchema } from '../../contract/auth.js';
import { CONNECT_PURPOSE } from '../../contract/connect.js';
import { Messages } from '../../contract/messages.js';
import { isValidEmail } from '../../contract/rules.js';
import { ErrorResponseSchema } from '../auth/auth.responses.js';
import { isValidClientCode, isValidFlowName } from '../auth/flow-claims.js';
import type { Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { Database } from '../db/schema.js';
import { listMailboxMessages } from '../mail/mailbox.repository.js';
import {
  DEV_CSS,
  DEV_CSS_PATH,
  flowPage,
  mailboxPage,
  type FlowFormErrors,
  type FlowFormValues,
} from './dev-pages.js';
import { registerDevPostbackRoutes } from './dev-postbacks.routes.js';
import { flowCodePage } from './flow-code-page.js';
import { handOffTarget, registerFlowCodeRoute } from './flow-code.routes.js';
import type { FlowProvider } from './flow-provider.js';
import { refuseRemote } from './loopback-only.js';
import { XSRF_REJECTED, type XsrfForms } from '../http/xsrf.js';
import { AppError } from '../errors.js';

export interface DevDeps {
  readonly db: Kysely<Database>;
  readonly clock: Clock;
  readonly config: Config;
  readonly flowProvider: FlowProvider;
  readonly xsrfForms: XsrfForms;
}

const FormText = z.optional(z.string().check(z.maxLength(1000)));
const FlowFormSchema = z.object({
  applicationId: FormText,
  client_code: FormText,
  name: FormText,
  email: FormText,
  email_verified: FormText,
  state: FormText,
  purpose: FormText,
  xsrf: FormText,
});
const FlowErrorSchema = z.union([z.string(), ErrorResponseSchema]);
const HTML = 'text/html; charset=utf-8';
// Ours, shown only on the embedded provider's page.
const CLIENT_CODE_REQUIRED = 'Client code is required (at most 64 characters).';

function validate(values: FlowFormValues): FlowFormErrors {
  const errors: FlowFormErrors = {};
  if (!isValidClientCode(values.clientCode)) errors.clientCode = CLIENT_CODE_REQUIRED;
  if (!isValidFlowName(values.name)) errors.name = Messages.signup.nameRequired;
  if (values.email === '') errors.email = Messages.signup.emailRequired;
  else if (!isValidEmail(values.email)) errors.email = Messages.signup.emailInvalid;
  return errors;
}

/**
 * Embedded mode only (app.ts never registers these in production): the mailbox and the
 * hand-off login provider of docs/product.md section 10, and the postback receiver.
 */
export async function registerDevRoutes(app: FastifyInstance, deps: DevDeps) {
  const { config } = deps;
  const product = config.brand.productName;
  await app.register((dev, _options, done) => {
    const r = dev.withTypeProvider<ZodTypeProvider>();
    if (!config.embeddedAllowRemote) dev.addHook('onRequest', refuseRemote);
    // Plain HTML forms post url-encoded bodies; only this plugin accepts them.
    dev.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );

    r.get(DEV_CSS_PATH, { schema: { response: { 200: z.string() } } }, async (_request, reply) =>
      reply.type('text/css; charset=utf-8').send(DEV_CSS),
    );

    r.get(
      DevPaths.flow,
      {
        schema: {
          querystring: z.object({ applicationId: FormText, state: FormText, purpose: FormText }),
          response: { 200: z.string() },
        },
      },
      async (request, reply) => {
        const values = {
          applicationId: request.query.applicationId ?? config.flow.applicationId,
          state: request.query.state ?? '',
          purpose: request.query.purpose ?? '',
          xsrf: deps.xsrfForms.formToken(request, reply),
          clientCode: '',
          name: '',
          email: '',
          emailVerified: true,
        };
        return reply.type(HTML).send(flowPage(product, values));
      },
    );

    r.post(
      DevPaths.flow,
      // A refused body (wrong type, bad JSON) is the error handler's JSON, not the page.
      { schema: { body: FlowFormSchema, response: { 200: z.string(), 400: FlowErrorSchema } } },
      async (request, reply) => {
        const body = request.body;
        // A page elsewhere could post this form and sign the browser in as anyone.
        if (!deps.xsrfForms.isFormTokenValid(request, body.xsrf)) {
          throw new AppError('forbidden', XSRF_REJECTED);
        }
        const values: FlowFormValues = {
          applicationId: body.applicationId ?? config.flow.applicationId,
          state: body.state ?? '',
          purpose: body.purpose ?? '',
          xsrf: body.xsrf ?? '',
          clientCode: (body.client_code ?? '').trim(),
          name: (body.name ?? '').trim(),
          email: (body.email ?? '').trim(),
          emailVerified: body.email_verified === 'true',
        };
        const errors = validate(values);
        if (Object.keys(errors).length > 0) {
          return reply
            .status(400)
            .type(HTML)
            .send(flowPage(product, values, errors));
        }
        const now = deps.clock.now();
        // A trading client's sign-in has the provider's second factor (docs/connect.md).
        if (values.purpose === CONNECT_PURPOSE) {
          const { step, token } = await deps.flowProvider.startStep(values, now);
          const page = { step, stepToken: token, xsrf: values.xsrf, entered: '' };
          return reply.type(HTML).send(flowCodePage(product, page));
        }
        const token = await deps.flowProvider.sign(values, now);
        return reply.redirect(
          handOffTarget(config.publicUrl, values.purpose, token, values.state),
          302,
        );
      },
    );

    r.get(DevPaths.mail, { schema: { response: { 200: z.string() } } }, async (_request, reply) => {
      const messages = await listMailboxMessages(deps.db, undefined);
      return reply.type(HTML).send(mailboxPage(product, messages));
    });

    r.get(
      DevPaths.mailMessages,
      {
        schema: {
          querystring: z.object({ to: z.optional(z.string().check(z.maxLength(254))) }),
          response: { 200: z.array(MailboxMessageSchema) },
        },
      },
      async (request) => {
        const messages = await listMailboxMessages(deps.db, request.query.to);
        return messages.map((m) => ({
          id: m.id,
          to: m.toAddress,
          subject: m.subject,
          text: m.textBody,
          html: m.htmlBody,
          createdAt: new Date(m.createdAt).toISOString(),
        }));
      },
    );
    registerFlowCodeRoute(dev, {
      clock: deps.clock,
      productName: product,
      publicUrl: config.publicUrl,
      flowProvider: deps.flowProvider,
      xsrfForms: deps.xsrfForms,
    });
    registerDevPostbackRoutes(dev, {
      clock: deps.clock,
      productName: product,
      publicUrl: config.publicUrl,
    });
    done();
  });
}
