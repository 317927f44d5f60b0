import fc from 'fast-check';
import { InternalPaths } from '../../src/contract/api-paths.js';
import { PASSWORD } from './accounts.js';
import { nastyString } from './fuzz-bodies.js';
import {
  anyMethod,
  headerValue,
  jsonBody,
  percentEncoded,
  printable,
  request,
  segment,
  type FuzzRequest,
  type FuzzTargets,
} from './fuzz-requests.js';
import { SERVICE_TOKEN } from './postbacks.js';
import { AppSectionPaths } from '../../src/contract/app-section-paths.js';

/**
 * The trading platform's intake: right, wrong and missing service tokens, events
 * for the developer's own application, another's, or none, with hostile ids and payloads.
 */
function intakeRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const authorization = fc.oneof(
    { weight: 4, arbitrary: fc.constant(`Bearer ${SERVICE_TOKEN}`) },
    fc.constantFrom(`Bearer ${SERVICE_TOKEN}x`, 'Bearer', `bearer ${SERVICE_TOKEN}`, ''),
    headerValue.map((value) => `Bearer ${value}`),
  );
  const event = jsonBody({
    applicationId: fc.oneof(fc.constantFrom(t.ownAppId, t.otherAppId), nastyString),
    eventId: fc.oneof(fc.uuid(), nastyString),
    eventType: fc.oneof(fc.constantFrom('order.updated', 'trade.executed'), nastyString),
    payload: fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.jsonValue())),
  });
  return fc
    .tuple(
      request(
        fc.oneof({ weight: 6, arbitrary: fc.constant('POST') }, anyMethod),
        fc.constant(InternalPaths.postbacks),
        t,
        event,
      ),
      authorization,
    )
    .map(([fuzzed, token]) =>
      printable({
        ...fuzzed,
        headers: [
          ...fuzzed.headers.filter(([name]) => name !== 'authorization'),
          ['authorization', token] as const,
        ],
      }),
    );
}

/** The developer's postback calls: the log, one event, replay, test send, secret roll and reveal. */
function developerRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  const appId = segment(t.ownAppId, t.otherAppId);
  const eventId = segment(t.ownAppId);
  const post = fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, anyMethod);
  const status = fc.oneof(
    fc.constantFrom('pending', 'delivered', 'failed', ''),
    nastyString.map(percentEncoded),
  );
  return fc.oneof(
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('GET') }, anyMethod),
      fc.tuple(appId, status).map(([id, s]) => `${AppSectionPaths.log(id)}?status=${s}`),
      t,
    ),
    request(
      fc.constantFrom('GET', 'HEAD'),
      fc.tuple(appId, eventId).map(([id, event]) => `/api/v1/app/${id}/postbacks/${event}`),
      t,
    ),
    request(
      post,
      fc.tuple(appId, eventId).map(([id, event]) => `/api/v1/app/${id}/postbacks/${event}/replay`),
      t,
    ),
    request(
      post,
      appId.map((id) => `/api/v1/app/${id}/postbacks/test`),
      t,
    ),
    request(
      post,
      appId.map((id) => `/api/v1/app/${id}/postback-secret/roll`),
      t,
      jsonBody({ grace: fc.oneof(fc.constantFrom('now', '1h', '24h', '7d'), nastyString) }),
    ),
    request(
      post,
      appId.map((id) => `/api/v1/app/${id}/postback-secret/reveal`),
      t,
      jsonBody({ password: fc.oneof(fc.constant(PASSWORD), nastyString) }),
    ),
    request(anyMethod, fc.constant(InternalPaths.openApi), t),
  );
}

/** The postback routes, the intake and the developer's. */
export function postbackRequests(t: FuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(intakeRequests(t), developerRequests(t));
}
