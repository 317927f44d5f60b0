import * as z from 'zod/mini';
import { InternalPaths } from '../../contract/api-paths.js';
import { ErrorBodySchema } from '../../contract/error-body.js';
import {
  AllowlistChangesSchema,
  AllowlistPageSchema,
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

/** The allowlist's answers are on the check's listener, behind its shared token. */
const onGatewayPort = {
  servers: [{ url: '/', description: 'The gateway check listener (GATEWAY_PORT, GATEWAY_HOST).' }],
  security: [{ gatewayToken: [] }, {}],
};
const gatewayTokenRefused = {
  description: 'GATEWAY_TOKEN is set and X-Gateway-Token is missing or wrong (gateway_token).',
  content: json(GatewayDeniedSchema, 'output'),
};
const queryParameter = (name: string, required: boolean, description: string) => ({
  name,
  in: 'query',
  required,
  description,
  schema: { type: 'string' },
});
const LIMIT_OF_PAGE = 'At most this many (digits, from 1 to 2000; 500 when absent).';

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
      gatewayToken: {
        type: 'apiKey',
        in: 'header',
        name: 'X-Gateway-Token',
        description: 'GATEWAY_TOKEN, when it is set (the gateway check listener).',
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
    [InternalPaths.allowlist]: {
      get: {
        ...onGatewayPort,
        operationId: 'allowlistSnapshot',
        summary:
          'A page of what the gateway check decides on, for a gateway that keeps its own copy',
        description:
          'Keyset pages in application id order (docs/gateway.md, "A gateway\u2019s own copy"). Keys by their keyed lookup hash only. The first page carries changesAfter, the change-feed cursor taken before the snapshot was read.',
        parameters: [
          queryParameter(
            'cursor',
            false,
            'The previous page\u2019s next; absent for the first page.',
          ),
          queryParameter('limit', false, LIMIT_OF_PAGE),
        ],
        responses: {
          '200': { description: 'One page.', content: json(AllowlistPageSchema, 'output') },
          '400': errorOf('The cursor or limit is not one the portal wrote (bad_request).'),
          '401': gatewayTokenRefused,
        },
      },
    },
    [InternalPaths.allowlistChanges]: {
      get: {
        ...onGatewayPort,
        operationId: 'allowlistChanges',
        summary: 'The changes after a cursor, with the current entry of each application named',
        description:
          'Poll with after set to the snapshot\u2019s changesAfter, then to each answer\u2019s next. Entries replace what the gateway holds; removed lists applications that no longer exist.',
        parameters: [
          queryParameter('after', true, 'A change-log sequence number (digits).'),
          queryParameter('limit', false, LIMIT_OF_PAGE),
        ],
        responses: {
          '200': { description: 'The changes.', content: json(AllowlistChangesSchema, 'output') },
          '400': errorOf('after or limit is not valid (bad_request).'),
          '401': gatewayTokenRefused,
          '410': errorOf(
            'The change log no longer holds the changes after this cursor (allowlist_cursor_gone): take a new snapshot.',
          ),
        },
      },
    },
  },
} as const;
