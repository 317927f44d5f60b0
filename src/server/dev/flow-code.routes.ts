import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { DevPaths } from '../../contract/api-paths.js';
import { CONNECT_PURPOSE, ConnectPaths } from '../../contract/connect.js';
import { ClientPaths } from '../../contract/routes.js';
import { ErrorResponseSchema } from '../auth/auth.responses.js';
import type { Clock } from '../clock.js';
import { AppError } from '../errors.js';
import { XSRF_REJECTED, type XsrfForms } from '../http/xsrf.js';
import { flowCodePage, flowStepExpiredPage } from './flow-code-page.js';
import type { FlowProvider } from './flow-provider.js';

export interface FlowCodeDeps {
  readonly clock: Clock;
  readonly productName: string;
  readonly publicUrl: string;
  readonly flowProvider: FlowProvider;
  readonly xsrfForms: XsrfForms;
}

// Ours, shown only on the embedded provider's page.
const CODE_MISSING = 'Enter the 6-digit code shown on this page.';
const CODE_WRONG = 'That code is not the one shown on this page.';
const STEP_EXPIRED = 'This sign-in has expired. Please start again.';

const FormText = z.optional(z.string().check(z.maxLength(4000)));
const CodeFormSchema = z.object({ step: FormText, code: FormText, xsrf: FormText });
const HTML = 'text/html; charset=utf-8';

/**
 * Where the provider sends the browser with its token: Connect's sign-in of a trading client
 * returns to the authorization server, any other to the portal's hand-off login.
 */
export function handOffTarget(publicUrl: string, purpose: string, token: string, state: string) {
  const back = purpose === CONNECT_PURPOSE ? ConnectPaths.callback : ClientPaths.flowLoginCallback;
  return `${publicUrl}${back}?${new URLSearchParams({ auth: token, state }).toString()}`;
}

/**
 * Inside the /dev plugin (loopback only, forms parsed): the second post of a client sign-in,
 * whose code must be the one its first post's page showed before a token is issued.
 */
export function registerFlowCodeRoute(dev: FastifyInstance, deps: FlowCodeDeps) {
  const r = dev.withTypeProvider<ZodTypeProvider>();
  r.post(
    DevPaths.flowCode,
    {
      schema: {
        body: CodeFormSchema,
        response: { 400: z.union([z.string(), ErrorResponseSchema]) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      // A page elsewhere could post this form and sign the browser in as anyone.
      if (!deps.xsrfForms.isFormTokenValid(request, body.xsrf)) {
        throw new AppError('forbidden', XSRF_REJECTED);
      }
      const now = deps.clock.now();
      const stepToken = body.step ?? '';
      const step = await deps.flowProvider.openStep(stepToken, now);
      if (step === null) {
        return reply.status(400).type(HTML).send(flowStepExpiredPage(STEP_EXPIRED));
      }
      const entered = (body.code ?? '').trim();
      if (entered !== step.code) {
        const values = { step, stepToken, xsrf: body.xsrf ?? '', entered };
        const error = entered === '' ? CODE_MISSING : CODE_WRONG;
        return reply
          .status(400)
          .type(HTML)
          .send(flowCodePage(deps.productName, values, error));
      }
      const token = await deps.flowProvider.sign(step, now);
      return reply.redirect(handOffTarget(deps.publicUrl, step.purpose, token, step.state), 302);
    },
  );
}
