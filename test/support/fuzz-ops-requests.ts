import fc from 'fast-check';
import { OPERATOR_ACTIONS, OPERATOR_ROLES, OpsApiPaths } from '../../src/contract/ops.js';
import { nastyString } from './fuzz-bodies.js';
import { anyMethod, request, segment, type FuzzRequest } from './fuzz-requests.js';
import {
  atId,
  code,
  consoleCredentials,
  get,
  mostly,
  post,
  query,
  reason,
  shaped,
  shapedRecord,
  type OpsFuzzTargets,
} from './fuzz-ops-shapes.js';
import { OPERATOR_PASSWORD } from './operators.js';
/** Sign-in (right and wrong operators, passwords, codes), sign-out, enrollment. */
function authRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  const signIn = shapedRecord({
    email: mostly(fc.constantFrom(...o.operatorEmails), fc.emailAddress()),
    password: mostly(fc.constant(OPERATOR_PASSWORD), fc.string()),
    code,
  });
  const enroll = shapedRecord({
    token: mostly(fc.constant(o.enrollmentToken), nastyString),
    password: mostly(fc.constant(`${OPERATOR_PASSWORD}2`), nastyString),
    code,
  });
  const session = fc.constant(OpsApiPaths.session);
  // Signing out ends a session: only DELETEs carrying the spare's, so the run stays signed in.
  const notSignOut = anyMethod.filter((m) => m !== 'DELETE');
  return fc.oneof(
    request(notSignOut, session, o, undefined, consoleCredentials(o)),
    request(
      fc.oneof(fc.constant('DELETE'), anyMethod),
      session,
      o,
      undefined,
      consoleCredentials(o, o.spareSession, o.spareSession),
    ),
    request(
      fc.oneof({ weight: 4, arbitrary: fc.constant('POST') }, notSignOut),
      session,
      o,
      signIn,
      consoleCredentials(o),
    ),
    request(
      get,
      query({ token: fc.constant(o.enrollmentToken) }).map((q) => `${OpsApiPaths.enrollment}${q}`),
      o,
      undefined,
      consoleCredentials(o),
    ),
    request(post, fc.constant(OpsApiPaths.enrollment), o, enroll, consoleCredentials(o)),
  );
}

/** The proof queue, a proof's document and the decisions. */
function proofRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  const applicationId = fc.constantFrom(...o.proofs.map((p) => p.applicationId), ...o.appIds);
  const ip = fc.constantFrom(...o.proofs.map((p) => p.ip), '::ffff:20.0.0.1', '20.0.0.01');
  const credentials = consoleCredentials(o);
  return fc.oneof(
    request(anyMethod, fc.constant(OpsApiPaths.proofs), o, undefined, credentials),
    request(
      get,
      query({ applicationId, ip }).map((q) => `${OpsApiPaths.proofDocument}${q}`),
      o,
      undefined,
      credentials,
    ),
    request(
      post,
      fc.constant(OpsApiPaths.proofDecision),
      o,
      shaped(
        fc.oneof(
          fc.record({ applicationId, ip, decision: fc.constant('accept') }),
          fc.record({ applicationId, ip, decision: fc.constant('reject'), reason }),
        ),
        { applicationId, ip, decision: fc.constantFrom('accept', 'reject'), reason },
      ),
      credentials,
    ),
  );
}

/** Support's search, the developer and application pages and the actions. */
function supportRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  const credentials = consoleCredentials(o);
  const developer = segment(...o.developerIds);
  const actionDeveloper = segment(...o.actionDeveloperIds);
  const app = segment(...o.appIds);
  const searched = fc.constantFrom(
    ...o.developerIds,
    ...o.appIds,
    ...o.operatorEmails,
    ...o.proofs.map((p) => p.ip),
    'dev',
    '@',
    '%_',
    '\\',
    'a',
  );
  const activity = query({
    kind: fc.constantFrom('app.created', 'operator.app_paused'),
    from: fc.constant('2026-01-01T00:00:00Z'),
    to: fc.constant('2027-01-01T00:00:00+05:30'),
    cursor: fc.constant('1'),
  });
  const withReason = shaped(fc.record({ reason }, { requiredKeys: [] }), { reason });
  return fc.oneof(
    request(
      get,
      query({ q: searched }).map((q) => `${OpsApiPaths.search}${q}`),
      o,
      undefined,
      credentials,
    ),
    request(get, atId(OpsApiPaths.developerPattern, developer), o, undefined, credentials),
    request(
      get,
      fc
        .tuple(atId(OpsApiPaths.developerActivityPattern, developer), activity)
        .map(([path, q]) => `${path}${q}`),
      o,
      undefined,
      credentials,
    ),
    request(get, atId(OpsApiPaths.applicationPattern, app), o, undefined, credentials),
    request(
      post,
      atId(OpsApiPaths.applicationStatusPattern, app),
      o,
      shapedRecord({ isActive: fc.boolean(), reason }),
      credentials,
    ),
    request(
      post,
      atId(OpsApiPaths.applicationEndConnectPattern, app),
      o,
      shapedRecord({ reason }),
      credentials,
    ),
    request(
      post,
      fc.constant(OpsApiPaths.clientEndConnect),
      o,
      shapedRecord({ clientCode: fc.constantFrom('AB1234', ' ', '%_', 'a'.repeat(201)), reason }),
      credentials,
    ),
    ...[
      OpsApiPaths.unlockPattern,
      OpsApiPaths.endSessionsPattern,
      OpsApiPaths.resendVerificationPattern,
      OpsApiPaths.resetFactorsPattern,
    ].map((pattern) => request(post, atId(pattern, actionDeveloper), o, withReason, credentials)),
  );
}

/** The audit and its CSV, and the operators' accounts. */
function adminRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  const credentials = consoleCredentials(o);
  const audit = query({
    operator: fc.constantFrom(...o.operatorEmails),
    action: fc.constantFrom(...OPERATOR_ACTIONS),
    developerId: fc.constantFrom(...o.developerIds),
    from: fc.constantFrom('2026-01-01T00:00:00Z', '0000-01-01T00:00:00Z'),
    to: fc.constantFrom('2027-01-01T00:00:00+05:30', '9999-12-31T23:59:59.999Z'),
    cursor: fc.oneof(
      fc.constantFrom('1', '9999999999999999', '0', '-1', '1e3', '0x10'),
      fc.bigInt({ min: 0n, max: 10n ** 20n }).map(String),
    ),
  });
  // The admin may disable itself (refused), never reset itself: that would end the run's session.
  const resettable = segment(...o.otherOperatorIds);
  const disablable = segment(...o.otherOperatorIds, o.adminId);
  return fc.oneof(
    request(
      get,
      fc
        .tuple(fc.constantFrom(OpsApiPaths.audit, OpsApiPaths.auditCsv), audit)
        .map(([path, q]) => `${path}${q}`),
      o,
      undefined,
      credentials,
    ),
    request(
      fc.oneof({ weight: 3, arbitrary: fc.constant('POST') }, fc.constant('GET'), anyMethod),
      fc.constant(OpsApiPaths.operators),
      o,
      shapedRecord({
        email: fc.oneof(fc.constantFrom(...o.operatorEmails), fc.emailAddress()),
        role: fc.constantFrom(...OPERATOR_ROLES, 'root', 'Admin'),
      }),
      credentials,
    ),
    request(post, atId(OpsApiPaths.operatorResetPattern, resettable), o, undefined, credentials),
    request(post, atId(OpsApiPaths.operatorDisablePattern, disablable), o, undefined, credentials),
  );
}

/** The operator console's routes, signed in and signed out: sign-in, enrollment, proofs. */
export function opsAccessRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(authRequests(o), proofRequests(o));
}

/** The operator console's routes: support's search, pages and actions, the audit, operators. */
export function opsRecordRequests(o: OpsFuzzTargets): fc.Arbitrary<FuzzRequest> {
  return fc.oneof(
    { weight: 3, arbitrary: supportRequests(o) },
    { weight: 2, arbitrary: adminRequests(o) },
  );
}
