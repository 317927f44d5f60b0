import * as z from 'zod/mini';
import { InternalPaths } from '../../contract/api-paths.js';
import { ErrorBodySchema } from '../../contract/error-body.js';
import {
  GatewayAllowedSchema,
  GatewayAuthorizeRequestSchema,
  GatewayDeniedSchema,
} from '../../contract/gateway.js';
import {
  PostbackIntakeRequestSchema,
  PostbackIntakeResponseSchema,
} from '../../contract/postbacks.js';

const json = (schema: z.ZodMiniType, io: 'input' | 'output') => ({
  'application/json': { schema: z.toJSONSchema(schema, { io, unrepresentable: 'any' }) },
});
const errorOf = (description: string) => ({
  description,
  content: json(ErrorBodySchema, 'output'),
});
const intakeAnswer = (description: string) => ({
  description,
  content: json(PostbackIntakeResponseSchema, 'output'),
});

const gatewayRefusal = (description: string) => ({
  description: `${description} The reason code is also in the X-Deny-Reason header.`,
  content: json(GatewayDeniedSchema, 'output'),
});

/**
 * The OpenAPI 3.1 document of `/internal/v1`, built from the contract's zod
 * schemas so the document and the validation cannot drift apart.
 */
export const internalOpenApi = {
  openapi: '3.1.0',
  info: {
    title: 'Developer portal internal API',
    version: '1',
    description:
      "Calls from the provider's own systems. Postbacks are signed per the Standard Webhooks specification and delivered to the application's postback URL with retries (docs/decisions/031-postback-delivery.md).",
  },
  components: {
    securitySchemes: {
      serviceToken: {
        type: 'http',
        scheme: 'bearer',
        description:
          'A service token whose SHA-256 (hex) is listed in POSTBACK_SERVICE_TOKEN_HASHES.',
      },
    },
  },
  security: [{ serviceToken: [] }],
  paths: {
    [InternalPaths.postbacks]: {
      post: {
        operationId: 'receivePostback',
        summary: 'Queue one event for delivery to the application’s postback URL',
        description:
          'Idempotent on (applicationId, eventId): the same event again answers 200 with the stored event and queues nothing. A paused application answers 202 with state "skipped": nothing is stored or delivered.',
        requestBody: { required: true, content: json(PostbackIntakeRequestSchema, 'input') },
        responses: {
          '200': intakeAnswer('The event was received before; nothing new is queued.'),
          '202': intakeAnswer(
            'Queued for delivery (state "pending"), or skipped for a paused application.',
          ),
          '400': errorOf('The body does not match the schema.'),
          '401': errorOf('The service token is missing or unknown.'),
          '404': errorOf('No application has this id.'),
          '413': errorOf('The payload is too large.'),
        },
      },
    },
    [InternalPaths.authorize]: {
      post: {
        operationId: 'authorizeTradingCall',
        summary: 'Whether a trading API call with this key from this address is allowed',
        description:
          'The JSON form of the gateway check (docs/gateway.md), answered from memory. `apiKey` is the key alone or Kite’s `api_key:access_token` (only the part before the first colon is checked). The answer headers are those of the check: X-Application-Id, X-Developer-Id, X-Client-Code, X-Algo-Id, X-Key-Grace-Until for an old key in its roll grace, X-Gateway-Stale while the database is away.',
        requestBody: { required: true, content: json(GatewayAuthorizeRequestSchema, 'input') },
        responses: {
          '200': {
            description: 'Allowed: what the gateway passes upstream.',
            content: json(GatewayAllowedSchema, 'output'),
          },
          '400': errorOf('The body does not match the schema.'),
          '401': gatewayRefusal(
            'The key is missing, unknown or past its roll grace (key_missing, key_unknown, key_expired); or the service token is missing or unknown (code unauthorized).',
          ),
          '403': gatewayRefusal(
            'The address is missing or not on the list, its proof is pending or rejected, or the app is paused.',
          ),
          '503': gatewayRefusal(
            'The database has been away longer than GATEWAY_STALE_MAX_S (state_stale).',
          ),
        },
      },
    },
  },
} as const;
